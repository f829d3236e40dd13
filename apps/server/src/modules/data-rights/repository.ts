/**
 * The SQL of the data rights (issue 44, item 3): what an account's export reads, and what its
 * deletion removes or makes anonymous. The leads' search copies follow by themselves: the FTS5
 * tables through their update triggers (SQLite), the pg_trgm indexes being on the columns.
 */
import { DELETED_ACCOUNT_TEXT, THREAD_KINDS, deletedAccountEmail, type ThreadKind } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import type { AuditLogTable } from '../../db/schema.js';

/** The ids of the account's quotes, inquiries and orders, oldest first. */
export async function leadIdsOf(db: DbOrTx, userId: string): Promise<Record<ThreadKind, string[]>> {
  const ids = async (table: 'quotes' | 'contacts' | 'orders') =>
    (await db.selectFrom(table).select('id').where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute()).map((r) => r.id);
  const [quote, contact, order] = await Promise.all([ids('quotes'), ids('contacts'), ids('orders')]);
  return { quote, contact, order };
}

/** The audit rows about the account, or written by it (an administrator's), oldest first. */
export async function auditRowsOf(db: DbOrTx, userId: string): Promise<AuditLogTable[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => eb.or([eb('entity_id', '=', userId), eb('actor_id', '=', userId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every file of the account's threads (attachments) and orders (documents), in a stable order. */
export async function filesOf(
  db: DbOrTx,
  leads: Record<ThreadKind, string[]>,
): Promise<
  {
    kind: 'order-document' | 'message-attachment';
    ownerId: string;
    id: string;
    fileName: string;
    storageName: string;
    contentType: string;
    bytes: number;
  }[]
> {
  const documents =
    leads.order.length === 0
      ? []
      : await db
          .selectFrom('order_documents')
          .selectAll()
          .where('order_id', 'in', leads.order)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
  const attachments = [];
  for (const kind of THREAD_KINDS) {
    if (leads[kind].length === 0) continue;
    attachments.push(
      ...(await db
        .selectFrom('message_attachments as a')
        .innerJoin('messages as m', 'm.id', 'a.message_id')
        .selectAll('a')
        .where('m.thread_kind', '=', kind)
        .where('m.thread_id', 'in', leads[kind])
        .orderBy('m.created_at')
        .orderBy('a.position')
        .execute()),
    );
  }
  return [
    ...documents.map((d) => ({
      kind: 'order-document' as const,
      ownerId: d.order_id,
      id: d.id,
      fileName: d.file_name,
      storageName: d.storage_name,
      contentType: d.content_type,
      bytes: d.bytes,
    })),
    ...attachments.map((a) => ({
      kind: 'message-attachment' as const,
      ownerId: a.message_id,
      id: a.id,
      fileName: a.file_name,
      storageName: a.storage_name,
      contentType: a.content_type,
      bytes: a.bytes,
    })),
  ];
}

/** The account's quotes that led to no order (an order keeps its quote as it was). */
async function quotesWithoutOrder(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('quotes as q')
    .select('q.id')
    .where('q.user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.quote_id', '=', 'q.id'))))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The account's quotes without an order and its inquiries made anonymous: names, e-mail, phone,
 * address and free text replaced, the trade figures (product, quantity, packaging, country, terms,
 * dates, statuses) kept for the dashboard; the buyer's messages in their threads too. Answers the
 * storage names of the attachments removed, for their files to go once this commits.
 */
export async function anonymiseLeads(tx: DbOrTx, userId: string): Promise<{ quotes: number; inquiries: number; files: string[] }> {
  const text = DELETED_ACCOUNT_TEXT;
  const email = deletedAccountEmail(userId);
  const quoteIds = await quotesWithoutOrder(tx, userId);
  const inquiryIds = (await tx.selectFrom('contacts').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  await scrubWebhookPayloads(tx, userId, quoteIds, inquiryIds);
  if (quoteIds.length > 0) {
    await tx
      .updateTable('quotes')
      .set({
        company_name: text,
        contact_person_name: text,
        company_email: email,
        quoted_by_email: email,
        mobile_number: '',
        address: text,
        delivery_location: text,
        additional_info: '',
      })
      .where('id', 'in', quoteIds)
      .execute();
    // The buyer's own words in the history (a reason to decline) go; the company's stay.
    await tx.updateTable('quote_events').set({ note: '' }).where('quote_id', 'in', quoteIds).where('actor', '=', 'BUYER').execute();
  }
  if (inquiryIds.length > 0) {
    await tx
      .updateTable('contacts')
      .set({ full_name: text, email, company_name: text, description: text })
      .where('id', 'in', inquiryIds)
      .execute();
  }
  const files: string[] = [];
  for (const [kind, ids] of [
    ['quote', quoteIds],
    ['contact', inquiryIds],
  ] as const) {
    if (ids.length === 0) continue;
    const buyers = tx
      .selectFrom('messages')
      .select('id')
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', ids)
      .where('author', '=', 'BUYER');
    const attachments = await tx
      .selectFrom('message_attachments')
      .select(['id', 'storage_name'])
      .where('message_id', 'in', buyers)
      .execute();
    files.push(...attachments.map((a) => a.storage_name));
    if (attachments.length > 0) {
      await tx
        .deleteFrom('message_attachments')
        .where(
          'id',
          'in',
          attachments.map((a) => a.id),
        )
        .execute();
    }
    await tx
      .updateTable('messages')
      .set({ body: text, author_name: text, proposal: null })
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', ids)
      .where('author', '=', 'BUYER')
      .execute();
    // Reply-by-mail addresses to the buyer and their pending digests go with the address they named.
    await tx
      .deleteFrom('reply_tokens')
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', ids)
      .where('recipient', '=', 'BUYER')
      .execute();
  }
  return { quotes: quoteIds.length, inquiries: inquiryIds.length, files };
}

/** Replaces, anywhere in `value`, each string of `personal` (e-mail addresses by `email`, the rest by the fixed text). */
function scrub(value: unknown, personal: ReadonlySet<string>, email: string): unknown {
  if (typeof value === 'string') return personal.has(value) ? (value.includes('@') ? email : DELETED_ACCOUNT_TEXT) : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, personal, email));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, personal, email)]));
  return value;
}

