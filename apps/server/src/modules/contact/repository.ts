import { replyDueAtOf, type Inquiry, type InquiryStatus, type LeadPage, type QuantityType } from '@agro/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { queueWebhookEvent } from '../webhooks/repository.js';
import type { ContactRow, NewContactRow } from '../../db/schema.js';
import { allOf, EXPORT_BATCH, leadConditions, leadOrder, leadPage, readBatch, type LeadFilter, wantsPage } from '../leads/index.js';
import { lastActivitySql, unreadCountSql, type Viewer } from '../messages/index.js';

export async function insertContact(db: DbOrTx, row: NewContactRow): Promise<ContactRow> {
  await db.insertInto('contacts').values(row).execute();
  const stored = (await db.selectFrom('contacts').selectAll().where('id', '=', row.id).executeTakeFirst())!;
  // Held as spam: no other system hears of it.
  if (!stored.spam_reason) await queueWebhookEvent(db, 'inquiry.created', { inquiry: toContact(stored) });
  return stored;
}

/** The stored inquiry and its account's email today (null once the account is gone). */
export async function findContactRow(db: DbOrTx, id: string): Promise<{ row: ContactRow; accountEmail: string | null } | undefined> {
  const found = await db
    .selectFrom('contacts')
    .leftJoin('users', 'users.id', 'contacts.user_id')
    .selectAll('contacts')
    .select('users.email as account_email')
    .where('contacts.id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  const { account_email, ...row } = found;
  return { row, accountEmail: account_email };
}

/**
 * Inquiries with the product's unit (null once the product is gone) and their owner's name; with
 * `viewer`, their unread messages and last activity.
 */
function selectInquiries(db: DbOrTx, viewer?: Viewer) {
  return db
    .selectFrom('contacts')
    .leftJoin('products', 'products.id', 'contacts.product_id')
    .leftJoin('users as owner', 'owner.id', 'contacts.assignee_id')
    .selectAll('contacts')
    .select(['products.product_quantity_type as p_quantity_type', 'owner.full_name as assignee_name'])
    .$if(viewer !== undefined, (qb) =>
      qb.select([unreadCountSql('contact', viewer!).as('unread'), lastActivitySql('contact').as('last_activity')]),
    );
}

/** An inquiry as POST /contact/addNewContact answers it. */
export function toContact(row: ContactRow) {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    companyName: row.company_name,
    country: row.country,
    productId: row.product_id,
    productName: row.product_name,
    estimatedQuantity: Number(row.estimated_quantity),
    description: row.description,
    createdAt: row.created_at,
  };
}

/** As the inbox lists it: with the product's unit, the handled mark, the reply clock and the owner. */
function toInquiry(
  row: ContactRow & {
    p_quantity_type: QuantityType | null;
    assignee_name: string | null;
    unread?: number | string;
    last_activity?: string;
  },
): Inquiry {
  return {
    ...toContact(row),
    productQuantityType: row.p_quantity_type,
    handled: row.handled_at !== null,
    handledAt: row.handled_at,
    ...(row.spam_reason ? { spamReason: row.spam_reason } : {}),
    ...(row.unread !== undefined ? { unread: Number(row.unread) } : {}),
    ...(row.last_activity !== undefined ? { lastActivityAt: row.last_activity } : {}),
    replyDueAt: row.reply_due_at ?? replyDueAtOf(row.created_at),
    firstReplyAt: row.first_reply_at,
    assignee: row.assignee_id !== null && row.assignee_name !== null ? { _id: row.assignee_id, fullName: row.assignee_name } : null,
    followUpOn: row.follow_up_on,
  };
}

/** Search the inbox by company, person and email. */
const INQUIRY_SEARCH_COLUMNS = ['company_name', 'full_name', 'email'] as const;

function inquiryConditions(db: DbOrTx, filter: InquiryListFilter) {
  // The reply clock (reply=due|overdue) is read at the filter's `now` (the app's clock), else now.
  const conditions = leadConditions(db, 'contacts', filter, INQUIRY_SEARCH_COLUMNS);
  if (filter.status === 'OPEN') conditions.push(sql<boolean>`contacts.handled_at is null`);
  if (filter.status === 'HANDLED') conditions.push(sql<boolean>`contacts.handled_at is not null`);
  // A buyer sees every inquiry they sent, held or not: holding one is the company's business.
  if (filter.userId !== undefined) conditions.push(sql<boolean>`contacts.user_id = ${filter.userId}`);
  else conditions.push(filter.spam === true ? sql<boolean>`contacts.spam_reason is not null` : sql<boolean>`contacts.spam_reason is null`);
  return conditions;
}

/** Every inquiry that matches, newest first, a batch at a time (keyset pagination; see quoteBatches). */
export async function* inquiryBatches(db: DbOrTx, filter: InquiryListFilter, size = EXPORT_BATCH): AsyncGenerator<Inquiry[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const conditions = inquiryConditions(db, filter);
    if (after) {
      conditions.push(sql<boolean>`(contacts.created_at, contacts.id) < (${after.createdAt}, ${after.id})`);
    }
    const rows = await readBatch(
      db,
      selectInquiries(db).where(allOf(conditions)).orderBy('contacts.created_at', 'desc').orderBy('contacts.id', 'desc').limit(size),
      size,
    );
    if (rows.length === 0) return;
    yield rows.map(toInquiry);
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

export interface InquiryListFilter extends LeadFilter {
  status?: InquiryStatus | undefined;
  /** true: only the inquiries held as spam; otherwise only the others (a buyer's own list: both). */
  spam?: boolean | undefined;
  /** A buyer's own inquiries (issue 40). */
  userId?: string;
  /** Who lists them: each inquiry then carries their unread messages and its last activity (issue 40). */
  viewer?: Viewer;
}

/** Newest first; every match, or one page of them when `page` or `limit` is set. */
export async function listInquiries(db: DbOrTx, filter: InquiryListFilter): Promise<{ inquiries: Inquiry[]; page?: LeadPage }> {
  const where = allOf(inquiryConditions(db, filter));
  const order = leadOrder('contacts', filter);
  const query = selectInquiries(db, filter.viewer).where(where).orderBy(order);
  if (!wantsPage(filter)) return { inquiries: (await query.execute()).map(toInquiry) };

  // One page: its ids from `contacts` alone, then only those rows joined (modules/leads/filters.ts).
  const { rows, page } = await leadPage(db, 'contacts', where, filter, (pageIds) =>
    selectInquiries(db, filter.viewer).where('contacts.id', 'in', pageIds).orderBy(order).execute(),
  );
  return { inquiries: rows.map(toInquiry), page };
}

export async function findInquiry(db: DbOrTx, id: string): Promise<Inquiry | undefined> {
  const row = await selectInquiries(db).where('contacts.id', '=', id).executeTakeFirst();
  return row ? toInquiry(row) : undefined;
}

/**
 * Mark handled (keeping the first time it was) or reopen; false when there is no such inquiry. The
 * mark is a reply of the company's: the caller stamps the reply clock (modules/reply-clock), which a
 * reopening leaves as it was.
 */
export async function setInquiryHandled(db: DbOrTx, id: string, handled: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set({ handled_at: handled ? sql<string>`coalesce(handled_at, ${now})` : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteInquiry(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Release an inquiry held as spam: true when it was held (one of two concurrent releases wins). */
export async function releaseInquiry(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set({ spam_reason: null })
    .where('id', '=', id)
    .where('spam_reason', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
