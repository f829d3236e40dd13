/**
 * A year's leads straight through the database layer, as the lead-list benches seed them
 * (bench/leads.ts, bench/threads.ts): 20 products, `quotes` quotes over the last 18 months (one in
 * 25 accepted, with its offer, its order and the order's milestones) and `inquiries` inquiries
 * (every other one handled). Deterministic: every run seeds the same data (ids aside).
 */
import { ORDER_FLOW, replyDueAtOf, type OrderStep, type ProductInput } from '@agro/shared';
import type { DatabaseHandle } from '../../apps/server/src/db/index.js';
import { newId } from '../../apps/server/src/db/ids.js';
import { nowIso } from '../../apps/server/src/db/mappers.js';
import type {
  NewContactRow,
  NewOrderItemRow,
  NewOrderRow,
  NewQuoteItemRow,
  NewQuoteOfferRow,
  NewQuoteRow,
  OrderMilestoneRow,
  NewQuoteOfferLineRow,
} from '../../apps/server/src/db/schema.js';
import { productRow } from '../../apps/server/src/modules/product/repository.js';

const BATCH = 500;

/** A quote's lines (issue 45): 1 to 5, three on average, the first its own product. */
const linesOf = (i: number): number => 1 + (i % 5);

/** Rows written with a batch of quotes: their lines, offers' priced lines and orders' lines. */
interface LineRows {
  items: NewQuoteItemRow[];
  offerLines: NewQuoteOfferLineRow[];
  orderItems: NewOrderItemRow[];
}
/** One quote in ORDER_EVERY was accepted and became an order (4,000 orders at 100,000 quotes). */
const ORDER_EVERY = 25;
const DAY_MS = 86_400_000;
export const orderCount = (quotes: number) => Math.ceil(quotes / ORDER_EVERY);

const COUNTRIES = [
  'Spain',
  'Germany',
  'United Arab Emirates',
  'United Kingdom',
  'Japan',
  'Nigeria',
  'Canada',
  'Australia',
  'Singapore',
  'France',
  'India',
  'Kenya',
];
const HEARD = ['Google', 'Instagram', 'LinkedIn', 'Advertisement', 'Friend', 'Other'];

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
export function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * Bench products named `names`, sharing one stored thumbnail row whose id is `imageMark` repeated
 * (the benches read their lists, never the image files). Returns their ids, in order.
 */
export async function insertBenchProducts(db: DatabaseHandle['db'], names: readonly string[], imageMark: string): Promise<string[]> {
  const imageId = imageMark.repeat(32);
  await db
    .insertInto('images')
    .values({ id: imageId, file_name: `${imageId}.webp`, width: 10, height: 10, bytes: 10, variants: '[]', created_at: nowIso() })
    .execute();
  const ids: string[] = [];
  for (const productName of names) {
    const id = newId();
    ids.push(id);
    const product: ProductInput = {
      productName,
      productType: 'AGRO',
      productQuantityType: 'KG',
      productForm: 'Blocks',
      productDescription: 'Bench',
      nutrientContent: [],
      isOrganic: false,
      keyFeatures: ['x'],
      applications: ['x'],
      isPremium: false,
      productShelfLife: 12,
    };
    await db
      .insertInto('products')
      .values(productRow(product, { id, thumbnailImageId: imageId }, nowIso()))
      .execute();
  }
  return ids;
}