/**
 * The webhook deliveries' log (GET /webhooks/{id}/deliveries shows each payload) holds copies of the
 * leads: every value of the account and of the leads made anonymous is replaced there too, in the
 * deliveries still to go as in those sent. Orders' events keep theirs (the orders are kept).
 */
async function scrubWebhookPayloads(tx: DbOrTx, userId: string, quoteIds: readonly string[], inquiryIds: readonly string[]): Promise<void> {
  const user = await tx.selectFrom('users').select(['email', 'full_name', 'phone_number']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const values: string[] = [user.email, user.full_name, user.phone_number];
  if (quoteIds.length > 0) {
    const quotes = await tx
      .selectFrom('quotes')
      .select([
        'company_name',
        'contact_person_name',
        'company_email',
        'quoted_by_email',
        'mobile_number',
        'address',
        'delivery_location',
        'additional_info',
      ])
      .where('id', 'in', quoteIds)
      .execute();
    values.push(...quotes.flatMap((q) => Object.values(q)));
  }
  if (inquiryIds.length > 0) {
    const inquiries = await tx
      .selectFrom('contacts')
      .select(['full_name', 'email', 'company_name', 'description'])
      .where('id', 'in', inquiryIds)
      .execute();
    values.push(...inquiries.flatMap((c) => Object.values(c)));
  }
  for (const [kind, ids] of [
    ['quote', quoteIds],
    ['contact', inquiryIds],
  ] as const) {
    if (ids.length === 0) continue;
    const bodies = await tx
      .selectFrom('messages')
      .select('body')
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', ids)
      .where('author', '=', 'BUYER')
      .execute();
    values.push(...bodies.map((b) => b.body));
  }
  const personal = new Set(values.filter((v) => v.trim().length > 0));
  const leads = [userId, ...quoteIds, ...inquiryIds];
  const deliveries = await tx
    .selectFrom('webhook_deliveries')
    .select(['id', 'payload'])
    .where('event', '!=', 'order.changed')
    .where((eb) => eb.or([eb('payload', 'like', `%${user.email}%`), ...leads.map((id) => eb('payload', 'like', `%${id}%`))]))
    .execute();
  const email = deletedAccountEmail(userId);
  for (const d of deliveries) {
    const payload = JSON.stringify(scrub(JSON.parse(d.payload), personal, email));
    if (payload !== d.payload) await tx.updateTable('webhook_deliveries').set({ payload }).where('id', '=', d.id).execute();
  }
}

/** The account's orders: the ones kept, with the day each was made. */
export async function ordersOf(tx: DbOrTx, userId: string): Promise<{ id: string; orderNumber: string; createdAt: string }[]> {
  const rows = await tx
    .selectFrom('orders')
    .select(['id', 'order_number', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, orderNumber: r.order_number, createdAt: r.created_at }));
}

/**
 * The account itself: its second factor's recovery codes and waiting sign-ins (no foreign key),
 * its mails not sent yet, then the row; sessions, reset tokens, read marks and unsubscribe tokens
 * go with it (on delete cascade), and its orders keep their rows with no account (set null).
 */
export async function deleteAccountRows(tx: DbOrTx, userId: string, email: string): Promise<void> {
  await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await tx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await tx.deleteFrom('mail_outbox').where('to_address', '=', email).where('status', '=', 'pending').execute();
  await tx.deleteFrom('users').where('id', '=', userId).execute();
}
