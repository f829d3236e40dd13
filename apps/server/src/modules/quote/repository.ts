import type { Quote } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { fromFlag, toQuoteProductRef } from '../../db/mappers.js';
import type { NewQuoteRow, QuoteRow } from '../../db/schema.js';

/** Quote columns plus the product fields a quote shows (null when the product is gone). */
function selectQuotes(db: DbOrTx) {
  return db
    .selectFrom('quotes')
    .leftJoin('products', 'products.id', 'quotes.product_id')
    .selectAll('quotes')
    .select([
      'products.id as p_id',
      'products.product_name as p_name',
      'products.product_type as p_type',
      'products.product_quantity_type as p_quantity_type',
      'products.is_premium as p_is_premium',
      'products.is_organic as p_is_organic',
    ]);
}

type JoinedQuoteRow = QuoteRow & {
  p_id: string | null;
  p_name: string | null;
  p_type: 'AGRO' | 'NONAGRO' | null;
  p_quantity_type: 'KG' | 'LTR' | 'NOS' | 'TONS' | null;
  p_is_premium: number | null;
  p_is_organic: number | null;
};

function toQuote(row: JoinedQuoteRow): Quote {
  return {
    _id: row.id,
    companyName: row.company_name,
    contactPersonName: row.contact_person_name,
    companyEmail: row.company_email,
    mobileNumber: row.mobile_number,
    country: row.country,
    address: row.address,
    requiredQty: Number(row.required_qty),
    packagingType: row.packaging_type as Quote['packagingType'],
    isCustomPackagingRequired: fromFlag(row.is_custom_packaging_required),
    productId:
      row.p_id === null
        ? null
        : toQuoteProductRef({
            id: row.p_id,
            product_name: row.p_name ?? '',
            product_type: row.p_type ?? 'AGRO',
            product_quantity_type: row.p_quantity_type ?? 'NOS',
            is_premium: row.p_is_premium ?? 0,
            is_organic: row.p_is_organic ?? 0,
          }),
    deliveryLocation: row.delivery_location,
    isUrgent: fromFlag(row.is_urgent),
    additionalInfo: row.additional_info,
    heardFrom: row.heard_from,
    quotedByEmail: row.quoted_by_email,
    createdAt: row.created_at,
  };
}

export async function findProductName(db: DbOrTx, productId: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('product_name').where('id', '=', productId).executeTakeFirst();
  return row?.product_name;
}

export async function insertQuote(db: DbOrTx, row: NewQuoteRow): Promise<Quote> {
  await db.insertInto('quotes').values(row).execute();
  return (await findQuote(db, row.id))!;
}

export async function findQuote(db: DbOrTx, id: string): Promise<Quote | undefined> {
  const row = await selectQuotes(db).where('quotes.id', '=', id).executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

/** Newest first; the id breaks ties between quotes made in the same millisecond. */
export async function listQuotes(db: DbOrTx, filter: { userId?: string } = {}): Promise<Quote[]> {
  let query = selectQuotes(db);
  if (filter.userId !== undefined) query = query.where('quotes.user_id', '=', filter.userId);
  const rows = await query.orderBy('quotes.created_at', 'desc').orderBy('quotes.id', 'desc').execute();
  return rows.map(toQuote);
}

export async function deleteQuote(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('quotes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
