/**
 * SPEC.md section 5's validation messages, exactly as quoted (see messages.ts). A module of their
 * own: the public first page does not read them, so its bundle does not carry them.
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
