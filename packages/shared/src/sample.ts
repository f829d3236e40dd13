/**
 * Sample requests (issue 43, item 2): a signed-in buyer asks for samples of up to three products,
 * a few hundred grams each, sent by their own courier account or paid on delivery; the company
 * approves or declines, dispatches with a tracking number, the samples are delivered and the buyer
 * says what they thought. Statuses, couriers and schemas live here so the server, the web app and
 * other clients agree on them (docs/decisions/041-samples.md). Read by the samples' screens and the
 * server only, never by a first page.
 */
import { z } from 'zod';
import en from '../locales/en/server.json';
import { leadPageSchema } from './leads.js';
import { blank, isoDay, wholeNumber } from './query-fields.js';
import type { SampleSettings } from './settings.js';
import { apiResultSchema } from './types.js';

export const SAMPLE_TEXT = en.accountMessages.samples;
const M = SAMPLE_TEXT;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

export const SAMPLE_STATUSES = ['REQUESTED', 'APPROVED', 'DECLINED', 'DISPATCHED', 'DELIVERED'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];
/** English names (CSV, the company's mail). */
export const SAMPLE_STATUS_LABELS: Record<SampleStatus, string> = en.sampleStatuses;
/** Still open: a buyer has at most one of these per product. */
export const OPEN_SAMPLE_STATUSES: readonly SampleStatus[] = ['REQUESTED', 'APPROVED', 'DISPATCHED'];
/** Which status each step needs. */
export const SAMPLE_STEP_FROM = {
  approve: ['REQUESTED'],
  decline: ['REQUESTED', 'APPROVED'],
  dispatch: ['APPROVED'],
  delivered: ['DISPATCHED'],
  feedback: ['DELIVERED'],
} as const satisfies Record<string, readonly SampleStatus[]>;
export type SampleStep = keyof typeof SAMPLE_STEP_FROM;

export const COURIERS = ['DHL', 'FEDEX', 'UPS', 'ARAMEX'] as const;
export type Courier = (typeof COURIERS)[number];
export const COURIER_NAMES: Record<Courier, string> = { DHL: 'DHL', FEDEX: 'FedEx', UPS: 'UPS', ARAMEX: 'Aramex' };
/** The couriers' public tracking pages; the number is appended, URL-encoded. */
export const COURIER_TRACKING_URLS: Record<Courier, string> = {
  DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
  FEDEX: 'https://www.fedex.com/fedextrack/?trknbr=',
  UPS: 'https://www.ups.com/track?loc=en_US&tracknum=',
  ARAMEX: 'https://www.aramex.com/us/en/track/results?ShipmentNumber=',
};
export const trackingLink = (courier: Courier, trackingNumber: string): string =>
  `${COURIER_TRACKING_URLS[courier]}${encodeURIComponent(trackingNumber)}`;

/** 'SMP-2026-000007': the year's seventh request (counted on the server; the earliest requests' came from their id). */
export const sampleNumber = (year: number, sequence: number): string => `SMP-${year}-${String(sequence).padStart(6, '0')}`;

/** The settings' `samples` until an administrator sets them. */
export const DEFAULT_SAMPLE_SETTINGS: SampleSettings = { maxProducts: 3, maxGrams: 500, maxPerMonth: 3 };
/** The limits in force: the settings' `samples` over the defaults. */
export const sampleLimits = (settings: { samples?: Partial<SampleSettings> | undefined }): SampleSettings => ({
  ...DEFAULT_SAMPLE_SETTINGS,
  ...settings.samples,
});
/** The bounds of the settings' `samples` (settings-schema.ts; the settings screen). */
export const SAMPLE_SETTING_BOUNDS = { maxProducts: [1, 10], maxGrams: [1, 5000], maxPerMonth: [1, 50] } as const;

export const SHIPPING_CHOICES = ['ACCOUNT', 'ON_DELIVERY'] as const;
export type ShippingChoice = (typeof SHIPPING_CHOICES)[number];

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const emptyToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : trimmed(v));

/**
 * Body of POST /api/v1/sample/add. The limits of the settings (products, grams) are checked by the
 * server against the settings of the moment (`sampleLimitIssue`); this schema checks the shape. The
 * server adds the forms' bot signals (`website`, `fillMs`) to these fields, with the same rules.
 */
