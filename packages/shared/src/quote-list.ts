/**
 * The buyer's quote list (issue 45): the lines a buyer collects while browsing, kept on the server
 * for a signed-in buyer (GET and PUT /api/v1/quote-list), and the containers the quote form weighs
 * them against (the settings' `containerPayloadKg`).
 */
import { z } from 'zod';
import { quoteLines as QL } from '../locales/en/messages.json';
import { apiResultSchema } from './types.js';
import { quoteItemInputSchema } from './quote.js';
import { PACKAGING_TYPE_VALUES, QUOTE_ITEMS_MAX } from './constants.js';

/** One line of the list: a quote line, and optionally the custom packing the buyer has in mind. */
export const quoteListItemSchema = quoteItemInputSchema.extend({
  customPackaging: z.string({ error: QL.listCustomPackaging }).trim().max(500, { error: QL.listCustomPackaging }).optional(),
});
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

/** Body of PUT /api/v1/quote-list: the whole list (at most 20 lines, no product twice); `[]` empties it. */
export const quoteListSchema = z.object({
  items: z
    .array(quoteListItemSchema, { error: QL.listMax })
    .max(QUOTE_ITEMS_MAX, { error: QL.listMax })
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, { error: QL.itemsDuplicate }),
});
export type QuoteListInput = z.infer<typeof quoteListSchema>;

/** The order its messages are answered in (SPEC.md's quote messages first, as the quote form's). */
export { quoteMessageOrder as quoteListMessageOrder } from './quote.js';

/** One stored line as the API answers it. */
export const quoteListRecordItemSchema = z.object({
  productId: z.string(),
  requiredQty: z.number(),
  packagingType: z.enum(PACKAGING_TYPE_VALUES),
  isCustomPackagingRequired: z.boolean(),
  customPackaging: z.string().optional(),
});

export type QuoteListRecordItem = z.infer<typeof quoteListRecordItemSchema>;

/** GET and PUT /api/v1/quote-list. */
export const quoteListResponseSchema = apiResultSchema.extend({ items: z.array(quoteListRecordItemSchema) });
export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

/** A 20' and a 40' container's payload in kilograms, when the owner has not set them (settings' `containerPayloadKg`). */
export const DEFAULT_CONTAINER_PAYLOAD_KG = { twenty: 28000, forty: 26500 } as const;
export interface ContainerPayloadKg {
  /** A 20-foot container's payload (kg). */
  twenty: number;
  /** A 40-foot container's payload (kg). */
  forty: number;
}
/** The payloads in force: the settings' over the defaults. */
export const containerPayloads = (settings: { containerPayloadKg?: Partial<ContainerPayloadKg> | undefined }): ContainerPayloadKg => ({
  ...DEFAULT_CONTAINER_PAYLOAD_KG,
  ...settings.containerPayloadKg,
});
export const CONTAINER_PAYLOAD_BOUNDS = [1000, 40000] as const;
