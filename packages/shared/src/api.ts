/** Paths of SPEC.md section 7, used by the server's routes and the web app's calls. */
const V1 = '/api/v1';

export const API = {
  register: `${V1}/user/register`,
  login: `${V1}/user/login`,
  logout: `${V1}/user/logout`,
  profile: `${V1}/user/profile`,
  changePassword: `${V1}/user/change-password`,
  updateProfile: `${V1}/user/update`,
  forgotPassword: `${V1}/user/forgot-password`,
  resetPassword: (token: string) => `${V1}/user/reset-password/${encodeURIComponent(token)}`,
  productList: `${V1}/product/all`,
  product: (id: string) => `${V1}/product/${encodeURIComponent(id)}`,
  deleteProduct: (id: string) => `${V1}/product/delete/${encodeURIComponent(id)}`,
  addProduct: `${V1}/product/add`,
  updateProduct: (id: string) => `${V1}/product/update/${encodeURIComponent(id)}`,
  addContact: `${V1}/contact/addNewContact`,
  addQuote: `${V1}/quote/add`,
  userQuotes: `${V1}/quote/getQuoteByUser`,
  allQuotes: `${V1}/quote/all`,
  deleteQuote: (id: string) => `${V1}/quote/delete/${encodeURIComponent(id)}`,
  // Trade desk
  exportQuotes: `${V1}/quote/export`,
  allInquiries: `${V1}/contact/all`,
  exportInquiries: `${V1}/contact/export`,
  updateInquiry: (id: string) => `${V1}/contact/${encodeURIComponent(id)}`,
  deleteInquiry: (id: string) => `${V1}/contact/${encodeURIComponent(id)}`,
  dashboard: `${V1}/dashboard`,
  // Quote desk
  quote: (id: string) => `${V1}/quote/${encodeURIComponent(id)}`,
  quoteOffer: (id: string) => `${V1}/quote/${encodeURIComponent(id)}/offer`,
  quoteReject: (id: string) => `${V1}/quote/${encodeURIComponent(id)}/reject`,
  quoteAccept: (id: string) => `${V1}/quote/${encodeURIComponent(id)}/accept`,
  quoteDecline: (id: string) => `${V1}/quote/${encodeURIComponent(id)}/decline`,
  quotePdf: (id: string) => `${V1}/quote/${encodeURIComponent(id)}/pdf`,
  gallery: `${V1}/gallery/all`,
  deleteAllImages: `${V1}/gallery/delete/all`,
  deleteImage: (id: string) => `${V1}/gallery/delete/${encodeURIComponent(id)}`,
  addImages: `${V1}/gallery/add`,
  // The proof of work of registration and forgot password
  altchaChallenge: `${V1}/altcha/challenge`,
  // The owner's console (issue 26)
  settings: `${V1}/settings`,
  updateSettings: `${V1}/settings`,
  audit: `${V1}/audit`,
  exportAudit: `${V1}/audit/export`,
} as const;
