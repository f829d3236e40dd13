/**
 * Two-step sign-in's constants and texts, apart from its schemas (two-factor.ts): the first page's
 * sign-in code reads these, and zod stays off that page.
 */
import { messages } from '../locales/en/messages.json';

/** How long the second step may follow the password. */
export const SECOND_FACTOR_TTL_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_TEXT = messages.twoFactor;
