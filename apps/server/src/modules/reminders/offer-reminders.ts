/**
 * The buyer's two reminders about an offer (issue 41, item 3), in their language, each with a
 * one-click unsubscribe (unsubscribe.ts):
 * - `reminders.buyerOfferExpiryDays` days before the current offer expires, one mail; not when
 *   the offer was sent for fewer days than that (its own mail said when it ends);
 * - once the current offer has waited `reminders.buyerUnansweredOfferDays` days with no decision,
 *   no request for changes and no message from the buyer since it was sent, one gentle mail; not
 *   when the expiry reminder went out or follows within two days (two reminders in a row would nag).
 * Only open offers (QUOTED, not expired, no request for changes pending), only to a buyer whose
 * account exists and who did not unsubscribe. Each is claimed per offer (`expiry_reminded_at`,
 * `unanswered_reminded_at`) in the transaction that queues the mail.
 */
import { API, localizedPath, threadPagePath, type SiteSettings } from '@agro/shared';
import { sql, type SqlBool } from 'kysely';
import { nowIso } from '../../db/mappers.js';
import { queueMail } from '../../mail/mailer.js';
import type { ScheduledJob } from '../../scheduler/scheduler.js';
import { findQuote, offerReminderMail, type OfferReminderKind } from '../quote/index.js';
import type { ReminderContext } from './context.js';
import { issueUnsubscribeToken } from './unsubscribe.js';

const DAY_MS = 86_400_000;
/** The unanswered reminder is left out when the expiry reminder comes this soon after it. */
const GAP_DAYS = 2;
const CLAIM = { expiry: 'expiry_reminded_at', unanswered: 'unanswered_reminded_at' } as const;

interface Candidate {
  quoteId: string;
  offerId: string;
  userId: string;
}

/** Open offers whose buyer may still be reminded, with the claim of `kind` free. */
function openOffers(ctx: ReminderContext, kind: OfferReminderKind, now: string) {
  return ctx.db
    .selectFrom('quotes')
    .innerJoin('quote_offers as o', 'o.id', 'quotes.current_offer_id')
    .innerJoin('users as u', 'u.id', 'quotes.user_id')
    .select(['quotes.id as quoteId', 'o.id as offerId', 'u.id as userId', 'o.created_at as sentAt', 'o.expires_at as expiresAt'])
    .where('quotes.status', '=', 'QUOTED')
    .where('quotes.changes_requested_at', 'is', null)
    .where('quotes.spam_reason', 'is', null)
    .where('quotes.offer_expires_at', '>', now)
    .where('u.reminders_opted_out_at', 'is', null)
    .where(`o.${CLAIM[kind]}`, 'is', null);
}

async function expiring(ctx: ReminderContext, nowMs: number, days: number): Promise<Candidate[]> {
  const rows = await openOffers(ctx, 'expiry', nowIso(nowMs))
    .where('quotes.offer_expires_at', '<=', nowIso(nowMs + days * DAY_MS))
    .execute();
  // ISO text cannot be shifted by days in SQL on both databases: the validity is compared here.
  return rows.filter((r) => Date.parse(r.sentAt) <= Date.parse(r.expiresAt) - days * DAY_MS);
}

async function unanswered(ctx: ReminderContext, nowMs: number, days: number, expiryDays: number): Promise<Candidate[]> {
  return openOffers(ctx, 'unanswered', nowIso(nowMs))
    .where('o.created_at', '<=', nowIso(nowMs - days * DAY_MS))
    .where('o.expiry_reminded_at', 'is', null)
    .$if(expiryDays > 0, (qb) => qb.where('quotes.offer_expires_at', '>', nowIso(nowMs + (expiryDays + GAP_DAYS) * DAY_MS)))
    .where(
      sql<SqlBool>`not exists (select 1 from messages m where m.thread_kind = 'quote' and m.thread_id = quotes.id and m.author = 'BUYER' and m.created_at > o.created_at)`,
    )
    .execute();
}

export function offerReminders(ctx: ReminderContext): ScheduledJob {
  async function remind(kind: OfferReminderKind, candidate: Candidate, settings: SiteSettings, nowMs: number): Promise<boolean> {
    const now = nowIso(nowMs);
    return ctx.db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('quote_offers')
        .set({ [CLAIM[kind]]: now })
        .where('id', '=', candidate.offerId)
        .where(CLAIM[kind], 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return false;
      // Read again under the claim: the offer may have been decided or replaced, the buyer may have
      // unsubscribed meanwhile; then the reminder is spent and nothing is sent.
      const quote = await findQuote(tx, candidate.quoteId, now);
      if (!quote?.offer || quote.status !== 'QUOTED' || quote.offer._id !== candidate.offerId) return false;
      const buyer = await tx
        .selectFrom('users')
        .select(['id', 'email', 'language', 'reminders_opted_out_at'])
        .where('id', '=', candidate.userId)
        .executeTakeFirst();
      if (!buyer || buyer.reminders_opted_out_at !== null) return false;
      const token = await issueUnsubscribeToken(tx, buyer.id, now);
      const links = {
        quotes: `${ctx.baseUrl}${localizedPath(threadPagePath('quote', quote._id, 'BUYER'), buyer.language)}`,
        unsubscribe: `${ctx.baseUrl}${API.unsubscribe}?token=${token}`,
      };
      await queueMail(tx, {
        ...offerReminderMail(kind, buyer.email, quote, quote.offer, links, settings, buyer.language),
        event: `offer-${kind}:${candidate.offerId}`,
        secret: token,
      });
      return true;
    });
  }

  return {
    name: 'offer-reminders',
    async run(nowMs) {
      const settings = await ctx.settings();
      const { buyerOfferExpiryDays, buyerUnansweredOfferDays } = settings.reminders;
      let queued = 0;
      if (buyerOfferExpiryDays > 0) {
        for (const candidate of await expiring(ctx, nowMs, buyerOfferExpiryDays)) {
          if (await remind('expiry', candidate, settings, nowMs)) queued += 1;
        }
      }
      if (buyerUnansweredOfferDays > 0) {
        for (const candidate of await unanswered(ctx, nowMs, buyerUnansweredOfferDays, buyerOfferExpiryDays)) {
          if (await remind('unanswered', candidate, settings, nowMs)) queued += 1;
        }
      }
      return queued;
    },
  };
}
