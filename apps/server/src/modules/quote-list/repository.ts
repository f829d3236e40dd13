/** A buyer's quote list (issue 45): one row per user, its lines as JSON, read and replaced whole. */
import { quoteListItemSchema, type QuoteListItem, type QuoteListRecordItem } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';

/** The user's list, [] when none; lines that no longer read (a changed rule) are left out. */
export async function readQuoteList(db: DbOrTx, userId: string): Promise<QuoteListRecordItem[]> {
  const row = await db.selectFrom('quote_lists').select('items').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return [];
  const parsed: unknown = JSON.parse(row.items);
  return Array.isArray(parsed)
    ? parsed.flatMap((item) => {
        const one = quoteListItemSchema.safeParse(item);
        return one.success ? [{ ...one.data, packagingType: one.data.packagingType as QuoteListRecordItem['packagingType'] }] : [];
      })
    : [];
}

/** Replace the user's list (an empty list removes the row). */
export async function writeQuoteList(db: DbOrTx, userId: string, items: readonly QuoteListItem[], now: string): Promise<void> {
  if (items.length === 0) {
    await db.deleteFrom('quote_lists').where('user_id', '=', userId).execute();
    return;
  }
  const json = JSON.stringify(items);
  await db
    .insertInto('quote_lists')
    .values({ user_id: userId, items: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ items: json, updated_at: now }))
    .execute();
}
