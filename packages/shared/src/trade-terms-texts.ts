/**
 * The quote form's trade-terms texts without zod (trade-terms.ts re-exports them): the private
 * screens' message catalogue (i18n/en-app.ts) reads them, and neither zod nor trade.ts joins its chunk.
 */
export const TRADE_TERMS_TEXT = {
  section: 'Trade Terms (optional)',
  sampleFirst: 'Send me a sample first',
} as const;
