/**
 * Two-step sign-in (issue 26, item 4): an authenticator-app code (TOTP, RFC 6238: 6 digits, 30 s)
 * or a single-use recovery code after the password.
 */
import { z } from 'zod';
import { publicUserSchema } from './types.js';

import { TWO_FACTOR_TEXT } from './two-factor-texts.js';

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
  z.object({
    success: z.boolean(),
    message: z.string(),
    twoFactorRequired: z.literal(true),
    /** What the second step may be: `code` (an authenticator or recovery code), `passkey` (one of the account's). */
    secondSteps: z.array(z.enum(['code', 'passkey'])).optional(),
  }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
