/**
 * Texts quoted by ../shared/SPEC.md, copied here by hand (trailing spaces included) rather than
 * imported from @agro/shared: the suite is an independent check, so a wrong text in the app's
 * own constants makes it fail instead of following along.
 */
export const TEXT = {
  // Section 2 / 8: guards and other screens
  loginToContinue: 'Please login to continue ',
  accessDenied: 'Access Denied !',
  notFound: 'Oops! Page not found',
  goBack: 'Go Back',
  noProducts: 'No products available',
  logoutConfirm: 'Do you want to logout?',
  deleteProductConfirm: 'Do you want to delete this product?',
  deleteQuoteConfirm: 'Are you sure you want to delete this quote ?',
  updateProfileConfirm: 'Are you sure you want to change your profile ?',
  resetLinkSent: 'A reset link has been sent to your email.',
  resendEmail: 'Resend Email',
  addImages: '+ Add Images',
  deleteAllImages: 'Delete All Images',
  yourQuotes: 'Your Quotes',
  allQuotes: 'All Quotes',
  noQuotes: 'No quotes yet',
  customerSince: 'Customer Since',
  premiumProducts: 'Premium Products',
  whatHappensNext: 'What Happens Next',
  // Section 4
  loginToProceed: 'Please login to proceed !',
  redirectingToLogin: 'Redirecting to login page ...',
} as const;

/** Section 8: success texts. */
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
} as const;

/** Section 8: loading texts. */
export const LOADING = {
  register: 'Creating account ...',
  login: 'Authenticating ...',
  logout: 'Logging out ...',
  profile: 'Getting Profile Info ...',
  changePassword: 'Updating password ...',
  updateProfile: 'Updating profile ...',
  forgotPassword: 'Sending email ...',
  resetPassword: 'Resetting password ...',
  products: 'Loading...',
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

/** Section 8: defaults when the server sends no message (a server message must win over these). */
export const ERROR_DEFAULTS = {
  register: 'Error in creating account !',
  login: 'Error in logging in',
  changePassword: 'Error in updating password',
} as const;

/** Section 5: validation messages. */
export const VALIDATION = {
  invalidEmail: 'Enter a valid email !',
  fullNameRequired: 'Full name is a required field !',
  emailRequired: 'Email is a required field !',
  phoneRequired: 'Phone number is a required field !',
  passwordRequired: 'Password is a required field !',
  fullNameMin: 'Full name should be atleast of 5 characters!',
  strongPassword: 'Enter a strong password !',
  invalidPhone: 'Enter a valid phone number !',
  invalidPassword: 'Enter a valid password !',
  samePassword: 'Old password and New password are same  !',
  passwordMismatch: "Confirm New Password & New Password won't match !",
  forgotEmailRequired: 'Email is required!',
  forgotInvalidEmail: 'Enter a valid email!',
  contactRequired: 'Please fill in all required fields.',
  quoteRequired: {
    companyName: 'Company Name is required',
    contactPersonName: 'Contact Person Name is required',
    companyEmail: 'Company Email is required',
    mobileNumber: 'Mobile Number is required',
    country: 'Country is required',
    productId: 'Product is required',
    requiredQty: 'Required Quantity is required',
    packagingType: 'Packaging Type is required',
    deliveryLocation: 'Delivery Location is required',
    address: 'Address is required',
    heardFrom: 'How did you hear about us? is required',
  },
  quoteCompanyNameMin: 'Company Name must be at least 5 characters long',
  quoteContactPersonMin: 'Contact Person Name must be at least 5 characters long',
  quoteRequiredQtyMin: 'Required Quantity must be at least 1',
  quoteAddressMin: 'Address must be at least 10 characters long',
  quoteDeliveryLocationMin: 'Delivery Location must be at least 10 characters long',
} as const;

/** Section 3: registration country codes. */
export const COUNTRIES = [
  ['IN', 'India', '+91'],
  ['US', 'United States', '+1'],
  ['GB', 'United Kingdom', '+44'],
  ['CA', 'Canada', '+1'],
  ['AU', 'Australia', '+61'],
  ['DE', 'Germany', '+49'],
  ['FR', 'France', '+33'],
  ['AE', 'UAE', '+971'],
  ['SG', 'Singapore', '+65'],
  ['JP', 'Japan', '+81'],
] as const;

/** Section 3: packaging types and heard-from options. */
export const PACKAGING_LABELS = [
  'Plastic Shaker',
  'Corrugated Box',
  'Wooden Box',
  'Pallet Packing',
  'Plastic Pallet',
  'FIBC Bag',
  'Plastic Bag',
  'PP Bag',
  'Thermocol Box',
  'Bubble Wrap',
] as const;
export const HEARD_FROM = ['Google', 'Instagram', 'LinkedIn', 'Advertisement', 'Friend', 'Other'] as const;

/** Section 7: the API paths the suite calls directly to prepare data. */
export const API = {
  register: '/api/v1/user/register',
  login: '/api/v1/user/login',
  forgotPassword: '/api/v1/user/forgot-password',
  productList: '/api/v1/product/all',
  addQuote: '/api/v1/quote/add',
  addContact: '/api/v1/contact/addNewContact',
  gallery: '/api/v1/gallery/all',
} as const;
