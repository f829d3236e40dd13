/**
 * The quote form's trade-terms messages without zod (trade-terms.ts re-exports them and validates
 * with them), from the English message file.
 */
import { messages } from '../locales/en/desk.json';

/** One message per field the server can refuse. */
export const TRADE_TERMS_MESSAGES = messages.tradeTerms;
