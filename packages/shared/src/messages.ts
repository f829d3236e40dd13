/**
 * Every text SPEC.md quotes, exactly as quoted (trailing and double spaces included).
 * Do not "tidy" these strings: clients and tests match them byte for byte.
 */

/** Validation messages (SPEC.md section 5). */
export const VALIDATION = {
  invalidEmail: 'Enter a valid email !',
  /** Not in SPEC.md: a single-line field (a name, a phone number...) with a line break or control character. */
  singleLine: 'Must be a single line, without line breaks or control characters',
  // Registration / profile
  fullNameRequired: 'Full name is a required field !',
  emailRequired: 'Email is a required field !',
  phoneRequired: 'Phone number is a required field !',
  passwordRequired: 'Password is a required field !',
  countryRequired: 'Country is a required field !',
  fullNameMin: 'Full name should be atleast of 5 characters!',
  strongPassword: 'Enter a strong password !',
  invalidPhone: 'Enter a valid phone number !',
  // Login
  invalidPassword: 'Enter a valid password !',
  // Change password
  oldPasswordRequired: 'Old password is a required field !',
  newPasswordRequired: 'New password is a required field  !',
  samePassword: 'Old password and New password are same  !',
  strongNewPassword: 'Enter a strong new password !',
  // Reset password
  confirmPasswordRequired: 'Confirm New Password is a required field !',
  resetNewPasswordRequired: 'New Password is a required field !',
  passwordMismatch: "Confirm New Password & New Password won't match !",
  // Forgot password
  forgotEmailRequired: 'Email is required!',
  forgotInvalidEmail: 'Enter a valid email!',
  // Contact
  contactRequired: 'Please fill in all required fields.',
  // Quote
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
    agreeToTerms: 'You must agree to the terms and conditions',
    address: 'Address is required',
    heardFrom: 'How did you hear about us? is required',
  },
  quoteCompanyNameMin: 'Company Name must be at least 5 characters long',
  quoteContactPersonMin: 'Contact Person Name must be at least 5 characters long',
  quoteRequiredQtyMin: 'Required Quantity must be at least 1',
  quoteAddressMin: 'Address must be at least 10 characters long',
  quoteDeliveryLocationMin: 'Delivery Location must be at least 10 characters long',
  invalidPackagingType: 'Select a valid packaging type',
  invalidHeardFrom: 'Select a valid option for How did you hear about us?',
  // Product
  productRequired: {
    productName: 'Product name is required',
    productType: 'Product type is required',
    productQuantityType: 'Quantity type is required',
    productForm: 'Product form is required',
    productDescription: 'Product description is required',
    productShelfLife: 'Shelf life is required',
    productThumbnail: 'Product thumbnail is required',
    nutrientContent: 'At least one nutrient entry is required for AGRO products',
    keyFeatures: 'At least one key feature is required',
    applications: 'At least one application is required',
  },
  productShelfLifeMin: 'Shelf life must be at least 1 month',
  invalidProductType: 'Product type must be AGRO or NONAGRO',
  invalidQuantityType: 'Quantity type must be KG, LTR, NOS or TONS',
  productIdRequired: 'Product ID (_id) is required in FormData',
} as const;

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

/** Server-side error messages not quoted by the spec (DESIGN.md decides). */
export const SERVER_ERRORS = {
  notLoggedIn: 'Please login to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  internal: 'Something went wrong. Please try again later.',
  invalidJson: 'Malformed request body',
  payloadTooLarge: 'Request is too large',
  tooManyFiles: 'Too many files in one request',
  fileTooLarge: 'Image is larger than 10 MB',
  notAnImage: 'Only image files (JPEG, PNG, WebP, GIF, AVIF) are accepted',
  badFileName: 'File names must not contain folders or control characters',
  imageTooManyPixels: 'Image dimensions are too large (at most 40 megapixels)',
  noImages: 'Select at least one image',
  rateLimited: 'Too many requests, please try again later.',
  emailTaken: 'An account with this email already exists',
  // The proof of work of registration and forgot password (apps/server/src/modules/altcha).
  altchaMissing: 'Please wait a moment for the automatic check to finish, then submit again',
  altchaInvalid: 'The automatic check failed: reload the page and submit again',
  altchaExpired: 'The automatic check expired: submit again',
  altchaUsed: 'The automatic check was already used: submit again',
  // The honeypot or the minimum fill time of a form without an inquiry to hold (shared bot-signals.ts).
  automatedForm: 'This form was sent the way a program sends it, so nothing was done: please fill it in again',
  disposableEmail: 'Please use a permanent email address: addresses of disposable mail services are not accepted',
  invalidCredentials: 'Invalid email or password',
  wrongOldPassword: 'Old password is incorrect',
  invalidResetToken: 'Reset link is invalid or has expired',
  productNotFound: 'Product not found',
  productIdMismatch: 'Product ID (_id) in FormData does not match the URL',
  quoteNotFound: 'Quote not found',
  imageNotFound: 'Image not found',
  userNotFound: 'User not found',
  foreignOrigin: 'Cross-site request refused',
  badRequest: 'The request could not be understood',
  unsupportedMediaType: 'Unsupported content type',
  // A part the server depends on is away (apps/server/src/lib/faults.ts): 503 or 507, with Retry-After.
  databaseUnavailable: 'The database is briefly unavailable, so this could not be done. Nothing was changed: please try again in a moment.',
  storageUnavailable: 'The images could not be stored, so nothing was saved. Please try again in a moment.',
  storageUnreachable: 'Images cannot be loaded right now. Please try again in a moment.',
  documentStorageUnavailable: 'The document could not be stored, so nothing was saved. Please try again in a moment.',
  documentStorageUnreachable: 'Documents cannot be loaded right now. Please try again in a moment.',
  // Idempotency-Key (apps/server/src/plugins/idempotency.ts)
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 printable characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed: try again in a moment',
  idempotencyApplied: 'A request with this Idempotency-Key was already carried out: reload to see its result',
  diskFull: "The server's disk is full, so nothing was saved. Please try again later.",
  diskReadOnly: 'The server cannot write right now, so nothing was saved. Please try again later.',
} as const;
