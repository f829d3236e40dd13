/**
 * The dashboard's figures, each one grouped query over the last 12 months. Months are
 * UTC calendar months, read from the ISO timestamps' first seven characters on both dialects.
 * What is held as spam is not a lead and counts nowhere.
 */
import { sampleConversion } from '../sample/index.js';
import { HEARD_FROM_OPTIONS, offerToday, type Dashboard, type LabelCount, type MonthCount } from '@agro/shared';
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { effectiveStatusSql } from '../quote/repository.js';
import { dashboardClockFigures } from '../reply-clock/index.js';

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

type Count = number | string;

/** ACCEPTED of the offers that were answered or ran out (ACCEPTED + DECLINED + EXPIRED). */
function acceptance(statusCounts: Map<string, number>): Dashboard['acceptance'] {
  const n = (s: string) => statusCounts.get(s) ?? 0;
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

type ProductCount = { key: string; label: string; n: Count };

/**
 * The lines after the first (a one-line quote has none) of the quotes not held as spam that arrived
 * since `from`, per product: each product's lines since then by a range of quote_items_more
 * (20261201100000-dashboard-lines: a line carries its quote's created_at), then those of the few
 * quotes held as spam taken off. Joining ~130,000 lines to their quotes and sorting them by product
 * took 100 ms on SQLite and 75 on PostgreSQL at 100,000 quotes of three lines, against a few ms.
 */
async function furtherLines(db: DbOrTx, from: string): Promise<ProductCount[]> {
  const since = (product: RawBuilder<unknown>) =>
    sql<Count>`(select count(*) from quote_items as i where ${product} and i.position > 0 and i.created_at >= ${from})`;
  const [lines, held] = await Promise.all([
    sql<ProductCount>`select p.id as "key", p.product_name as "label", ${since(sql`i.product_id = p.id`)} as "n" from products as p
      union all select '' as "key", 'Product no longer listed' as "label", ${since(sql`i.product_id is null`)} as "n"`.execute(db),
    db
      .selectFrom('quote_items as i')
      .where('i.position', '>', 0)
      .where('i.quote_id', 'in', (eb) =>
        eb.selectFrom('quotes').select('id').where('spam_reason', 'is not', null).where('created_at', '>=', from),
      )
      .select([sql<string>`coalesce(i.product_id, '')`.as('key'), (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy('i.product_id')
      .execute(),
  ]);
  const heldBy = new Map(held.map((r) => [r.key, Number(r.n)]));
  return lines.rows.map((r) => ({ key: r.key, label: r.label, n: Number(r.n) - (heldBy.get(r.key) ?? 0) })).filter((r) => r.n > 0);
}

export async function dashboardFigures(db: DbOrTx, now = new Date()): Promise<Dashboard> {
  const months = lastTwelveMonths(now);
  const from = `${months[0]}-01T00:00:00.000Z`;
  const status = effectiveStatusSql(now.toISOString());

  // Each pass is an index-only scan (20261126200000-dashboard-indexes, 20261201100000-dashboard-lines);
  // the products are joined to the ~20 groups, not to every lead.
  const [quoteGroups, quoteCountries, quoteProducts, inquiryMonthRows, inquiryCountries, inquiryProducts, moreLines] = await Promise.all([
    // Grouped by the stored status, in the order of quotes_months (no sort), the expired among them
    // counted: a quote's status as read is EXPIRED or its stored one.
    db
      .selectFrom('quotes')
      .where('created_at', '>=', from)
      .where(month, '>=', months[0]!)
      .where('spam_reason', 'is', null)
      .select([
        month.as('month'),
        'heard_from',
        'status',
        sql<Count>`sum(case when ${status} = 'EXPIRED' then 1 else 0 end)`.as('expired'),
        (eb) => eb.fn.countAll<Count>().as('n'),
      ])
      .groupBy([month, 'heard_from', 'status'])
      .execute(),
    db
      .selectFrom('quotes')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select([countryKey.as('key'), (eb) => eb.fn.min('country').as('label'), (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy(countryKey)
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('quotes')
          .where('created_at', '>=', from)
          .where('spam_reason', 'is', null)
          .select(['product_id', (c) => c.fn.countAll<Count>().as('n')])
          .groupBy('product_id')
          .as('q'),
      )
      .leftJoin('products', 'products.id', 'q.product_id')
      .select([
        sql<string>`coalesce(q.product_id, '')`.as('key'),
        sql<string>`coalesce(products.product_name, 'Product no longer listed')`.as('label'),
        'q.n',
      ])
      .execute(),
    db
      .selectFrom('contacts')
      .where('created_at', '>=', from)
      .where(month, '>=', months[0]!)
      .where('spam_reason', 'is', null)
      .select([month.as('month'), (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy(month)
      .execute(),
    // The label is the database's min (its collation), so not merged from the months' groups.
    db
      .selectFrom('contacts')
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .select([countryKey.as('key'), (eb) => eb.fn.min('country').as('label'), (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy(countryKey)
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('contacts')
          .where('created_at', '>=', from)
          .where('spam_reason', 'is', null)
          .select(['product_id', (c) => c.fn.min('product_name').as('product_name'), (c) => c.fn.countAll<Count>().as('n')])
          .groupBy('product_id')
          .as('c'),
      )
      .leftJoin('products', 'products.id', 'c.product_id')
      .select([
        sql<string>`coalesce(c.product_id, '')`.as('key'),
        sql<string>`coalesce(products.product_name, c.product_name, 'Product no longer listed')`.as('label'),
        'c.n',
      ])
      .execute(),
    furtherLines(db, from),
  ]);

  const add = (counts: Map<string, number>, key: string, n: Count) => counts.set(key, (counts.get(key) ?? 0) + Number(n));
  const quoteMonths = new Map<string, number>();
  const heard = new Map<string, number>();
  const statuses = new Map<string, number>();
  for (const r of quoteGroups) {
    add(quoteMonths, r.month, r.n);
    add(heard, r.heard_from, r.n);
    add(statuses, 'EXPIRED', r.expired);
    add(statuses, r.status, Number(r.n) - Number(r.expired));
  }
  const inquiryMonths = new Map<string, number>();
  for (const r of inquiryMonthRows) add(inquiryMonths, r.month, r.n);
  const monthCounts: MonthCount[] = months.map((m) => ({
    month: m,
    quotes: quoteMonths.get(m) ?? 0,
    inquiries: inquiryMonths.get(m) ?? 0,
  }));

  // The reply clock's figures (issue 41), `offerWithin24h` among them: one reading of the leads.
  const clock = await dashboardClockFigures(db, from, months, now);
  return {
    from,
    months: monthCounts,
    byCountry: mergeCounts(quoteCountries, inquiryCountries),
    // Issue 45: requests per product by lines: a quote's first line is its own product_id, the others its further lines.
    byProduct: mergeCounts([...quoteProducts, ...moreLines], inquiryProducts),
    heardFrom: HEARD_FROM_OPTIONS.map((label) => ({ label, count: heard.get(label) ?? 0 })),
    offerWithin24h: clock.offerWithin24h,
    acceptance: acceptance(statuses),
    orders: await orderFigures(db, from, months),
    samples: await sampleConversion(db, from),
    firstReply: clock.firstReply,
    firstReplyByMonth: clock.firstReplyByMonth,
    firstReplyByAssignee: clock.firstReplyByAssignee,
  };
}
