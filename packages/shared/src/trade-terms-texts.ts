/**
 * The quote form's trade-terms texts without zod (trade-terms.ts re-exports them): the private
 * screens' message catalogue (i18n/en-app.ts) reads them, and zod does not join its chunk.
 */
import { QUANTITY_TYPES } from './constants.js';
import { CURRENCY_CODES, INCOTERM_CODES } from './trade.js';

export const TRADE_TERMS_TEXT = {
  section: 'Trade Terms (optional)',
  sampleFirst: 'Send me a sample first',
} as const;

/** One message per field the server can refuse (trade-terms.ts validates with them). */
export const TRADE_TERMS_MESSAGES = {
  incoterm: `Preferred Incoterm must be one of the Incoterms 2020: ${INCOTERM_CODES.join(', ')}`,
  destinationPort: 'Destination port or place must be at most 200 characters',
  container: "Container must be 20' FCL, 40' FCL, 40' HC FCL, LCL or air freight",
  targetPrice: 'Target price must be an amount above 0 with at most 2 decimals (e.g. 1.25)',
  targetCurrency: `Target price currency must be one of ${CURRENCY_CODES.join(', ')}`,
  targetCurrencyRequired: 'Choose the currency of the target price',
  targetPriceUnit: `Target price unit must be one of ${QUANTITY_TYPES.join(', ')}`,
  targetPriceUnitRequired: 'Choose the unit the target price is for',
  targetPriceRequired: 'Enter a target price, or clear its currency and unit',
  certifications: 'Certifications must be chosen from the list',
  tradeTerms: 'Trade terms must be an object',
} as const;
