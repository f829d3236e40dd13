/**
 * Two-step sign-in (issue 26, item 4): an authenticator-app code (TOTP, RFC 6238: 6 digits, 30 s)
 * or a single-use recovery code after the password.
 */
import { z } from 'zod';
import { publicUserSchema } from './types.js';

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
const T = TWO_FACTOR_TEXT;

const code = z
  .string({ error: T.codeRequired })
  .trim()
  .min(1, { error: T.codeRequired, abort: true })
  .max(32, { error: T.codeInvalid })
  .refine((v) => /^\d{6}$/.test(v.replace(/\s/g, '')) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(v), { error: T.codeInvalid });

export const codeSchema = z.object({ code });
export type CodeInput = z.infer<typeof codeSchema>;
export const codeMessageOrder = [T.codeRequired, T.codeInvalid] as const;

export const twoFactorSetupResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The secret in base32, for typing it in by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code image (data:image/png;base64,...). */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const recoveryCodesResponseSchema = z.object({ success: z.boolean(), message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const twoFactorStatusSchema = z.object({ success: z.boolean(), message: z.string(), enabled: z.boolean() });

/** POST /user/login: the spec's answer, or (two-step sign-in on) no session yet and `twoFactorRequired`. */
export const loginResponseSchema = z.union([
  z.object({
    success: z.boolean(),
    message: z.string(),
    user: publicUserSchema,
    /** An administrator without two-step sign-in while the site requires it: sent to set it up. */
    twoFactorSetupRequired: z.boolean().optional(),
  }),
  z.object({ success: z.boolean(), message: z.string(), twoFactorRequired: z.literal(true) }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
