/**
 * Passkeys in the browser (issue 44, item 1): @simplewebauthn/browser, loaded only when a passkey
 * is used (a chunk of its own: no first page carries it). The server hands out the options
 * (ACCOUNT_API.passkey...) and checks the answers.
 */
import { ACCOUNT_API, AUTH_STORAGE_KEYS, type ApiResult, type PublicUser, type UserResponse } from '@agro/shared';
import { request } from '@/lib/api';

type Options = ApiResult & { options: Record<string, unknown> };
const browserLibrary = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all. */
export async function passkeysSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  return (await browserLibrary()).browserSupportsWebAuthn();
}

/** The person cancelled, or the browser's prompt timed out: nothing to report as a failure. */
export async function passkeyCancelled(error: unknown): Promise<boolean> {
  const { WebAuthnError } = await browserLibrary();
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error | undefined)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** Make a passkey on this device for the signed-in account; its answer for POST ACCOUNT_API.addPasskey. */
export async function createPasskey(): Promise<Record<string, unknown>> {
  const [{ startRegistration }, { options }] = await Promise.all([
    browserLibrary(),
    request<Options>('POST', ACCOUNT_API.passkeyRegisterOptions, {}),
  ]);
  return (await startRegistration({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/** An answer of one of the account's passkeys to confirm its deletion (DELETE ACCOUNT_API.deleteAccount's `passkey`). */
export async function confirmWithPasskey(): Promise<Record<string, unknown>> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    browserLibrary(),
    request<Options>('POST', ACCOUNT_API.passkeyConfirmOptions, {}),
  ]);
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/**
 * Sign in with a passkey: usernameless (the browser offers the site's passkeys), or with
 * `autofill` as conditional mediation (the passkeys offered in the e-mail field's suggestions,
 * where the browser has it). The session starts as a password's would; the account is kept as
 * the sign-in's is (store/auth-slice.ts).
 */
export async function signInWithPasskey(autofill = false): Promise<PublicUser> {
  const lib = await browserLibrary();
  const { options } = await request<Options>('POST', ACCOUNT_API.passkeyLoginOptions, {});
  const credential = await lib.startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  const { user } = await request<UserResponse>('POST', ACCOUNT_API.passkeyLogin, { credential });
  localStorage.setItem(AUTH_STORAGE_KEYS.isLoggedIn, 'true');
  localStorage.setItem(AUTH_STORAGE_KEYS.role, user.role);
  localStorage.setItem(AUTH_STORAGE_KEYS.data, JSON.stringify(user));
  return user;
}

/** Conditional mediation (passkeys among the e-mail field's suggestions) where the browser has it. */
export async function autofillSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  return (await browserLibrary()).browserSupportsWebAuthnAutofill();
}

/** Stop a waiting conditional request (before a button's own request, or when the page goes). */
export async function cancelPasskeyRequest(): Promise<void> {
  (await browserLibrary()).WebAuthnAbortService.cancelCeremony();
}
