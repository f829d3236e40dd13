/**
 * Leads: the inquiry inbox, the filters of 'All Quotes' and the inbox, and the
 * dashboard's figures. The same query parameters live in the web app's URL and in the API's
 * query string, so a filtered view is a bookmark and its CSV export the same selection.
 */
import { z } from 'zod';
import { adminMessages } from '../locales/en/desk.json';
import {
  assigneeFilterField,
  assigneeSchema,
  firstReplyFiguresSchema,
  handlingFilterMessageOrder,
  leadSortField,
  replyFilterField,
} from './handling.js';
import { blank, isoDay, wholeNumber } from './query-fields.js';
import { QUOTE_STATUSES } from './quote-desk.js';

/** Pagination of the lists (only when `page` or `limit` is given). */
export const LEAD_PAGE_SIZE = 12;
export const LEAD_PAGE_SIZE_MAX = 100;

export const INQUIRY_STATUSES = ['OPEN', 'HANDLED'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const LEAD_FILTER_MESSAGES = {
  status: 'Unknown status filter',
  productId: 'Product filter is too long',
  country: 'Country filter must be at most 100 characters',
  from: 'From must be a date (YYYY-MM-DD)',
  to: 'To must be a date (YYYY-MM-DD)',
  range: 'From must not be after To',
  q: 'Search must be at most 100 characters',
  page: 'Page must be a whole number from 1',
  limit: `Limit must be a whole number from 1 to ${LEAD_PAGE_SIZE_MAX}`,
  handled: 'handled must be true or false',
  spam: 'spam must be true or false',
} as const;
const M = LEAD_FILTER_MESSAGES;
export const leadFilterMessageOrder = [...Object.values(M), ...handlingFilterMessageOrder];

const text = (max: number, message: string) =>
  z.preprocess(blank, z.string({ error: message }).trim().max(max, { error: message }).optional());

/** Filters both lists share; `status` is checked against each list's own statuses. */
export function leadFilterSchema<S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .object({
      status: z.preprocess(blank, z.enum(statuses, { error: M.status }).optional()),
      productId: text(64, M.productId),
      country: text(100, M.country),
      from: isoDay(M.from),
      to: isoDay(M.to),
      q: text(100, M.q),
      /** true: only what is held as spam; absent or false: only what is not. */
      spam: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : blank(v)), z.boolean({ error: M.spam }).optional()),
      page: wholeNumber(1, 1_000_000, M.page),
      limit: wholeNumber(1, LEAD_PAGE_SIZE_MAX, M.limit),
      /** `activity`: the latest message first (issue 40); `due`: the earliest due reply first, the answered after (issue 41); newest first otherwise. */
      sort: leadSortField,
      /** The reply clock (issue 41): due (unanswered, in time), overdue (unanswered, late) or answered. */
      reply: replyFilterField,
      /** The owner (issue 41): an administrator's id, `none` or `me`. */
      assignee: assigneeFilterField,
    })
    .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { error: M.range, path: ['to'] });
}

export const inquiryFilterSchema = leadFilterSchema(INQUIRY_STATUSES);
export type InquiryFilter = z.output<typeof inquiryFilterSchema>;

/** The URL / query-string keys of the filters, in the order the filter bar shows them (reply and assignee: issue 41). */
export const LEAD_FILTER_KEYS = ['status', 'productId', 'country', 'from', 'to', 'q', 'spam', 'reply', 'assignee'] as const;
export type LeadFilterKey = (typeof LEAD_FILTER_KEYS)[number];

/** PATCH /api/v1/contact/{id} body. */
export const inquiryUpdateSchema = z.object({ handled: z.boolean({ error: M.handled }) });
export type InquiryUpdate = z.infer<typeof inquiryUpdateSchema>;

/** Page facts of a paginated list (present only when `page` or `limit` was given). */
export const leadPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
  /** Every country leads came from (for the country filter), in alphabetical order. */
  countries: z.array(z.string()),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

export const LEADS_TEXT = adminMessages.leads;

/** One month of the dashboard ('2026-11'). */
export const monthCountSchema = z.object({ month: z.string(), quotes: z.number().int(), inquiries: z.number().int() });
export type MonthCount = z.infer<typeof monthCountSchema>;
export const labelCountSchema = z.object({ label: z.string(), quotes: z.number().int(), inquiries: z.number().int() });
export type LabelCount = z.infer<typeof labelCountSchema>;

/** GET /api/v1/dashboard: figures of the last 12 months (UTC months, this one included). */
export const dashboardSchema = z.object({
  from: z.string(),
  months: z.array(monthCountSchema),
  byCountry: z.array(labelCountSchema),
  byProduct: z.array(labelCountSchema),
  heardFrom: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /**
   * Quotes answered within 24 hours (their first offer, rejection or message: the reply clock of
   * issue 41, as `firstReply` counts it), of the quotes whose outcome is known: answered, or
   * unanswered past their due time (share null when none).
   */
  offerWithin24h: z.object({ within: z.number().int(), total: z.number().int(), share: z.number().nullable() }),
  /** ACCEPTED / (ACCEPTED + DECLINED + EXPIRED), by the status a reader sees (rate null when none). */
  acceptance: z.object({ accepted: z.number().int(), decided: z.number().int(), rate: z.number().nullable() }),
  /**
   * Orders (issue 27), of the same 12 months: made per month; of those shipped, how many within the
   * offer's lead time (rate null when none shipped); the median whole days from acceptance to shipment.
   */
  orders: z.object({
    months: z.array(z.object({ month: z.string(), orders: z.number().int() })),
    onTime: z.object({ onTime: z.number().int(), shipped: z.number().int(), rate: z.number().nullable() }),
    medianDaysToShip: z.number().nullable(),
  }),
  /** Sample requests (issue 43) dispatched in the 12 months, and of them those a quote was asked from within 90 days of dispatch (share null when none). */
  samples: z.object({ sent: z.number().int(), quoted: z.number().int(), share: z.number().nullable() }),
  /**
   * The reply clock (issue 41), quotes and inquiries together: first-reply times of the leads that
   * arrived in the 12 months, and the leads late now (unanswered past their due time, whenever they
   * arrived: the same leads as the lists' reply=overdue).
   */
  firstReply: firstReplyFiguresSchema.extend({ lateNow: z.number().int() }),
  /** The same per month of arrival, oldest first (the 12 months of `months`). */
  firstReplyByMonth: z.array(firstReplyFiguresSchema.extend({ month: z.string() })),
  /** The same per administrator who owns the leads now (null: nobody), most leads first. */
  firstReplyByAssignee: z.array(firstReplyFiguresSchema.extend({ assignee: assigneeSchema.nullable(), lateNow: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ success: z.boolean(), message: z.string(), dashboard: dashboardSchema });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** 'All Quotes' filters by the status a reader sees (the quote desk's, EXPIRED included). */
export const quoteFilterSchema = leadFilterSchema(QUOTE_STATUSES);
export type QuoteFilter = z.output<typeof quoteFilterSchema>;
