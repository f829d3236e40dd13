import { z } from 'zod';
import { HEARD_FROM_OPTIONS, LIMITS, PACKAGING_TYPE_VALUES } from './constants.js';
import { VALIDATION as V } from './messages.js';
import { tradeTermsMessageOrder, tradeTermsSchema } from './trade-terms.js';
import { booleanish, isEmail, optionalString, requiredLine, requiredNumber, requiredString } from './validation.js';

const R = V.quoteRequired;

const minLength = (required: string, min: number, minMessage: string, max = 200, line = requiredLine) =>
  line(required, max).refine((v) => v.length >= min, { error: minMessage });

/** Fields of POST /api/v1/quote/add. `quotedByEmail` is never taken from the body. */
const quoteFields = {
  companyName: minLength(R.companyName, LIMITS.quoteCompanyNameMin, V.quoteCompanyNameMin),
  contactPersonName: minLength(R.contactPersonName, LIMITS.quoteContactPersonMin, V.quoteContactPersonMin),
  companyEmail: requiredString(R.companyEmail, 254).refine(isEmail, { error: V.invalidEmail }),
  mobileNumber: requiredLine(R.mobileNumber, 30),
  country: requiredLine(R.country, 100),
  productId: requiredLine(R.productId, 64),
  requiredQty: requiredNumber(R.requiredQty, LIMITS.requiredQtyMin, V.quoteRequiredQtyMin),
  packagingType: requiredString(R.packagingType, 40).refine((v) => (PACKAGING_TYPE_VALUES as readonly string[]).includes(v), {
    error: V.invalidPackagingType,
  }),
  deliveryLocation: minLength(R.deliveryLocation, LIMITS.deliveryLocationMin, V.quoteDeliveryLocationMin, 500),
  // The address is a textarea: it may span lines.
  address: minLength(R.address, LIMITS.addressMin, V.quoteAddressMin, 500, requiredString),
  heardFrom: requiredString(R.heardFrom, 40).refine((v) => (HEARD_FROM_OPTIONS as readonly string[]).includes(v), {
    error: V.invalidHeardFrom,
  }),
  isCustomPackagingRequired: booleanish(),
  isUrgent: booleanish(),
  additionalInfo: optionalString(2000),
  /** Optional export terms; absent when nothing was filled in. */
  tradeTerms: tradeTermsSchema,
};

export const quoteSchema = z.object(quoteFields);
export type QuoteInput = z.infer<typeof quoteSchema>;

/** The quote form adds the terms checkbox, which is never sent. */
export const quoteFormSchema = z.object({
  ...quoteFields,
  agreeToTerms: z.literal(true, { error: R.agreeToTerms }),
});
export type QuoteFormValues = z.infer<typeof quoteFormSchema>;

export const quoteMessageOrder = [
  R.companyName,
  R.contactPersonName,
  R.companyEmail,
  R.mobileNumber,
  R.country,
  R.productId,
  R.requiredQty,
  R.packagingType,
  R.deliveryLocation,
  R.agreeToTerms,
  R.address,
  R.heardFrom,
  V.quoteCompanyNameMin,
  V.quoteContactPersonMin,
  V.invalidEmail,
  V.quoteRequiredQtyMin,
  V.quoteAddressMin,
  V.quoteDeliveryLocationMin,
  V.invalidPackagingType,
  V.invalidHeardFrom,
  ...tradeTermsMessageOrder,
] as const;
