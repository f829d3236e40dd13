/**
 * The administrators' daily digest (issue 41, item 3): once a day, at `reminders.digestHour` on the
 * company's wall clock (the business hours' time zone), every administrator who has anything to look
 * at gets ONE mail: late leads, leads due today, new leads since the last digest (each lead once,
 * under its most urgent heading), offers that expire within three days, orders whose next milestone
 * is late, and the leads and orders to follow up on today. A lead, an offer (its quote's owner) or
 * a follow-up goes to its assignee's digest; with nobody assigned (or an assignee who is no longer
 * an administrator) to every administrator's, as orders (which have no owner) do. An administrator
 * with nothing gets no mail; a removed one is no longer an administrator and gets none.
 *
 * The run is the scheduler's period claim (scheduler/scheduler.ts): the period is the company-local
 * date once its hour has come, so a digest missed while every process was down goes out when one
 * comes back that same day, once, and never for a day that has passed.
 */
import { DIGEST_OFFER_EXPIRY_DAYS, ORDER_STEP_LABELS, offerToday, quotationNumber } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { wallClock } from '../../lib/zoned-time.js';
import { queueMail } from '../../mail/mailer.js';
import { claimPeriod, type ScheduledJob } from '../../scheduler/scheduler.js';
import { lateOrderSql } from '../order/index.js';
import { administrators, type ReminderContext } from './context.js';
import { allOpenLeads, leadsToFollowUp, type Lead } from './leads.js';
import { digestMail, digestSections, type DigestContent, type DigestOrder, type MailPlace } from './mails.js';

const DAILY_DIGEST_JOB = 'daily-digest';
const DAY_MS = 86_400_000;

interface Addressed<T> {
  item: T;
  assigneeId: string | null;
}

async function expiringOffers(tx: DbOrTx, nowMs: number): Promise<Array<Addressed<DigestContent['offers'][number]>>> {
  const rows = await tx
    .selectFrom('quotes')
    .innerJoin('quote_offers as o', 'o.id', 'quotes.current_offer_id')
    .select(['quotes.id', 'quotes.created_at', 'quotes.company_name', 'quotes.assignee_id', 'o.revision', 'o.expires_at'])
    .where('quotes.status', '=', 'QUOTED')
    .where('quotes.offer_expires_at', '>', nowIso(nowMs))
    .where('quotes.offer_expires_at', '<=', nowIso(nowMs + DIGEST_OFFER_EXPIRY_DAYS * DAY_MS))
    .orderBy('quotes.offer_expires_at')
    .execute();
  return rows.map((r) => ({
    item: { quoteId: r.id, number: quotationNumber(r.id, r.created_at, r.revision), company: r.company_name, expiresAt: r.expires_at },
    assigneeId: r.assignee_id,
  }));
}

async function lateOrders(tx: DbOrTx, nowMs: number): Promise<DigestContent['orders']> {
  const rows = await tx
    .selectFrom('orders')
    .select(['id', 'order_number', 'company_name', 'step', 'ship_by'])
    .where(lateOrderSql(offerToday(nowMs)))
    .orderBy('ship_by')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.order_number,
    company: r.company_name,
    step: ORDER_STEP_LABELS[r.step],
    shipBy: r.ship_by,
  }));
}

/** Orders to follow up on `day` (YYYY-MM-DD), whatever their step. */
async function ordersToFollowUp(tx: DbOrTx, day: string): Promise<DigestOrder[]> {
  const rows = await tx
    .selectFrom('orders')
    .select(['id', 'order_number', 'company_name'])
    .where('follow_up_on', '=', day)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, number: r.order_number, company: r.company_name }));
}

/** Each open lead under its most urgent heading: late, due today (company-local), or new since `since`. */
function sortLeads(leads: Lead[], nowMs: number, today: string, timeZone: string, since: string) {
  const now = nowIso(nowMs);
  // No day is longer than 25 hours: a lead due later than that is not due today (and its due time
  // is not turned into the company's wall clock, a date format each, for thousands of leads).
  const todayAtMost = nowIso(nowMs + 25 * 3_600_000);
  const late: Lead[] = [];
  const dueToday: Lead[] = [];
  const fresh: Lead[] = [];
  for (const lead of leads) {
    if (lead.dueAt <= now) late.push(lead);
    else if (lead.dueAt <= todayAtMost && wallClock(Date.parse(lead.dueAt), timeZone).date === today) dueToday.push(lead);
    else if (lead.createdAt > since) fresh.push(lead);
  }
  return { late, dueToday, fresh };
}

export function dailyDigest(ctx: ReminderContext): ScheduledJob {
  return {
    name: DAILY_DIGEST_JOB,
    async run(nowMs) {
      const settings = await ctx.settings();
      const timeZone = settings.businessHours.timeZone;
      const clock = wallClock(nowMs, timeZone);
      if (clock.hour < settings.reminders.digestHour) return 0;
      const place: MailPlace = { baseUrl: ctx.baseUrl, timeZone };
      const mails = await claimPeriod(ctx.db, DAILY_DIGEST_JOB, clock.date, nowMs, async (tx, previous) => {
        const admins = await administrators(tx);
        if (admins.size === 0) return 0;
        const since = previous?.ranAt ?? nowIso(nowMs - DAY_MS);
        const leads = sortLeads(await allOpenLeads(tx), nowMs, clock.date, timeZone, since);
        const offers = await expiringOffers(tx, nowMs);
        const orders = await lateOrders(tx, nowMs);
        const followUpLeads = await leadsToFollowUp(tx, clock.date);
        const followUpOrders = await ordersToFollowUp(tx, clock.date);
        /** Whether `assigneeId`'s items go to `adminId`: their own, and everyone's unassigned ones. */
        const mine = (assigneeId: string | null, adminId: string) =>
          assigneeId === adminId || assigneeId === null || !admins.has(assigneeId);
        let queued = 0;
        for (const [adminId, admin] of admins) {
          const forAdmin = (list: Lead[]) => list.filter((l) => mine(l.assigneeId, adminId));
          const sections = digestSections(
            {
              late: forAdmin(leads.late),
              dueToday: forAdmin(leads.dueToday),
              fresh: forAdmin(leads.fresh),
              offers: offers.filter((o) => mine(o.assigneeId, adminId)).map((o) => o.item),
              orders,
              followUps: { leads: forAdmin(followUpLeads), orders: followUpOrders },
            },
            place,
          );
          if (sections.length === 0) continue;
          await queueMail(tx, {
            ...digestMail(admin.email, sections, clock.date, place),
            event: `${DAILY_DIGEST_JOB}:${clock.date}:${adminId}`,
          });
          queued += 1;
        }
        return queued;
      });
      return mails ?? 0;
    },
  };
}
