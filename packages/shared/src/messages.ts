/**
 * Every text SPEC.md quotes, exactly as quoted (trailing and double spaces included).
 * Do not "tidy" these strings: clients and tests match them byte for byte.
 */

export { VALIDATION } from './validation-messages.js';
export { SERVER_ERRORS } from './server-errors.js';

/** Loading toasts (SPEC.md section 8). */
export const LOADING = {
  register: 'Creating account ...',
  login: 'Authenticating ...',
  logout: 'Logging out ...',
  profile: 'Getting Profile Info ...',
  changePassword: 'Updating password ...',
  updateProfile: 'Updating profile ...',
  forgotPassword: 'Sending email ...',
  resetPassword: 'Resetting password ...',
  productList: 'Loading...',
  product: 'Loading...',
  deleteProduct: 'Deleting...',
  addProduct: 'Adding product...',
  updateProduct: 'Updating product...',
  contact: 'Sending your message ...',
  addQuote: 'Adding quote...',
  fetchQuotes: 'Fetching quotes...',
  deleteQuote: 'Deleting quote...',
  gallery: 'Loading Images...',
  deleteAllImages: 'Deleting Images...',
  deleteImage: 'Deleting Image...',
  uploadImages: 'Uploading images...',
} as const;

/** Success texts (SPEC.md section 8), also the server's `message` on success. */
export const SUCCESS = {
  register: 'User registered successfully ',
  login: 'Logged in successfully',
  logout: 'Logged out successfully',
  changePassword: 'Password updated successfully',
  updateProfile: 'Profile updated successfully',
  resetPassword: 'Password Reset Successfull !',
  deleteProduct: 'Product Deleted Successfully',
  addProduct: 'Product Added Successfully !',
  updateProduct: 'Product Updated Successfully!',
  contact: 'Message sent successfully !',
  addQuote: 'Quote added successfully',
  userQuotes: 'Quote fetched successfully !',
  allQuotes: 'Quotes fetched successfully !',
  deleteQuote: 'Quote deleted successfully !',
  deleteAllImages: 'Images Deleted Successfully !',
  deleteImage: 'Image Deleted Successfully !',
  uploadImages: 'Images uploaded successfully!',
  forgotPassword: 'Reset link sent successfully!',
  // Not quoted by the spec; the server still answers with a message.
  profile: 'Profile fetched successfully',
  productList: 'Products fetched successfully',
  product: 'Product fetched successfully',
  gallery: 'Images fetched successfully',
} as const;

/** Default error texts when the server gives no message (SPEC.md section 8). */
export const ERROR_DEFAULTS = {
  register: 'Error in creating account !',
  login: 'Error in logging in',
  logout: 'Error in logging out !',
  profile: 'Error in fetching profile info !',
  changePassword: 'Error in updating password',
  updateProfile: 'Error in updating profile',
  forgotPassword: 'Error in sending email',
  resetPassword: 'Error in resetting password !',
  productList: 'Error in Loading Products ',
  product: (id: string) => `Error in Loading Product with ID: ${id}`,
  deleteProduct: 'Error in Deleting Product !',
  addProduct: 'Error in Adding Product !',
  updateProduct: 'Error in Updating Product!',
  contact: 'Error in sending message !',
  addQuote: 'Failed to add quote',
  fetchQuotes: 'Error in fetching quotes !',
  deleteQuote: 'Error in deleting quote !',
  uploadImages: 'Error in uploading images!',
  deleteAllImages: 'Error in Deleting Images ! ',
  deleteImage: 'Error in Deleting Image ! ',
} as const;

/** Default client message when forgot-password succeeds without a server message. */
export const FORGOT_PASSWORD_DEFAULT_SUCCESS = 'Email sent to your registered Email-ID';

/** Other texts a person sees (SPEC.md sections 2 and 8). */
export const UI_TEXT = {
  loginToContinue: 'Please login to continue ',
  accessDenied: 'Access Denied !',
  notFound: 'Oops! Page not found',
  goBack: 'Go Back',
  noProducts: 'No products available',
  noQuotes: 'No quotes yet',
  yourQuotes: 'Your Quotes',
  allQuotes: 'All Quotes',
  customerSince: 'Customer Since',
  logoutConfirm: 'Do you want to logout?',
  deleteProductConfirm: 'Do you want to delete this product?',
  deleteQuoteConfirm: 'Are you sure you want to delete this quote ?',
  updateProfileConfirm: 'Are you sure you want to change your profile ?',
  resetLinkSent: 'A reset link has been sent to your email.',
  resendEmail: 'Resend Email',
  addImages: '+ Add Images',
  deleteAllImages: 'Delete All Images',
  // Not quoted by the spec (it only says each delete asks for confirmation).
  deleteImageConfirm: 'Do you want to delete this image?',
  deleteAllImagesConfirm: 'Do you want to delete all images?',
  premiumProducts: 'Premium Products',
  whatHappensNext: 'What Happens Next',
  loginToProceed: 'Please login to proceed !',
  redirectingToLogin: 'Redirecting to login page ...',
  // Not quoted by the spec: the rule of VALIDATION.strongPassword, under every new-password field.
  passwordHint: 'At least 8 characters with upper and lower case letters, a digit and one of @$!%*?&#^',
  // Not quoted by the spec: an upload the person stopped (issue 26); the toast, and the product
  // form's own line after it (the form keeps what was typed and chosen).
  uploadCancelled: 'Upload cancelled',
  uploadCancelledFormKept: 'Upload cancelled. Everything you entered is still here: submit again to send it.',
  cancelUpload: 'Cancel upload',
} as const;
