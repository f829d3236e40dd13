/**
 * Passkeys in the browser (issue 44, item 1) with @simplewebauthn/browser. Only ever loaded by a
 * dynamic import (`import('@/lib/passkeys')`) when a passkey is used: a chunk of its own with the
 * library, on no first page. The server hands out the options
 * (ACCOUNT_API.passkey...) and checks the answers. The caller hands in lib/api.ts's `request` (it has
 * it already): a chunk of its own importing it would split the first page's api chunk in two.
 */
import { AUTH_STORAGE_KEYS, type ApiResult, type PasskeyLoginOptions, type PublicUser, type UserResponse } from '@agro/shared';
import * as browser from '@simplewebauthn/browser';
import type { request as Request } from '@/lib/api';

type Options = ApiResult & { options: Record<string, unknown> };

/**
 * ACCOUNT_API's passkey paths, written out: this chunk importing ACCOUNT_API (with the login page)
 * would split it from the chunk it shares with the profile and the settings, and every first page's
 * list of chunks to preload would grow.
 */
const PASSKEY = '/api/v1/user/passkey';
const PATHS = {
  registerOptions: `${PASSKEY}/register/options`,
  loginOptions: `${PASSKEY}/login/options`,
  login: `${PASSKEY}/login`,
  confirmOptions: `${PASSKEY}/confirm/options`,
};

/** Whether this browser can make and use passkeys at all. */
export async function passkeysSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  return browser.browserSupportsWebAuthn();
}

/** The person cancelled, or the browser's prompt timed out: nothing to report as a failure. */
export function passkeyCancelled(error: unknown): boolean {
  const name = error instanceof browser.WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error | undefined)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** Make a passkey on this device for the signed-in account; its answer for POST ACCOUNT_API.addPasskey. */
export async function createPasskey(request: typeof Request): Promise<Record<string, unknown>> {
  const { options } = await request<Options>('POST', PATHS.registerOptions, {});
  return (await browser.startRegistration({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/** An answer of one of the account's passkeys to confirm its deletion (DELETE ACCOUNT_API.deleteAccount's `passkey`). */
export async function confirmWithPasskey(request: typeof Request): Promise<Record<string, unknown>> {
  const { options } = await request<Options>('POST', PATHS.confirmOptions, {});
  return (await browser.startAuthentication({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/**
 * Sign in with a passkey: usernameless (the browser offers the site's passkeys), or with
 * `autofill` as conditional mediation (the passkeys offered in the e-mail field's suggestions,
 * where the browser has it). The session starts as a password's would; the account is kept as
 * the sign-in's is (store/auth-slice.ts).
 */
export async function signInWithPasskey(request: typeof Request, autofill = false): Promise<PublicUser> {
  const { options } = await request<Options>('POST', PATHS.loginOptions, {});
  const credential = await browser.startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  const { user } = await request<UserResponse>('POST', PATHS.login, { credential });
  localStorage.setItem(AUTH_STORAGE_KEYS.isLoggedIn, 'true');
  localStorage.setItem(AUTH_STORAGE_KEYS.role, user.role);
  localStorage.setItem(AUTH_STORAGE_KEYS.data, JSON.stringify(user));
  return user;
}

/** Conditional mediation (passkeys among the e-mail field's suggestions) where the browser has it. */
export async function autofillSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return false;
  return browser.browserSupportsWebAuthnAutofill();
}

/** Stop a waiting conditional request (before a button's own request, or when the page goes). */
export function cancelPasskeyRequest(): void {
  browser.WebAuthnAbortService.cancelCeremony();
}

/** While a password sign-in waits for its second step: what that step may be (an authenticator code, a passkey). */
export async function secondSteps(request: typeof Request): Promise<PasskeyLoginOptions['secondSteps']> {
  return (await request<PasskeyLoginOptions>('POST', PATHS.loginOptions, {})).secondSteps;
}