export async function seedLeads(
  handle: DatabaseHandle,
  { quotes: QUOTES, inquiries: INQUIRIES }: { quotes: number; inquiries: number },
): Promise<{ productId: string; adminPassword: string; adminEmail: string }> {
  const db = handle.db;
  const now = Date.now();
  const rnd = random(42);
  const productIds = await insertBenchProducts(
    db,
    Array.from({ length: 20 }, (_, i) => `Bench Product ${i}`),
    'b',
  );
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // Spread over the last 18 months, so date ranges and the dashboard's 12 months cut through them.
  const when = () => nowIso(now - Math.floor(rnd() * 548 * 86_400_000));
  // The reply clock (issue 41): nine leads in ten answered, within 0 to 40 hours of their arrival
  // (none in the future); the others unanswered, most of them late by now.
  const firstReply = (createdAt: string): string | null => {
    if (rnd() >= 0.9) return null;
    const at = Date.parse(createdAt) + Math.floor(rnd() * 40 * 3_600_000);
    return at <= now ? nowIso(at) : null;
  };
  const clock = (createdAt: string, at: string | null) => ({
    reply_due_at: replyDueAtOf(createdAt),
    first_reply_at: at,
    first_reply_minutes: at === null ? null : minutesBetween(createdAt, at),
  });

  let orderCount = 0;
  for (let done = 0; done < QUOTES; done += BATCH) {
    const rows: NewQuoteRow[] = [];
    const offers: NewQuoteOfferRow[] = [];
    const orders: NewOrderRow[] = [];
    const milestones: OrderMilestoneRow[] = [];
    const lines: LineRows = { items: [], offerLines: [], orderItems: [] };
    for (let i = done; i < Math.min(QUOTES, done + BATCH); i++) {
      const createdAt = when();
      const quote: NewQuoteRow = {
        id: newId(),
        company_name: `Company ${i} ${pick(['Foods', 'Trading', 'Imports', 'Spices'])}`,
        contact_person_name: `Buyer Person ${i}`,
        company_email: `buyer${i}@company${i % 997}.example`,
        mobile_number: '+44 20 7946 0958',
        country: pick(COUNTRIES),
        address: '221B Baker Street, London',
        required_qty: 100 + i,
        packaging_type: 'PP_BAG',
        is_custom_packaging_required: 0,
        product_id: pick(productIds),
        delivery_location: 'Port of Felixstowe, United Kingdom',
        is_urgent: 0,
        additional_info: '',
        heard_from: pick(HEARD),
        quoted_by_email: `account${i % 300}@example.com`,
        user_id: null,
        created_at: createdAt,
        ...clock(createdAt, firstReply(createdAt)),
        trade_incoterm: i % 3 === 0 ? 'FOB' : null,
        trade_target_price_minor: i % 3 === 0 ? 125 : null,
        trade_target_currency: i % 3 === 0 ? 'USD' : null,
        trade_target_unit: i % 3 === 0 ? 'KG' : null,
        // Every row of a multi-row insert names the same columns (SQLite has no DEFAULT there).
        status: 'NEW',
        current_offer_id: null,
        offer_expires_at: null,
        status_changed_at: null,
      };
      rows.push(quote);
      // The first line is the quote's own product; the others the next products of the list.
      const first = productIds.indexOf(quote.product_id!);
      for (let k = 0; k < linesOf(i); k++) {
        lines.items.push({
          id: k === 0 ? quote.id : newId(),
          quote_id: quote.id,
          position: k,
          product_id: productIds[(first + k) % productIds.length]!,
          required_qty: k === 0 ? quote.required_qty : 50 + ((i * 7 + k) % 900),
          packaging_type: k % 2 === 0 ? 'PP_BAG' : 'CORRUGATED_BOX',
          is_custom_packaging_required: 0,
          created_at: createdAt,
        });
      }
      if (i % ORDER_EVERY === 0) accepted(quote, ++orderCount, offers, orders, milestones, lines);
    }
    await db.insertInto('quotes').values(rows).execute();
    if (offers.length > 0) await db.insertInto('quote_offers').values(offers).execute();
    if (orders.length > 0) await db.insertInto('orders').values(orders).execute();
    if (milestones.length > 0) await db.insertInto('order_milestones').values(milestones).execute();
    await db.insertInto('quote_items').values(lines.items).execute();
    if (lines.offerLines.length > 0) await db.insertInto('quote_offer_lines').values(lines.offerLines).execute();
    if (lines.orderItems.length > 0) await db.insertInto('order_items').values(lines.orderItems).execute();
  }
  for (let done = 0; done < INQUIRIES; done += BATCH) {
    const rows: NewContactRow[] = [];
    for (let i = done; i < Math.min(INQUIRIES, done + BATCH); i++) {
      const createdAt = when();
      const handledAt = i % 2 === 0 ? nowIso() : null;
      rows.push({
        id: newId(),
        full_name: `Inquirer ${i}`,
        email: `inquirer${i}@example.com`,
        company_name: `Inquiring Company ${i}`,
        country: pick(COUNTRIES),
        product_id: pick(productIds),
        product_name: 'Bench Product',
        estimated_quantity: 500,
        description: 'Please send a price list.',
        user_id: null,
        created_at: createdAt,
        handled_at: handledAt,
        // A handled inquiry was answered, by its mark if by nothing earlier.
        ...clock(createdAt, firstReply(createdAt) ?? handledAt),
      });
    }
    await db.insertInto('contacts').values(rows).execute();
  }
  return { productId: productIds[3]!, adminEmail: 'bench-admin@example.com', adminPassword: 'Bench!Passw0rd' };
}

/** Whole minutes from `from` to `to` (ISO), rounded down, as the app stamps them. */
const minutesBetween = (from: string, to: string): number => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60_000));

/**
 * An accepted quote as the quote desk and the order module leave it (without their mails and
 * events): its offer, the order made of it two days later, and that order's milestones up to a step
 * spread over the flow (one order in ten cancelled before shipment).
 */
