import { z } from 'zod';
import { HEARD_FROM_OPTIONS, LIMITS, PACKAGING_TYPE_VALUES, QUOTE_ITEMS_MAX } from './constants.js';
import { VALIDATION as V } from './messages.js';
import { quoteLines as QL } from '../locales/en/messages.json';
import { tradeTermsMessageOrder, tradeTermsSchema } from './trade-terms.js';
import { booleanish, isEmail, optionalString, requiredLine, requiredNumber, requiredString } from './validation.js';

const R = V.quoteRequired;

const minLength = (required: string, min: number, minMessage: string, max = 200, line = requiredLine) =>
  line(required, max).refine((v) => v.length >= min, { error: minMessage });

/** Messages of a quote's lines (issue 45), after SPEC.md's. */
export const QUOTE_LINE_MESSAGES = QL;

const packagingType = () =>
  requiredString(R.packagingType, 40).refine((v) => (PACKAGING_TYPE_VALUES as readonly string[]).includes(v), {
    error: V.invalidPackagingType,
  });

/** One line of a quote (issue 45): SPEC.md's product fields, with SPEC.md's rules and messages. */
export const quoteItemInputSchema = z.object({
  productId: requiredLine(R.productId, 64),
  requiredQty: requiredNumber(R.requiredQty, LIMITS.requiredQtyMin, V.quoteRequiredQtyMin),
  packagingType: packagingType(),
  isCustomPackagingRequired: booleanish(),
});
export type QuoteItemInput = z.infer<typeof quoteItemInputSchema>;

const noProductTwice = (items: readonly { productId: string }[]): boolean => new Set(items.map((i) => i.productId)).size === items.length;

/** `items` of POST /api/v1/quote/add: 1 to 20 lines, no product twice. */
export const quoteItemsSchema = z
  .array(quoteItemInputSchema, { error: QL.itemsMin })
  .min(1, { error: QL.itemsMin })
  .max(QUOTE_ITEMS_MAX, { error: QL.itemsMax })
  .refine(noProductTwice, { error: QL.itemsDuplicate });

const FIRST_LINE_FIELDS = ['productId', 'requiredQty', 'packagingType', 'isCustomPackagingRequired'] as const;

/**
 * A body with `items` may leave out SPEC.md's product fields: they are the first line's. This fills
 * them in (only those left out: absent, null or '') before the body is validated; any other body is returned as it is.
 * The server runs it before validation; the quote form sends the first line's values anyway.
 */
export function withFirstLineFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const items = record.items;
  if (!Array.isArray(items) || typeof items[0] !== 'object' || items[0] === null) return body;
  const first = items[0] as Record<string, unknown>;
  const filled: Record<string, unknown> = { ...record };
  // Left out: absent, null or '' (a form's empty field).
  const absent = (v: unknown) => v === undefined || v === null || v === '';
  for (const key of FIRST_LINE_FIELDS) if (absent(filled[key]) && first[key] !== undefined) filled[key] = first[key];
  return filled;
}

/** A validated body whose top-level product fields differ from its first line's: the message, else null. */
export function firstLineMismatch(input: Pick<QuoteInput, (typeof FIRST_LINE_FIELDS)[number] | 'items'>): string | null {
  const first = input.items?.[0];
  if (!first) return null;
  return FIRST_LINE_FIELDS.every((key) => first[key] === input[key]) ? null : QL.itemsFirstLine;
}

/** A quote's lines as the body names them: `items`, or the one line SPEC.md's fields make. */
export function quoteLinesOf(input: Pick<QuoteInput, (typeof FIRST_LINE_FIELDS)[number] | 'items'>): QuoteItemInput[] {
  return (
    input.items ?? [
      {
        productId: input.productId,
        requiredQty: input.requiredQty,
        packagingType: input.packagingType,
        isCustomPackagingRequired: input.isCustomPackagingRequired,
      },
    ]
  );
}

/** Fields of POST /api/v1/quote/add. `quotedByEmail` is never taken from the body. */
const quoteFields = {
  companyName: minLength(R.companyName, LIMITS.quoteCompanyNameMin, V.quoteCompanyNameMin),
  contactPersonName: minLength(R.contactPersonName, LIMITS.quoteContactPersonMin, V.quoteContactPersonMin),
  companyEmail: requiredString(R.companyEmail, 254).refine(isEmail, { error: V.invalidEmail }),
  mobileNumber: requiredLine(R.mobileNumber, 30),
  country: requiredLine(R.country, 100),
  productId: requiredLine(R.productId, 64),
  requiredQty: requiredNumber(R.requiredQty, LIMITS.requiredQtyMin, V.quoteRequiredQtyMin),
  packagingType: packagingType(),
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
  /**
   * Issue 45: the quote's lines (1 to 20, no product twice). Absent: SPEC.md's fields make the one
   * line. Given: the top-level product fields may be left out (they are the first line's,
   * `withFirstLineFields`) and, when sent, must be the first line's.
   */
  items: quoteItemsSchema
    .optional()
    .describe(
      "Issue 45: the quote's lines (1 to 20, no product twice); the top-level product fields may then be left out (the first line's)",
    ),
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
  QL.itemsMin,
  QL.itemsMax,
  QL.itemsDuplicate,
  QL.itemsFirstLine,
] as const;
