/**
 * Every lead has a clock and an owner (issue 41). A quote request or an inquiry is due a reply
 * within 24 hours of its arrival (`replyDueAt`); its `firstReplyAt` is the company's first offer,
 * rejection, message in its conversation, or (an inquiry) its 'handled' mark. An administrator owns
 * it (`assignee`) and may set a day to come back to it (`followUpOn`; orders have one too). The
 * lists filter by the clock (`reply`), the owner (`assignee`) and sort by the due time
 * (`sort=due`). One source for the server's route schemas and the web app's calls.
 */
import { z } from 'zod';
import { adminMessages } from '../locales/en/desk.json';
import { TIMINGS } from './constants.js';
import { blank } from './query-fields.js';

/** The answers and refusals of the handling calls and filters, from the English message file. */
export const HANDLING_TEXT = adminMessages.handling;
const T = HANDLING_TEXT;

/** The reply promise (SPEC.md: a reply within 24 hours), in milliseconds. */
export const REPLY_PROMISE_MS = TIMINGS.replyPromiseHours * 3_600_000;

/** When a lead that arrived at `createdAt` (ISO) is due its reply (ISO). */
export const replyDueAtOf = (createdAt: string): string => new Date(Date.parse(createdAt) + REPLY_PROMISE_MS).toISOString();

/**
 * Where a lead's clock stands at `nowMs`: answered (a first reply was made), overdue (none, and the
 * due time has passed), due (none yet, still in time). A lead held as spam is never late: it is
 * `held` until an administrator releases it (its clock still runs from its arrival).
 */
export type ReplyState = 'answered' | 'overdue' | 'due' | 'held';
export function replyState(
  lead: { replyDueAt: string; firstReplyAt: string | null; spamReason?: string | undefined },
  nowMs: number,
): ReplyState {
  if (lead.firstReplyAt !== null) return 'answered';
  if (lead.spamReason !== undefined) return 'held';
  return Date.parse(lead.replyDueAt) <= nowMs ? 'overdue' : 'due';
}

/** The `reply` filter of the lead lists: due (unanswered, not late yet), overdue (unanswered, late), answered. */
export const REPLY_FILTERS = ['due', 'overdue', 'answered'] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];

/** `sort` of the lead lists: newest first (created, the default), latest message first (activity), or earliest due first (due; the answered ones after). */
export const LEAD_SORTS = ['created', 'activity', 'due'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** An administrator's id (24 hexadecimal characters, as every id). */
const ID = /^[a-f0-9]{24}$/;

export const replyFilterField = z.preprocess(blank, z.enum(REPLY_FILTERS, { error: T.replyFilter }).optional());
export const leadSortField = z.preprocess(blank, z.enum(LEAD_SORTS, { error: T.sortInvalid }).optional());
/** `assignee`: an administrator's id, `none` (nobody owns it) or `me` (the caller). */
export const assigneeFilterField = z.preprocess(
  blank,
  z
    .string({ error: T.assigneeFilter })
    .trim()
    .refine((v) => v === 'none' || v === 'me' || ID.test(v), { error: T.assigneeFilter })
    .optional(),
);
export const handlingFilterMessageOrder = [T.replyFilter, T.assigneeFilter, T.sortInvalid] as const;

const isRealDay = (v: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const followUpOn = z
  .union([z.null(), z.string({ error: T.followUpInvalid }).refine(isRealDay, { error: T.followUpInvalid })], { error: T.followUpInvalid })
  .optional();

/**
 * Body of PATCH /api/v1/quote/{id}/handling and /api/v1/contact/{id}/handling: either key, or both.
 * `assigneeId`: an administrator's id, or null for nobody; `followUpOn`: a day (YYYY-MM-DD) or null.
 * A key left out is left as it is.
 */
export const handlingSchema = z.object({
  assigneeId: z
    .union([z.null(), z.string({ error: T.assigneeInvalid }).regex(ID, { error: T.assigneeInvalid })], { error: T.assigneeInvalid })
    .optional(),
  followUpOn,
});
export type HandlingInput = z.infer<typeof handlingSchema>;
export const handlingMessageOrder = [T.assigneeInvalid, T.followUpInvalid] as const;

/** Body of PATCH /api/v1/order/{id}/handling: an order has a follow-up day, no owner. */
export const orderHandlingSchema = z.object({ followUpOn });
export type OrderHandlingInput = z.infer<typeof orderHandlingSchema>;
export const orderHandlingMessageOrder = [T.followUpInvalid] as const;

/** The administrator who owns a lead, as answers name them. */
export const assigneeSchema = z.object({ _id: z.string(), fullName: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** What every quote and inquiry answer carries of its reply clock. */
export const replyClockShape = {
  /** When its first reply is due: its arrival + 24 hours (ISO). */
  replyDueAt: z.string(),
  /** The company's first offer, rejection, message or (an inquiry) 'handled' mark (ISO); null until then. */
  firstReplyAt: z.string().nullable(),
};

/** What the administrators' answers carry of a lead's handling (a buyer's answers leave both keys out). */
export const handlingShape = {
  /** The administrator who owns it, or null. */
  assignee: assigneeSchema.nullable().optional(),
  /** The day to come back to it (YYYY-MM-DD), or null. */
  followUpOn: z.string().nullable().optional(),
};

/** First-reply figures of a set of leads (minutes; rates of 0 to 1; null when there is nothing to count). */
export const firstReplyFiguresSchema = z.object({
  /** Median minutes from arrival to the first reply, of the answered leads. */
  medianMinutes: z.number().nullable(),
  /** 90th percentile of the same. */
  p90Minutes: z.number().nullable(),
  /** Answered within 24 hours, of the leads whose outcome is known (answered, or unanswered and late). */
  within24hRate: z.number().nullable(),
  within24h: z.number().int(),
  /** Leads answered, or unanswered past their due time. */
  counted: z.number().int(),
  answered: z.number().int(),
});
export type FirstReplyFigures = z.infer<typeof firstReplyFiguresSchema>;

/** The administrators' header counts the leads due within this many hours (issue 41, item 1). */
export const DUE_SOON_HOURS = 4;

/** GET /api/v1/dashboard/due-soon: unanswered leads due within DUE_SOON_HOURS and late now, all and the caller's own. */
export const dueSoonResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  withinHours: z.number().int(),
  /** Unanswered, not held as spam, due within the hours (not late yet). */
  dueSoon: z.number().int(),
  /** Unanswered, not held as spam, past their due time. */
  late: z.number().int(),
  /** The same of the leads the caller owns. */
  mine: z.object({ dueSoon: z.number().int(), late: z.number().int() }),
});
export type DueSoonResponse = z.infer<typeof dueSoonResponseSchema>;

/** The 'Usually replies within N hours' figure: its rules (docs/decisions/033-reply-clock-and-lead-owners.md). */
export const REPLY_TIME_RULES = {
  /** The leads that arrived within this many days are read. */
  windowDays: 90,
  /** Shown only when at least this many of them were answered... */
  minAnswered: 10,
  /** ...and only when the figure is at most this many hours. */
  maxHours: TIMINGS.replyPromiseHours,
  /** Share of the leads answered within the figure (0.9: nine in ten). */
  share: 0.9,
  /** Computed again at most this often (and when the settings change). */
  refreshMs: 3_600_000,
} as const;
