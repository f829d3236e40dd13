/**
 * What the API answers (SPEC.md section 7), as zod schemas: the server declares them as route
 * response schemas (and so in its OpenAPI document), and every type below is inferred from them.
 */
import { z } from 'zod';
import { PACKAGING_TYPE_VALUES, PRODUCT_TYPES, QUANTITY_TYPES, ROLES } from './constants.js';
import { leadPageSchema } from './leads.js';
import { QUOTE_STATUSES, quoteHistoryEntrySchema, quoteOfferSchema } from './quote-desk.js';
import { tradeTermsRecordSchema } from './trade-terms.js';
import { SPAM_REASONS } from './bot-signals.js';
import { threadMessageSchema, threadSummaryShape } from './thread.js';
import { handlingShape, replyClockShape } from './handling.js';
import { productTradeRecordShape } from './product-trade.js';

/** An image as the API exposes it: `secure_url` is a public URL on this server. */
export const imageRefSchema = z.object({
  secure_url: z.string(),
  /** Same image at other widths, smallest first ("url 480w, url 960w"), when the server made them. */
  srcset: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

export const productRecordSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  productQuantityType: z.enum(QUANTITY_TYPES),
  productForm: z.string(),
  productDescription: z.string(),
  nutrientContent: z.array(z.string()),
  isOrganic: z.boolean(),
  keyFeatures: z.array(z.string()),
  applications: z.array(z.string()),
  isPremium: z.boolean(),
  productShelfLife: z.number(),
  productThumbnail: imageRefSchema,
  productImages: z.array(imageRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Harmonized System code (orders' proforma invoices); the key is absent when none is set. */
  hsCode: z.string().optional(),
  /** Issue 43: minimum order, packing, lead time, supply, specifications, certifications, port of loading; each key absent when not set. */
  ...productTradeRecordShape,
});
export type Product = z.infer<typeof productRecordSchema>;

export const publicUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const quoteProductRefSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  productQuantityType: z.enum(QUANTITY_TYPES),
  isPremium: z.boolean(),
  isOrganic: z.boolean(),
});
export type QuoteProductRef = z.infer<typeof quoteProductRefSchema>;

