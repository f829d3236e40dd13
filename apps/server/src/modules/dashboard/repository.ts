/**
 * The dashboard's figures, each one grouped query over the last 12 months. Months are
 * UTC calendar months, read from the ISO timestamps' first seven characters on both dialects.
 * What is held as spam is not a lead and counts nowhere.
 */
import { HEARD_FROM_OPTIONS, offerToday, type Dashboard, type LabelCount, type MonthCount } from '@agro/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { effectiveStatusSql } from '../quote/repository.js';

/** '2026-11' and the 11 months before it, oldest first. */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

const month = sql<string>`substr(created_at, 1, 7)`;
const countryKey = sql<string>`lower(country)`;

/** Merge per-label quote and inquiry counts, largest total first. */
function mergeCounts(
  quotes: { key: string; label: string; n: number | string }[],
  inquiries: { key: string; label: string; n: number | string }[],
): LabelCount[] {
  const byKey = new Map<string, LabelCount>();
  const entry = (key: string, label: string) => {
    let e = byKey.get(key);
    if (!e) byKey.set(key, (e = { label, quotes: 0, inquiries: 0 }));
    return e;
  };
  for (const r of quotes) entry(r.key, r.label).quotes += Number(r.n);
  for (const r of inquiries) entry(r.key, r.label).inquiries += Number(r.n);
  return [...byKey.values()].sort((a, b) => b.quotes + b.inquiries - (a.quotes + a.inquiries) || a.label.localeCompare(b.label));
}

const DAY_MS = 86_400_000;

/**
 * Of the quotes made since `from`, how many got their first offer within 24 hours (the site's
 * reply promise). A quote younger than a day without an offer yet is not counted either way.
 */
async function offerWithinADay(db: DbOrTx, from: string, now: Date): Promise<Dashboard['offerWithin24h']> {
  const rows = await db
    .selectFrom('quotes')
    .leftJoin('quote_offers', 'quote_offers.quote_id', 'quotes.id')
    .where('quotes.created_at', '>=', from)
    .where('quotes.spam_reason', 'is', null)
    .select(['quotes.created_at as created', (eb) => eb.fn.min('quote_offers.created_at').as('first_offer')])
    .groupBy(['quotes.id', 'quotes.created_at'])
    .execute();
  let within = 0;
  let total = 0;
  for (const r of rows) {
    const made = Date.parse(r.created);
    const offered = r.first_offer === null ? null : Date.parse(r.first_offer);
    if (offered === null && now.getTime() - made < DAY_MS) continue;
    total += 1;
    if (offered !== null && offered - made <= DAY_MS) within += 1;
  }
  return { within, total, share: total === 0 ? null : within / total };
}

/** ACCEPTED of the offers that were answered or ran out (ACCEPTED + DECLINED + EXPIRED), since `from`. */
async function acceptance(db: DbOrTx, from: string, now: Date): Promise<Dashboard['acceptance']> {
  const status = effectiveStatusSql(now.toISOString());
  const rows = await db
    .selectFrom('quotes')
    .where('quotes.created_at', '>=', from)
    .where('quotes.spam_reason', 'is', null)
    .select([status.as('status'), (eb) => eb.fn.countAll<number | string>().as('n')])
    // By position: the expression holds a bound parameter, which PostgreSQL would see twice as two.
    .groupBy(sql`1`)
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  const accepted = n('ACCEPTED');
  const decided = accepted + n('DECLINED') + n('EXPIRED');
  return { accepted, decided, rate: decided === 0 ? null : accepted / decided };
}

/** The median of `values` (null when empty). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Orders made since `from`: per month; shipped on time (the SHIPPED day on or before the ship-by
 * day, acceptance + the offer's lead time); the median days from acceptance (its day in India, like
 * every order day) to the SHIPPED day.
 */
async function orderFigures(db: DbOrTx, from: string, months: string[]): Promise<Dashboard['orders']> {
  const rows = await db.selectFrom('orders').where('created_at', '>=', from).select(['created_at', 'ship_by', 'shipped_on']).execute();
  const perMonth = new Map<string, number>();
  for (const r of rows) perMonth.set(r.created_at.slice(0, 7), (perMonth.get(r.created_at.slice(0, 7)) ?? 0) + 1);
  const shipped = rows.filter((r): r is typeof r & { shipped_on: string } => r.shipped_on !== null);
  const onTime = shipped.filter((r) => r.shipped_on <= r.ship_by).length;
  const days = shipped.map((r) => Math.round((Date.parse(r.shipped_on) - Date.parse(offerToday(Date.parse(r.created_at)))) / DAY_MS));
  return {
    months: months.map((m) => ({ month: m, orders: perMonth.get(m) ?? 0 })),
    onTime: { onTime, shipped: shipped.length, rate: shipped.length === 0 ? null : onTime / shipped.length },
    medianDaysToShip: median(days),
  };
}

export async function dashboardFigures(db: DbOrTx, now = new Date()): Promise<Dashboard> {
  const months = lastTwelveMonths(now);
  const from = `${months[0]}-01T00:00:00.000Z`;

  const [quoteMonths, inquiryMonths, quoteCountries, inquiryCountries, quoteProducts, inquiryProducts, heard] = await Promise.all([
    db
      .selectFrom('quotes')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select([month.as('month'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(month)
      .execute(),
    db
      .selectFrom('contacts')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select([month.as('month'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(month)
      .execute(),
    db
      .selectFrom('quotes')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select([countryKey.as('key'), (eb) => eb.fn.min('country').as('label'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(countryKey)
      .execute(),
    db
      .selectFrom('contacts')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select([countryKey.as('key'), (eb) => eb.fn.min('country').as('label'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(countryKey)
      .execute(),
    db
      .selectFrom('quotes')
      .leftJoin('products', 'products.id', 'quotes.product_id')
      .where('quotes.created_at', '>=', from)
      .where('quotes.spam_reason', 'is', null)
      .select([
        sql<string>`coalesce(quotes.product_id, '')`.as('key'),
        sql<string>`coalesce(min(products.product_name), 'Product no longer listed')`.as('label'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy('quotes.product_id')
      .execute(),
    db
      .selectFrom('contacts')
      .leftJoin('products', 'products.id', 'contacts.product_id')
      .where('contacts.created_at', '>=', from)
      .where('contacts.spam_reason', 'is', null)
      .select([
        sql<string>`coalesce(contacts.product_id, '')`.as('key'),
        sql<string>`coalesce(min(products.product_name), min(contacts.product_name), 'Product no longer listed')`.as('label'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy('contacts.product_id')
      .execute(),
    db
      .selectFrom('quotes')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select(['heard_from', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('heard_from')
      .execute(),
  ]);

  const count = (rows: { month: string; n: number | string }[], m: string) => Number(rows.find((r) => r.month === m)?.n ?? 0);
  const monthCounts: MonthCount[] = months.map((m) => ({ month: m, quotes: count(quoteMonths, m), inquiries: count(inquiryMonths, m) }));
  const heardCount = (label: string) => Number(heard.find((h) => h.heard_from === label)?.n ?? 0);

  return {
    from,
    months: monthCounts,
    byCountry: mergeCounts(quoteCountries, inquiryCountries),
    byProduct: mergeCounts(quoteProducts, inquiryProducts),
    heardFrom: HEARD_FROM_OPTIONS.map((label) => ({ label, count: heardCount(label) })),
    offerWithin24h: await offerWithinADay(db, from, now),
    acceptance: await acceptance(db, from, now),
    orders: await orderFigures(db, from, months),
  };
}
