/** One quote as its pages show it: the quote, every offer and its history (read only; the data export reads it too). */
import type { QuoteDetail, QuoteHistoryEntry } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import type { QuoteEventRow } from '../../db/schema.js';
import { listEvents, listOffers } from './offer-repository.js';
import { findQuote } from './repository.js';

function toHistory(events: QuoteEventRow[], quote: { createdAt: string }): QuoteHistoryEntry[] {
  return [
    { status: 'NEW', at: quote.createdAt, by: 'BUYER', note: '', offerId: null },
    ...events.map((e) => ({ status: e.status, at: e.created_at, by: e.actor, note: e.note, offerId: e.offer_id })),
  ];
}

/** One quote with every offer (newest first) and its history (oldest first). */
export async function getQuoteDetail(db: DbOrTx, id: string, now: string = nowIso()): Promise<QuoteDetail | undefined> {
  const quote = await findQuote(db, id, now);
  if (!quote) return undefined;
  const [offers, events] = await Promise.all([
    listOffers(db, { quoteId: id, requiredQty: quote.requiredQty, quoteCreatedAt: quote.createdAt, items: quote.items }),
    listEvents(db, id),
  ]);
  const history = toHistory(events, quote);
  if (quote.status === 'EXPIRED' && quote.offer) {
    history.push({ status: 'EXPIRED', at: quote.offer.expiresAt, by: null, note: '', offerId: quote.offer._id });
  }
  return { ...quote, offers, history };
}
