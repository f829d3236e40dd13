/**
 * After the deal (issue 27): an accepted quote becomes an order that moves through export
 * milestones, with private documents. Transitions and schemas live here, the steps, fields and
 * texts in order-texts.ts (without zod, re-exported here), so the server, the web app and other
 * clients agree on them (docs/decisions/023-orders.md).
 */
import { z } from 'zod';
import { QUANTITY_TYPES } from './constants.js';
import { leadPageSchema } from './leads.js';
import { offerToday } from './quote-desk-texts.js';
import { CURRENCY_CODES, INCOTERM_CODES, parseMinorUnits } from './trade.js';
import { optionalString } from './validation.js';
import { listSortField, threadSummaryShape } from './thread.js';
import { blank as queryBlank } from './query-fields.js';
import {
  ORDER_FLOW,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  ORDER_STEPS,
  RECORDABLE_STEPS,
  type MilestoneField,
  type OrderStep,
} from './order-texts.js';

export * from './order-texts.js';

/**
 * Not shipped yet: an order here may still be cancelled (once shipped it cannot), and past its
 * promised shipment day it is late.
 */
export const BEFORE_SHIPMENT: readonly OrderStep[] = ['PROFORMA_ISSUED', 'ADVANCE_RECEIVED', 'IN_PRODUCTION', 'QUALITY_CHECKED', 'PACKED'];
/** Nothing follows these. */
export const FINAL_STEPS: readonly OrderStep[] = ['CLOSED', 'CANCELLED'];

/** The step that may follow `current` (undefined after DELIVERED's successor CLOSED or CANCELLED). */
export function nextOrderStep(current: OrderStep): OrderStep | undefined {
  if (FINAL_STEPS.includes(current)) return undefined;
  return ORDER_FLOW[ORDER_FLOW.indexOf(current as (typeof ORDER_FLOW)[number]) + 1];
}

export const DOCUMENT_TYPE_VALUES = [
  'COMMERCIAL_INVOICE',
  'PACKING_LIST',
  'CERTIFICATE_OF_ORIGIN',
  'PHYTOSANITARY_CERTIFICATE',
  'CERTIFICATE_OF_ANALYSIS',
  'FUMIGATION_CERTIFICATE',
  'BILL_OF_LADING',
  'INSURANCE_CERTIFICATE',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPE_VALUES)[number];

/** What a document may be, judged by its first bytes (never its name or declared type). */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

const M = ORDER_MESSAGES;

/**
 * The 409 message for recording `step` on an order at `current`, or undefined when allowed: the
 * next step of the flow, or CANCELLED before SHIPPED.
 */
export function milestoneRefusal(current: OrderStep, step: OrderStep): string | undefined {
  if (FINAL_STEPS.includes(current)) return M.finished(current);
  if (step === 'CANCELLED') return BEFORE_SHIPMENT.includes(current) ? undefined : M.cannotCancel(current);
  const expected = nextOrderStep(current);
  if (expected === step) return undefined;
  return M.outOfOrder(step, expected ?? current);
}

const isRealDate = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const blank = (v: unknown): unknown => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const text = (max: number = ORDER_LIMITS.textMax) => z.preprocess(blank, z.string().trim().max(max).optional());
const day = z.preprocess(blank, z.string({ error: M.dateInvalid }).refine(isRealDate, { error: M.dateInvalid }).optional());

/**
 * Body of POST /api/v1/order/{id}/milestone. One object for every step: each step's own fields
 * are required for it and ignored for the others. `at` is the day the step happened (India time,
 * like an offer's validity), today when left out; the server refuses a day in the future.
 */
