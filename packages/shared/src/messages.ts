/**
 * Every text SPEC.md quotes, exactly as quoted (trailing and double spaces included), read from the
 * English message file (locales/en/messages.json, section `messages`), where they are written once.
 * Do not "tidy" these strings: clients and tests match them byte for byte
 * (tools/messages/messages.test.ts holds them to SPEC.md).
 */
import { messages } from '../locales/en/messages.json';
import { interpolate } from './i18n/translator.js';

export { VALIDATION } from './validation-messages.js';
export { SERVER_ERRORS } from './server-errors.js';

/** Loading toasts (SPEC.md section 8). */
export const LOADING = messages.loading;

/** Success texts (SPEC.md section 8), also the server's `message` on success. */
export const SUCCESS = messages.success;

/** Default error texts when the server gives no message (SPEC.md section 8). */
export const ERROR_DEFAULTS = {
  ...messages.error,
  product: (id: string) => interpolate(messages.error.product, { id }),
};

/** Default client message when forgot-password succeeds without a server message. */
export const FORGOT_PASSWORD_DEFAULT_SUCCESS = messages.forgotPasswordSent;

/** Other texts a person sees (SPEC.md sections 2 and 8). */
export const UI_TEXT = messages.ui;
