/**
 * A quote's lines and its offers' priced lines (issue 45, docs/decisions/043-quote-lines.md):
 * read in one query per batch of quotes (lists, exports) and written with the quote or the offer.
 */
import type { QuoteItem, QuoteItemInput } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { fromFlag, joinedProductRef, toFlag } from '../../db/mappers.js';
import type { QuoteOfferLineRow } from '../../db/schema.js';

/** Ids a query names at once: well under SQLite's and PostgreSQL's limits on bound parameters. */
const ID_CHUNK = 1000;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await read(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/** Lines of `quoteIds` by quote id, each in order, with its populated product. */
export async function itemsOf(db: DbOrTx, quoteIds: readonly string[]): Promise<Map<string, QuoteItem[]>> {
  const out = new Map<string, QuoteItem[]>();
  if (quoteIds.length === 0) return out;
  const rows = await inChunks(quoteIds, (chunk) =>
    db
      .selectFrom('quote_items as i')
      .leftJoin('products as p', 'p.id', 'i.product_id')
      .select([
        'i.id',
        'i.quote_id',
        'i.position',
        'i.required_qty',
        'i.packaging_type',
        'i.is_custom_packaging_required',
        'p.id as p_id',
        'p.product_name as p_name',
        'p.product_type as p_type',
        'p.product_quantity_type as p_quantity_type',
        'p.is_premium as p_is_premium',
        'p.is_organic as p_is_organic',
      ])
      .where('i.quote_id', 'in', chunk)
      .orderBy('i.quote_id')
      .orderBy('i.position')
      .execute(),
  );
  for (const row of rows) {
    const item: QuoteItem = {
      _id: row.id,
      productId: joinedProductRef(row),
      requiredQty: Number(row.required_qty),
      packagingType: row.packaging_type as QuoteItem['packagingType'],
      isCustomPackagingRequired: fromFlag(row.is_custom_packaging_required),
    };
    const list = out.get(row.quote_id);
    if (list) list.push(item);
    else out.set(row.quote_id, [item]);
  }
  return out;
}

/** Store a new quote's lines (position 0 first), with the quote's created_at (`createdAt`), which the dashboard counts them by. */
export async function insertItems(
  db: DbOrTx,
  quote: { id: string; createdAt: string },
  items: readonly QuoteItemInput[],
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('quote_items')
    .values(
      items.map((item, position) => ({
        id: newId(nowMs),
        quote_id: quote.id,
        position,
        product_id: item.productId,
        required_qty: item.requiredQty,
        packaging_type: item.packagingType,
        is_custom_packaging_required: toFlag(item.isCustomPackagingRequired),
        created_at: quote.createdAt,
      })),
    )
    .execute();
}

/** Priced lines of `offerIds` by offer id, each in the quote's line order. */
export async function offerLinesOf(db: DbOrTx, offerIds: readonly string[]): Promise<Map<string, QuoteOfferLineRow[]>> {
  const out = new Map<string, QuoteOfferLineRow[]>();
  if (offerIds.length === 0) return out;
  const rows = await inChunks(offerIds, (chunk) =>
    db.selectFrom('quote_offer_lines').selectAll().where('offer_id', 'in', chunk).orderBy('offer_id').orderBy('position').execute(),
  );
  for (const row of rows) {
    const list = out.get(row.offer_id);
    if (list) list.push(row);
    else out.set(row.offer_id, [row]);
  }
  return out;
}

export async function insertOfferLines(
  db: DbOrTx,
  offerId: string,
  lines: readonly { itemId: string; position: number; unitPriceMinor: number; quantity: number | null }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('quote_offer_lines')
    .values(
      lines.map((line) => ({
        offer_id: offerId,
        item_id: line.itemId,
        position: line.position,
        unit_price_minor: line.unitPriceMinor,
        quantity: line.quantity,
      })),
    )
    .execute();
}

/**
 * A quote's line ids in order (for pricing an offer). A quote stored without lines (a row written
 * directly) gets its one line first, from its own columns, with the quote's id (as the migration).
 */
export async function itemKeys(db: DbOrTx, quoteId: string): Promise<{ id: string; position: number; productId: string | null }[]> {
  const stored = await db.selectFrom('quote_items').select('id').where('quote_id', '=', quoteId).limit(1).executeTakeFirst();
  if (!stored) {
    await db
      .insertInto('quote_items')
      .columns(['id', 'quote_id', 'position', 'product_id', 'required_qty', 'packaging_type', 'is_custom_packaging_required', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('quotes')
          .select([
            'id',
            'id as quote_id',
            eb.lit(0).as('position'),
            'product_id',
            'required_qty',
            'packaging_type',
            'is_custom_packaging_required',
            'created_at',
          ])
          .where('id', '=', quoteId),
      )
      .execute();
  }
  const rows = await db
    .selectFrom('quote_items')
    .select(['id', 'position', 'product_id'])
    .where('quote_id', '=', quoteId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, position: r.position, productId: r.product_id }));
}
