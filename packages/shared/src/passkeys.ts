/**
 * Passkeys (issue 44, item 1): WebAuthn credentials an account adds, names and removes from its
 * profile, signing in without a password or a code (a passkey is something held and, with the
 * device's lock, something known or been: both factors). The options and the browser's answers are
 * @simplewebauthn's JSON (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`,
 * ...), checked here only for their shape; the server's library checks the rest.
 */
import { z } from 'zod';
import en from '../locales/en/server.json';
import { apiResultSchema } from './types.js';

export const PASSKEY_TEXT = en.accountMessages.passkeys;

/** Passkeys per account. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;

export const passkeyRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in or confirmation with it; null: never used since it was added. */
  lastUsedAt: z.string().nullable(),
  /** Whether the passkey is synced between devices (a password manager's), as its authenticator says. */
  backedUp: z.boolean(),
});
export type PasskeyRecord = z.infer<typeof passkeyRecordSchema>;

export const passkeysResponseSchema = apiResultSchema.extend({ passkeys: z.array(passkeyRecordSchema) });
export type PasskeysResponse = z.infer<typeof passkeysResponseSchema>;
export const passkeyResponseSchema = apiResultSchema.extend({ passkey: passkeyRecordSchema });

/** The options handed to the browser's navigator.credentials (WebAuthn's JSON form). */
export const passkeyOptionsResponseSchema = apiResultSchema.extend({ options: z.record(z.string(), z.unknown()) });
/** The sign-in's options; while a password sign-in waits for its second step, what that step may be. */
export const passkeyLoginOptionsResponseSchema = passkeyOptionsResponseSchema.extend({
  secondSteps: z.array(z.enum(['code', 'passkey'])).optional(),
});
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsResponseSchema>;

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);

/** What the browser's authenticator answered (shape only: its signature is the server's to check). */
export const passkeyCredentialSchema = z.looseObject(
  {
    id: b64url.min(1),
    rawId: b64url.min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: b64url.min(1) }),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(32).optional(),
  },
  { error: PASSKEY_TEXT.answerRequired },
);

const name = z
  .string({ error: PASSKEY_TEXT.nameRequired })
  .trim()
  .min(1, { error: PASSKEY_TEXT.nameRequired, abort: true })
  .max(PASSKEY_NAME_MAX, { error: PASSKEY_TEXT.nameTooLong });

export const passkeyNameSchema = z.object({ name });
export const passkeyNameMessageOrder = [PASSKEY_TEXT.nameRequired, PASSKEY_TEXT.nameTooLong] as const;

export const addPasskeySchema = z.object({ name, credential: passkeyCredentialSchema });
export const addPasskeyMessageOrder = [PASSKEY_TEXT.nameRequired, PASSKEY_TEXT.nameTooLong, PASSKEY_TEXT.answerRequired] as const;

export const passkeyAssertionSchema = z.object({ credential: passkeyCredentialSchema });
export const passkeyAssertionMessageOrder = [PASSKEY_TEXT.answerRequired] as const;
