/**
 * Two-step sign-in's constants and texts, apart from its schemas (two-factor.ts): the first page's
 * sign-in code reads these, and zod stays off that page.
 */
/** How long the second step may follow the password. */
export const SECOND_FACTOR_TTL_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_TEXT = {
  codeRequired: 'Code is required',
  codeInvalid: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  wrongCode: 'The code is wrong or was already used',
  noChallenge: 'Sign in with your password again: the second step expired after 5 minutes',
  required: 'Enter the code from your authenticator app',
  setupStarted: 'Scan the QR code with your authenticator app, then enter its code',
  enabled: 'Two-step sign-in is on: keep your recovery codes safe',
  disabled: 'Two-step sign-in is off',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  noSetup: 'Start the setup first',
  setupRequired: 'Administrators must turn on two-step sign-in: set it up in your profile first',
  status: 'Two-step sign-in status fetched',
  verifying: 'Checking the code ...',
  verifyError: 'Error in checking the code !',
} as const;