/** One line of a quote (issue 45); the first line's values are also the quote's own product fields. */
export const quoteItemSchema = z.object({
  _id: z.string(),
  /** Populated product, as the quote's `productId`; null when the product was deleted. */
  productId: quoteProductRefSchema.nullable(),
  requiredQty: z.number(),
  packagingType: z.enum(PACKAGING_TYPE_VALUES),
  isCustomPackagingRequired: z.boolean(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

export const quoteRecordSchema = z.object({
  _id: z.string(),
  companyName: z.string(),
  contactPersonName: z.string(),
  companyEmail: z.string(),
  mobileNumber: z.string(),
  country: z.string(),
  address: z.string(),
  requiredQty: z.number(),
  packagingType: z.enum(PACKAGING_TYPE_VALUES),
  isCustomPackagingRequired: z.boolean(),
  /** Populated product; null when the product was deleted after the quote was made. */
  productId: quoteProductRefSchema.nullable(),
  deliveryLocation: z.string(),
  isUrgent: z.boolean(),
  additionalInfo: z.string(),
  heardFrom: z.string(),
  quotedByEmail: z.string(),
  createdAt: z.string(),
  /** The buyer's export terms (trade desk); the key is absent when none were given. */
  tradeTerms: tradeTermsRecordSchema.optional(),
  /** Quote desk: EXPIRED when the current offer's validity date has passed. */
  status: z.enum(QUOTE_STATUSES),
  /** The current (latest) offer, or null before the first one. */
  offer: quoteOfferSchema.nullable(),
  /** Why it is held as spam (not mailed, out of the default lists); absent when it is not. */
  spamReason: z.enum(SPAM_REASONS).optional(),
  /** REJECTED only: the company's reason (the key is absent otherwise). */
  rejectionReason: z.string().optional(),
  /** In lists only (issue 40): the caller's unread messages of its thread and its last activity. */
  ...threadSummaryShape,
  /** Issue 41: when its reply is due and when the company first replied. */
  ...replyClockShape,
  /** Issue 41, administrators' answers only: its owner and follow-up day. */
  ...handlingShape,
  /** Issue 45: every line, in order; the first is `productId` / `requiredQty` / `packagingType` above. */
  items: z
    .array(quoteItemSchema)
    .describe("Issue 45: every line of the quote, in order; the first is the quote's productId / requiredQty / packagingType"),
});
export type Quote = z.infer<typeof quoteRecordSchema>;

/** GET /api/v1/quote/{id}: a quote with every offer (newest first) and its history (oldest first). */
export const quoteDetailSchema = quoteRecordSchema.extend({
  offers: z.array(quoteOfferSchema),
  history: z.array(quoteHistoryEntrySchema),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const contactRecordSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  companyName: z.string(),
  country: z.string(),
  /** null once the product is deleted; productName keeps its name. */
  productId: z.string().nullable(),
  productName: z.string(),
  estimatedQuantity: z.number(),
  description: z.string(),
  createdAt: z.string(),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;

/** A contact inquiry as the administrator's inbox lists it: the record, its unit and whether it was handled. */
export const inquirySchema = contactRecordSchema.extend({
  /** The product's unit today; null when the product was deleted. */
  productQuantityType: z.enum(QUANTITY_TYPES).nullable(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  /** Why it is held as spam (not mailed, out of the default inbox); absent when it is not. */
  spamReason: z.enum(SPAM_REASONS).optional(),
  /** In lists only (issue 40): the caller's unread messages of its thread and its last activity. */
  ...threadSummaryShape,
  /** Issue 41: when its reply is due and when the company first replied (its 'handled' mark counts; reopening keeps it). */
  ...replyClockShape,
  /** Issue 41, administrators' answers only: its owner and follow-up day. */
  ...handlingShape,
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const galleryImageSchema = imageRefSchema.extend({ _id: z.string() });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** Every response carries these. */
export const apiResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type ApiResult = z.infer<typeof apiResultSchema>;

/** Every failure: the first message in SPEC.md order, and for validation failures each field's first message. */
export const errorResultSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResult = z.infer<typeof errorResultSchema>;

export const userResponseSchema = apiResultSchema.extend({ user: publicUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/v1/product/all: every product; with `page`/`limit` also the paging numbers. */
export const productsResponseSchema = apiResultSchema.extend({
  products: z.array(productRecordSchema),
  page: z.number().int().optional(),
  limit: z.number().int().optional(),
  total: z.number().int().optional(),
});
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const productResponseSchema = apiResultSchema.extend({ product: productRecordSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

export const quoteResponseSchema = apiResultSchema.extend({ quote: quoteRecordSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** POST /api/v1/quote/{id}/request-changes: the quote (CHANGES_REQUESTED, with its history) and the thread's new message (its `proposal`). */
export const requestChangesResponseSchema = apiResultSchema.extend({ quote: quoteDetailSchema, item: threadMessageSchema });
export type RequestChangesResponse = z.infer<typeof requestChangesResponseSchema>;

export const quoteDetailResponseSchema = apiResultSchema.extend({ quote: quoteDetailSchema });
export type QuoteDetailResponse = z.infer<typeof quoteDetailResponseSchema>;

/** Paginated (trade desk: page or limit given), it also has the page facts of `leadPageSchema`. */
export const quotesResponseSchema = apiResultSchema.extend({ quotes: z.array(quoteRecordSchema) }).extend(leadPageSchema.partial().shape);

/** GET /api/v1/contact/all; paginated, it also has the page facts. */
export const inquiriesResponseSchema = apiResultSchema.extend({ inquiries: z.array(inquirySchema) }).extend(leadPageSchema.partial().shape);
export type InquiriesResponse = z.infer<typeof inquiriesResponseSchema>;

/** PATCH /api/v1/contact/{id}: the inquiry as it is now. */
export const inquiryResponseSchema = apiResultSchema.extend({ inquiry: inquirySchema });
export type InquiryResponse = z.infer<typeof inquiryResponseSchema>;
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;

/** PATCH /api/v1/quote/{id}/handling: the quote as it is now. */
export const quoteHandlingResponseSchema = apiResultSchema.extend({ item: quoteRecordSchema });
export type QuoteHandlingResponse = z.infer<typeof quoteHandlingResponseSchema>;

/** PATCH /api/v1/contact/{id}/handling: the inquiry as it is now. */
export const inquiryHandlingResponseSchema = apiResultSchema.extend({ item: inquirySchema });
export type InquiryHandlingResponse = z.infer<typeof inquiryHandlingResponseSchema>;

export const contactResponseSchema = apiResultSchema.extend({ contact: contactRecordSchema });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** GET /api/v1/gallery/all: the first element holds the list (SPEC.md section 7). */
export const galleryResponseSchema = apiResultSchema.extend({
  galleryImages: z.array(z.object({ _id: z.string(), galleryImages: z.array(galleryImageSchema) })),
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;