export const milestoneSchema = z
  .object({
    step: z.preprocess(blank, z.enum(RECORDABLE_STEPS, { error: (i) => (i.input === undefined ? M.stepRequired : M.stepInvalid) })),
    at: day,
    note: optionalString(ORDER_LIMITS.noteMax),
    /** ADVANCE_RECEIVED: a decimal in the order's currency ("1500.00"). */
    amount: z.preprocess((v) => blank(typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string().max(20).optional()),
    containerNumber: text(),
    sealNumber: text(),
    vessel: text(),
    voyage: text(),
    flight: text(),
    billOfLading: text(),
    airWaybill: text(),
    etd: day,
    eta: day,
    trackingUrl: text(500),
    courier: text(),
    courierTracking: text(),
  })
  .superRefine((m, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    switch (m.step) {
      case 'ADVANCE_RECEIVED': {
        need(m.amount, 'amount', M.amountRequired);
        if (m.amount !== undefined) {
          const minor = parseMinorUnits(m.amount, 2);
          need(minor !== null && minor > 0, 'amount', M.amountInvalid);
        }
        break;
      }
      case 'PACKED':
        need(m.containerNumber, 'containerNumber', M.containerNumberRequired);
        need(m.sealNumber, 'sealNumber', M.sealNumberRequired);
        break;
      case 'SHIPPED':
        need((m.vessel && m.voyage) || m.flight, m.flight || m.vessel ? 'voyage' : 'vessel', M.carrierRequired);
        need(m.billOfLading || m.airWaybill, 'billOfLading', M.transportDocumentRequired);
        need(m.etd, 'etd', M.etdRequired);
        need(m.eta, 'eta', M.etaRequired);
        if (m.etd && m.eta) need(m.eta >= m.etd, 'eta', M.etaBeforeEtd);
        if (m.trackingUrl) need(/^https?:\/\/[^\s]+$/i.test(m.trackingUrl), 'trackingUrl', M.trackingUrlInvalid);
        break;
      case 'DOCUMENTS_SENT':
        need(m.courier, 'courier', M.courierRequired);
        need(m.courierTracking, 'courierTracking', M.courierTrackingRequired);
        break;
      case 'CANCELLED':
        need(m.note, 'note', M.reasonRequired);
        if (m.note) need(m.note.length >= ORDER_LIMITS.reasonMin, 'note', M.reasonMin);
        break;
      default:
        break;
    }
  });
export type MilestoneInput = z.input<typeof milestoneSchema>;
export type MilestoneData = z.output<typeof milestoneSchema>;
export const milestoneMessageOrder = [
  M.stepRequired,
  M.stepInvalid,
  M.dateInvalid,
  M.amountRequired,
  M.amountInvalid,
  M.containerNumberRequired,
  M.sealNumberRequired,
  M.carrierRequired,
  M.transportDocumentRequired,
  M.etdRequired,
  M.etaRequired,
  M.etaBeforeEtd,
  M.trackingUrlInvalid,
  M.courierRequired,
  M.courierTrackingRequired,
  M.reasonRequired,
  M.reasonMin,
] as const;

/** Which fields each step keeps (others sent along are ignored). */
export const STEP_FIELDS: Partial<Record<OrderStep, readonly MilestoneField[]>> = {
  ADVANCE_RECEIVED: ['amount'],
  PACKED: ['containerNumber', 'sealNumber'],
  SHIPPED: ['vessel', 'voyage', 'flight', 'billOfLading', 'airWaybill', 'etd', 'eta', 'trackingUrl'],
  DOCUMENTS_SENT: ['courier', 'courierTracking'],
};

/** Body of POST /api/v1/order/{id}/delivered (the body itself may be absent). */
export const deliveredSchema = z.object({ note: optionalString(1000) });
export type DeliveredInput = z.infer<typeof deliveredSchema>;

/** POST /api/v1/order/{id}/document: the multipart form's text field (the file is `document`). */
export const documentUploadSchema = z.object({
  type: z.preprocess(
    blank,
    z.enum(DOCUMENT_TYPE_VALUES, { error: (i) => (i.input === undefined ? M.documentTypeRequired : M.documentTypeInvalid) }),
  ),
});
export const documentUploadMessageOrder = [M.documentTypeRequired, M.documentTypeInvalid] as const;

/** Filters of 'Orders' and GET /api/v1/order/all (and /export): the same keys in the URL and the query. */
export const ORDER_FILTER_MESSAGES = {
  step: 'Unknown step filter',
  country: 'Country filter must be at most 100 characters',
  etaFrom: 'ETA from must be a date (YYYY-MM-DD)',
  etaTo: 'ETA to must be a date (YYYY-MM-DD)',
  range: 'ETA from must not be after ETA to',
  late: 'late must be true or false',
  page: 'Page and limit must be whole numbers (limit at most 100)',
} as const;
const F = ORDER_FILTER_MESSAGES;
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : blank(v)),
    z.number({ error: F.page }).int({ error: F.page }).min(min, { error: F.page }).max(max, { error: F.page }).optional(),
  );
export const orderFilterMessageOrder = Object.values(F);
export const orderFilterSchema = z
  .object({
    step: z.preprocess(queryBlank, z.enum(ORDER_STEPS, { error: F.step }).optional()),
    country: z.preprocess(queryBlank, z.string({ error: F.country }).trim().max(100, { error: F.country }).optional()),
    etaFrom: z.preprocess(queryBlank, z.string({ error: F.etaFrom }).refine(isRealDate, { error: F.etaFrom }).optional()),
    etaTo: z.preprocess(queryBlank, z.string({ error: F.etaTo }).refine(isRealDate, { error: F.etaTo }).optional()),
    late: z.preprocess(
      (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : queryBlank(v)),
      z.boolean({ error: F.late }).optional(),
    ),
    page: wholeNumber(1, 1_000_000),
    limit: wholeNumber(1, 100),
    /** `activity`: the latest message first (issue 40); newest order first otherwise. */
    sort: listSortField,
  })
  .refine((f) => f.etaFrom === undefined || f.etaTo === undefined || f.etaFrom <= f.etaTo, { error: F.range, path: ['etaTo'] });
export type OrderFilter = z.output<typeof orderFilterSchema>;
export const ORDER_FILTER_KEYS = ['step', 'country', 'etaFrom', 'etaTo', 'late'] as const;