export const sampleAddFields = {
  items: z
    .array(
      z.object({
        productId: z.string({ error: M.productInvalid }).regex(/^[a-f0-9]{24}$/, { error: M.productInvalid }),
        grams: z.preprocess(
          (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
          z
            .number({ error: M.gramsInvalid })
            .int({ error: M.gramsInvalid })
            .min(1, { error: M.gramsInvalid })
            .max(1_000_000, { error: M.gramsInvalid }),
        ),
      }),
      { error: M.itemsRequired },
    )
    .min(1, { error: M.itemsRequired })
    .max(SAMPLE_SETTING_BOUNDS.maxProducts[1], { error: fill(M.tooManyProducts, { max: SAMPLE_SETTING_BOUNDS.maxProducts[1] }) }),
  address: z.preprocess(
    trimmed,
    z.string({ error: M.addressRequired }).min(5, { error: M.addressRequired }).max(500, { error: M.addressTooLong }),
  ),
  country: z.preprocess(
    trimmed,
    z.string({ error: M.countryRequired }).min(2, { error: M.countryRequired }).max(100, { error: M.countryRequired }),
  ),
  companyName: z.preprocess(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z.string({ error: M.companyTooLong }).max(200, { error: M.companyTooLong }),
  ),
  shipping: z.enum(SHIPPING_CHOICES, { error: M.shippingInvalid }),
  courier: z.preprocess(emptyToUndefined, z.enum(COURIERS, { error: M.courierInvalid }).optional()),
  accountNumber: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: M.accountNumberInvalid })
      .regex(/^[A-Za-z0-9-]{4,30}$/, { error: M.accountNumberInvalid })
      .optional(),
  ),
  note: z.preprocess(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z.string({ error: M.noteTooLong }).max(1000, { error: M.noteTooLong }),
  ),
};
type SampleAddFields = z.output<z.ZodObject<typeof sampleAddFields>>;
/** Each product once; a courier account needs its courier and number. */
export function sampleAddRules(s: SampleAddFields, ctx: z.RefinementCtx): void {
  if (new Set(s.items.map((i) => i.productId)).size !== s.items.length) {
    ctx.addIssue({ code: 'custom', path: ['items'], message: M.sameProductTwice });
  }
  if (s.shipping === 'ACCOUNT') {
    if (!s.courier) ctx.addIssue({ code: 'custom', path: ['courier'], message: M.courierInvalid });
    if (!s.accountNumber) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: M.accountNumberRequired });
  }
}
/** Paid on delivery: no courier account is kept, whatever was sent. */
export const sampleAddShipping = <T extends SampleAddFields>(s: T): T =>
  s.shipping === 'ACCOUNT' ? s : { ...s, courier: undefined, accountNumber: undefined };
export const sampleAddSchema = z.object(sampleAddFields).superRefine(sampleAddRules).transform(sampleAddShipping);
export type SampleAddInput = z.input<typeof sampleAddSchema>;
export type SampleAddData = z.output<typeof sampleAddSchema>;
export const sampleAddMessageOrder: readonly string[] = [
  M.itemsRequired,
  fill(M.tooManyProducts, { max: SAMPLE_SETTING_BOUNDS.maxProducts[1] }),
  M.productInvalid,
  M.gramsInvalid,
  M.sameProductTwice,
  M.addressRequired,
  M.addressTooLong,
  M.countryRequired,
  M.companyTooLong,
  M.shippingInvalid,
  M.courierInvalid,
  M.accountNumberRequired,
  M.accountNumberInvalid,
  M.noteTooLong,
];

/** The settings' limits a request breaks: the message and the field, or undefined. */
export function sampleLimitIssue(
  input: Pick<SampleAddData, 'items'>,
  limits: SampleSettings,
): { field: string; message: string } | undefined {
  if (input.items.length > limits.maxProducts) return { field: 'items', message: fill(M.tooManyProducts, { max: limits.maxProducts }) };
  if (input.items.some((i) => i.grams > limits.maxGrams))
    return { field: 'items', message: fill(M.gramsTooMany, { max: limits.maxGrams }) };
  return undefined;
}
export const sampleOpenMessage = (product: string) => fill(M.openRequestExists, { product });
export const sampleMonthlyMessage = (max: number) => fill(M.monthlyLimit, { max });
export const sampleNotNowMessage = (status: SampleStatus) => fill(M.notAllowedNow, { state: SAMPLE_STATUS_LABELS[status] });

/** POST /api/v1/quote/add's field of 'Request a quote' from a delivered sample: the quote remembers its sample. */
export const quoteSampleField = {
  sampleId: z
    .string({ error: M.quoteSampleInvalid })
    .max(64, { error: M.quoteSampleInvalid })
    .optional()
    .meta({ description: "Optional: the buyer's delivered sample request this quote is asked from (it holds the quote's product)." }),
};

/** POST /api/v1/sample/{id}/decline. */
export const sampleDeclineSchema = z.object({
  reason: z.preprocess(
    trimmed,
    z.string({ error: M.reasonRequired }).min(5, { error: M.reasonRequired }).max(1000, { error: M.reasonRequired }),
  ),
});
export const sampleDeclineMessageOrder = [M.reasonRequired] as const;