function accepted(
  quote: NewQuoteRow,
  n: number,
  offers: NewQuoteOfferRow[],
  orders: NewOrderRow[],
  milestones: OrderMilestoneRow[],
  lines: LineRows,
) {
  const quotedMs = Date.parse(quote.created_at) + DAY_MS;
  const orderedMs = Math.min(Date.now(), quotedMs + DAY_MS);
  const day = (ms: number) => nowIso(ms).slice(0, 10);
  const offerId = newId(quotedMs);
  const unitPriceMinor = 125 + (n % 50);
  offers.push({
    id: offerId,
    quote_id: quote.id,
    revision: 1,
    currency: 'USD',
    unit_price_minor: unitPriceMinor,
    price_basis: 'KG',
    incoterm: 'FOB',
    port_of_loading: 'Nhava Sheva',
    destination: quote.delivery_location,
    lead_time_days: 30,
    payment_terms: '30% advance, 70% against documents',
    valid_until: day(quotedMs + 14 * DAY_MS),
    expires_at: nowIso(quotedMs + 14 * DAY_MS),
    note: '',
    created_by: null,
    created_at: nowIso(quotedMs),
  });
  // An offer was made: the quote was answered, by it if by nothing earlier.
  const answered = quote.first_reply_at && quote.first_reply_at < nowIso(quotedMs) ? quote.first_reply_at : nowIso(quotedMs);
  Object.assign(quote, {
    first_reply_at: answered,
    first_reply_minutes: minutesBetween(quote.created_at, answered),
    status: 'ACCEPTED',
    current_offer_id: offerId,
    offer_expires_at: nowIso(quotedMs + 14 * DAY_MS),
    status_changed_at: nowIso(orderedMs),
  });
  const cancelled = n % 10 === 0;
  const reached = cancelled ? 1 : 1 + (n % ORDER_FLOW.length);
  const steps: OrderStep[] = [...ORDER_FLOW.slice(0, reached), ...(cancelled ? (['CANCELLED'] as const) : [])];
  const shippedMs = orderedMs + 35 * DAY_MS;
  const shipped = steps.includes('SHIPPED');
  const id = newId(orderedMs);
  // Every line of the quote priced, the order made of them all (its total the lines' sum).
  const quoteLines = lines.items.filter((item) => item.quote_id === quote.id);
  let totalMinor = 0;
  quoteLines.forEach((item, position) => {
    const price = unitPriceMinor + position * 10;
    const lineTotal = price * item.required_qty;
    totalMinor += lineTotal;
    lines.offerLines.push({ offer_id: offerId, item_id: item.id, position, unit_price_minor: price, quantity: null });
    lines.orderItems.push({
      order_id: id,
      position,
      product_id: item.product_id ?? null,
      product_name: 'Bench Product',
      hs_code: '1701.13',
      quantity: item.required_qty,
      unit: 'KG',
      packaging_type: item.packaging_type,
      unit_price_minor: price,
      total_minor: lineTotal,
    });
  });
  orders.push({
    id,
    order_number: `ORD-${nowIso(orderedMs).slice(0, 4)}-${String(n).padStart(5, '0')}`,
    quote_id: quote.id,
    user_id: null,
    step: steps[steps.length - 1]!,
    offer_id: offerId,
    quotation_number: `Q-${n}-1`,
    product_id: quote.product_id,
    product_name: 'Bench Product',
    hs_code: '',
    quantity: quote.required_qty,
    unit: 'KG',
    packaging_type: quote.packaging_type,
    currency: 'USD',
    unit_price_minor: unitPriceMinor,
    total_minor: totalMinor,
    incoterm: 'FOB',
    port_of_loading: 'Nhava Sheva',
    destination: quote.delivery_location,
    lead_time_days: 30,
    payment_terms: '30% advance, 70% against documents',
    company_name: quote.company_name,
    contact_person_name: quote.contact_person_name,
    company_email: quote.company_email,
    mobile_number: quote.mobile_number,
    country: quote.country,
    address: quote.address,
    delivery_location: quote.delivery_location,
    account_email: quote.quoted_by_email,
    ship_by: day(orderedMs + 30 * DAY_MS),
    shipped_on: shipped ? day(shippedMs) : null,
    etd: shipped ? day(shippedMs) : null,
    eta: shipped ? day(shippedMs + 25 * DAY_MS) : null,
    tracking_url: null,
    created_at: nowIso(orderedMs),
    step_changed_at: nowIso(orderedMs),
  });
  steps.forEach((step, k) => {
    const atMs = Math.min(Date.now(), orderedMs + k * 7 * DAY_MS);
    milestones.push({
      id: newId(atMs),
      order_id: id,
      step,
      at: day(atMs),
      note: '',
      details: '{}',
      actor: 'COMPANY',
      user_id: null,
      created_at: nowIso(atMs),
    });
  });
}