/** The accepted offer's terms, copied into the order when it is made: later edits change nothing. */
export const orderTermsSchema = z.object({
  offerId: z.string().nullable(),
  quotationNumber: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  /** Harmonized System code of the product when the order was made ('' when none was set). */
  hsCode: z.string(),
  quantity: z.number(),
  unit: z.enum(QUANTITY_TYPES),
  packagingType: z.string(),
  currency: z.enum(CURRENCY_CODES),
  unitPriceMinor: z.number().int(),
  unitPrice: z.string(),
  totalMinor: z.number().int(),
  total: z.string(),
  incoterm: z.enum(INCOTERM_CODES),
  portOfLoading: z.string(),
  destination: z.string(),
  leadTimeDays: z.number().int(),
  paymentTerms: z.string(),
});
export type OrderTerms = z.infer<typeof orderTermsSchema>;

/** One line of an order (issue 45), as accepted: product, HS code, quantity, packing, unit price and total. */
export const orderItemSchema = z.object({
  /** null once the product is deleted (productName keeps its name). */
  productId: z.string().nullable(),
  productName: z.string(),
  hsCode: z.string(),
  quantity: z.number(),
  unit: z.enum(QUANTITY_TYPES),
  /** Net weight in kg when the unit is one of weight (KG, TONS), else null. */
  weightKg: z.number().nullable(),
  packagingType: z.string(),
  unitPriceMinor: z.number().int(),
  unitPrice: z.string(),
  totalMinor: z.number().int(),
  total: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderBuyerSchema = z.object({
  companyName: z.string(),
  contactPersonName: z.string(),
  companyEmail: z.string(),
  mobileNumber: z.string(),
  country: z.string(),
  address: z.string(),
  deliveryLocation: z.string(),
  /** The account that accepted the offer. */
  accountEmail: z.string(),
});
export type OrderBuyer = z.infer<typeof orderBuyerSchema>;

export const ORDER_ACTORS = ['BUYER', 'COMPANY'] as const;
const optionalField = z.string().optional();
export const orderMilestoneSchema = z.object({
  step: z.enum(ORDER_STEPS),
  /** The day it happened (YYYY-MM-DD, India time). */
  at: z.string(),
  note: z.string(),
  by: z.enum(ORDER_ACTORS),
  recordedAt: z.string(),
  // The step's own fields (STEP_FIELDS), present when given.
  amount: optionalField,
  containerNumber: optionalField,
  sealNumber: optionalField,
  vessel: optionalField,
  voyage: optionalField,
  flight: optionalField,
  billOfLading: optionalField,
  airWaybill: optionalField,
  etd: optionalField,
  eta: optionalField,
  trackingUrl: optionalField,
  courier: optionalField,
  courierTracking: optionalField,
});
export type OrderMilestone = z.infer<typeof orderMilestoneSchema>;

export const orderDocumentSchema = z.object({
  _id: z.string(),
  type: z.enum(DOCUMENT_TYPE_VALUES),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  /** The accepted quote (null once an administrator deleted the quote; the order keeps its terms). */
  quoteId: z.string().nullable(),
  step: z.enum(ORDER_STEPS),
  /** When the offer was accepted (the order was made). */
  createdAt: z.string(),
  /** The day the goods should ship by: acceptance + the offer's lead time (YYYY-MM-DD). */
  shipBy: z.string(),
  /** Past `shipBy` and not shipped (nor cancelled). */
  late: z.boolean(),
  /** From SHIPPED: the estimated arrival and the tracking link ('' when none). */
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /**
   * The accepted offer's terms; with several lines (issue 45) the product fields are the first
   * line's and `totalMinor` / `total` the whole order's.
   */
  terms: orderTermsSchema,
  /** Issue 45: every line, in order (one for an order made from a one-line quote). */
  items: z
    .array(orderItemSchema)
    .describe("Issue 45: every line of the order (terms' product fields are the first line's, terms.total the whole order's)"),
  buyer: orderBuyerSchema,
  /** Oldest first; PROFORMA_ISSUED is the first. */
  milestones: z.array(orderMilestoneSchema),
  documents: z.array(orderDocumentSchema),
  /** In lists only (issue 40): the caller's unread messages of its thread and its last activity. */
  ...threadSummaryShape,
  /** Issue 41, administrators' answers only: the day to come back to it (YYYY-MM-DD), or null. */
  followUpOn: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ success: z.boolean(), message: z.string(), order: orderSchema });
export const ordersResponseSchema = z
  .object({ success: z.boolean(), message: z.string(), orders: z.array(orderSchema) })
  .extend(leadPageSchema.partial().shape);
export type OrderResponse = z.infer<typeof orderResponseSchema>;
/** PATCH /api/v1/order/{id}/handling: the order as it is now. */
export const orderHandlingResponseSchema = z.object({ success: z.boolean(), message: z.string(), item: orderSchema });
export type OrderHandlingResponse = z.infer<typeof orderHandlingResponseSchema>;
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** "ORD-2026-0007": the year of acceptance (India time) and the order's place in that year. */
export function orderNumber(year: number, sequence: number): string {
  return `ORD-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The year an order made at `nowMs` is numbered in (India time, like offer dates). */
export const orderYear = (nowMs = Date.now()): number => Number(offerToday(nowMs).slice(0, 4));
