/**
 * The server's error messages not quoted by the spec (DESIGN.md decides). A module of its own: the
 * public first page does not read them, so its bundle does not carry them.
 */
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
