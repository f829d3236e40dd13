import type { DbOrTx } from '../../db/index.js';
import type { ContactRow, NewContactRow } from '../../db/schema.js';

export async function insertContact(db: DbOrTx, row: NewContactRow): Promise<ContactRow> {
  await db.insertInto('contacts').values(row).execute();
  return (await db.selectFrom('contacts').selectAll().where('id', '=', row.id).executeTakeFirst())!;
}

export async function findProductName(db: DbOrTx, productId: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('product_name').where('id', '=', productId).executeTakeFirst();
  return row?.product_name;
}