/** POST /api/v1/sample/{id}/dispatch. */
export const sampleDispatchSchema = z.object({
  courier: z.enum(COURIERS, { error: M.courierInvalid }),
  trackingNumber: z.preprocess(
    trimmed,
    z
      .string({ error: M.trackingRequired })
      .min(1, { error: M.trackingRequired, abort: true })
      .regex(/^[A-Za-z0-9-]{4,40}$/, { error: M.trackingInvalid }),
  ),
});
export const sampleDispatchMessageOrder = [M.courierInvalid, M.trackingRequired, M.trackingInvalid] as const;

/** POST /api/v1/sample/{id}/feedback (its buyer, once, after delivery). */
export const sampleFeedbackSchema = z.object({
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
    z
      .number({ error: M.ratingInvalid })
      .int({ error: M.ratingInvalid })
      .min(1, { error: M.ratingInvalid })
      .max(5, { error: M.ratingInvalid }),
  ),
  note: z.preprocess(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z.string({ error: M.noteTooLong }).max(1000, { error: M.noteTooLong }),
  ),
});
export const sampleFeedbackMessageOrder = [M.ratingInvalid, M.noteTooLong] as const;

/** Filters of the admin list (GET /api/v1/sample/all and /export): the lead lists' keys that apply. */
const LIST = {
  productId: 'Product filter is too long',
  country: 'Country filter must be at most 100 characters',
  from: 'From must be a date (YYYY-MM-DD)',
  to: 'To must be a date (YYYY-MM-DD)',
  range: 'From must not be after To',
  q: 'Search must be at most 100 characters',
  page: 'Page must be a whole number from 1',
  limit: 'Limit must be a whole number from 1 to 100',
} as const;
const text = (max: number, message: string) =>
  z.preprocess(blank, z.string({ error: message }).trim().max(max, { error: message }).optional());
export const sampleFilterSchema = z
  .object({
    status: z.preprocess(blank, z.enum(SAMPLE_STATUSES, { error: M.filterStatus }).optional()),
    productId: text(64, LIST.productId),
    country: text(100, LIST.country),
    from: isoDay(LIST.from),
    to: isoDay(LIST.to),
    q: text(100, LIST.q),
    page: wholeNumber(1, 1_000_000, LIST.page),
    limit: wholeNumber(1, 100, LIST.limit),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { error: LIST.range, path: ['to'] });
export type SampleFilter = z.output<typeof sampleFilterSchema>;
export const sampleFilterMessageOrder: readonly string[] = [M.filterStatus, ...Object.values(LIST)];

export const sampleItemSchema = z.object({
  productId: z.string().nullable(),
  productName: z.string(),
  slug: z.string().nullable(),
  grams: z.number().int(),
});
export type SampleItem = z.infer<typeof sampleItemSchema>;

export const sampleSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  items: z.array(sampleItemSchema),
  address: z.string(),
  shipping: z.enum(SHIPPING_CHOICES),
  /** The buyer's courier account (ACCOUNT): shown to that buyer and the company only. */
  courierAccount: z.object({ courier: z.enum(COURIERS), accountNumber: z.string() }).nullable(),
  note: z.string(),
  buyer: z.object({ name: z.string(), email: z.string(), company: z.string(), country: z.string() }),
  declineReason: z.string().nullable(),
  dispatch: z.object({ courier: z.enum(COURIERS), trackingNumber: z.string(), trackingUrl: z.string(), at: z.string() }).nullable(),
  deliveredAt: z.string().nullable(),
  feedback: z.object({ rating: z.number().int(), note: z.string(), at: z.string() }).nullable(),
  /** The quotes asked for from this sample ('Request a quote'). */
  quoteIds: z.array(z.string()),
  /**
   * In lists only: the caller's unread messages of its conversation and its last activity (thread.ts's
   * threadSummaryShape, written out: that module brings the desk's texts wherever it is imported).
   */
  unread: z.number().int().optional(),
  lastActivityAt: z.string().optional(),
});
export type Sample = z.infer<typeof sampleSchema>;

export const sampleResponseSchema = apiResultSchema.extend({ sample: sampleSchema });
export const samplesResponseSchema = apiResultSchema.extend({ samples: z.array(sampleSchema) }).extend(leadPageSchema.partial().shape);
/** GET /api/v1/sample/mine: the buyer's requests and the limits their form keeps to. */
export const mySamplesResponseSchema = apiResultSchema.extend({
  samples: z.array(sampleSchema),
  limits: z.object({ maxProducts: z.number().int(), maxGrams: z.number().int(), maxPerMonth: z.number().int() }),
});
export type SampleResponse = z.infer<typeof sampleResponseSchema>;
export type SamplesResponse = z.infer<typeof samplesResponseSchema>;
export type MySamplesResponse = z.infer<typeof mySamplesResponseSchema>;

/** The dashboard's figure (leads.ts's dashboardSchema `samples`): a quote asked within this many days of the dispatch counts. */
export const SAMPLE_QUOTE_WINDOW_DAYS = 90;
