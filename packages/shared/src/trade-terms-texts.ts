/**
 * The quote form's trade-terms messages without zod (trade-terms.ts re-exports them and validates
 * with them), from the English message file.
 */
import en from '../locales/en/messages.json';

/** One message per field the server can refuse. */
export const TRADE_TERMS_MESSAGES = en.messages.tradeTerms;
