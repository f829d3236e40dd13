/**
 * The SQL of the data rights (issue 44, item 3): what an account's export reads, and what its
 * deletion removes or makes anonymous. The leads' search copies follow by themselves: the FTS5
 * tables through their update triggers (SQLite), the pg_trgm indexes being on the columns.
 */
import { anonymiseUserSamples } from '../sample/index.js';
import { DELETED_ACCOUNT_TEXT, THREAD_KINDS, deletedAccountEmail, type ThreadKind } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import type { AuditLogTable } from '../../db/schema.js';

const LEAD_TABLES = { quote: 'quotes', contact: 'contacts', order: 'orders', sample: 'samples' } as const satisfies Record<
  ThreadKind,
  string
>;

/**
 * The ids of the account's leads of `kind`, as a subquery: an account may hold more leads than one
 * statement takes parameters (SQLite 32,766, PostgreSQL 65,535).
 */
const leadsOf = (db: DbOrTx, kind: ThreadKind, userId: string) =>
  db.selectFrom(LEAD_TABLES[kind]).select('id').where('user_id', '=', userId);

/** The account's quotes that led to no order (an order keeps its quote as it was), as a subquery. */
const openQuotesOf = (db: DbOrTx, userId: string) =>
  db
    .selectFrom('quotes as q')
    .select('q.id')
    .where('q.user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.quote_id', '=', 'q.id'))));

/** The ids of the account's quotes, inquiries, orders and sample requests, oldest first. */
export async function leadIdsOf(db: DbOrTx, userId: string): Promise<Record<ThreadKind, string[]>> {
  const ids = async (table: 'quotes' | 'contacts' | 'orders' | 'samples') =>
    (await db.selectFrom(table).select('id').where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute()).map((r) => r.id);
  const [quote, contact, order, sample] = await Promise.all([ids('quotes'), ids('contacts'), ids('orders'), ids('samples')]);
  return { quote, contact, order, sample };
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
  userId: string,
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
  const documents = await db
    .selectFrom('order_documents')
    .selectAll()
    .where('order_id', 'in', leadsOf(db, 'order', userId))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const attachments = [];
  for (const kind of THREAD_KINDS) {
    attachments.push(
      ...(await db
        .selectFrom('message_attachments as a')
        .innerJoin('messages as m', 'm.id', 'a.message_id')
        .selectAll('a')
        .where('m.thread_kind', '=', kind)
        .where('m.thread_id', 'in', leadsOf(db, kind, userId))
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

/**
 * The account's quotes without an order and its inquiries made anonymous: names, e-mail, phone,
 * address and free text replaced, the trade figures (product, quantity, packaging, country, terms,
 * dates, statuses) kept for the dashboard; the buyer's messages in their threads too. Answers the
 * storage names of the attachments removed, for their files to go once this commits.
 */
export async function anonymiseLeads(
  tx: DbOrTx,
  userId: string,
): Promise<{ quotes: number; inquiries: number; samples: number; files: string[] }> {
  const text = DELETED_ACCOUNT_TEXT;
  const email = deletedAccountEmail(userId);
  const threads = {
    quote: openQuotesOf(tx, userId),
    contact: leadsOf(tx, 'contact', userId),
    sample: leadsOf(tx, 'sample', userId),
  } as const;
  await scrubWebhookPayloads(tx, userId);
  const quotes = await tx
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
    .where('id', 'in', threads.quote)
    .executeTakeFirst();
  // The buyer's own words in the history (a reason to decline) go; the company's stay.
  await tx.updateTable('quote_events').set({ note: '' }).where('quote_id', 'in', threads.quote).where('actor', '=', 'BUYER').execute();
  const inquiries = await tx
    .updateTable('contacts')
    .set({ full_name: text, email, company_name: text, description: text })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const files: string[] = [];
  for (const kind of ['quote', 'contact', 'sample'] as const) {
    const buyers = tx
      .selectFrom('messages')
      .select('id')
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', threads[kind])
      .where('author', '=', 'BUYER');
    const attachments = await tx.selectFrom('message_attachments').select('storage_name').where('message_id', 'in', buyers).execute();
    files.push(...attachments.map((a) => a.storage_name));
    await tx.deleteFrom('message_attachments').where('message_id', 'in', buyers).execute();
    await tx
      .updateTable('messages')
      .set({ body: text, author_name: text, proposal: null })
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', threads[kind])
      .where('author', '=', 'BUYER')
      .execute();
    // Reply-by-mail addresses to the buyer go with the address they named.
    await tx
      .deleteFrom('reply_tokens')
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', threads[kind])
      .where('recipient', '=', 'BUYER')
      .execute();
  }
  // Sample requests (issue 43): name, e-mail, company, address, courier account and notes go; products, country and steps stay.
  const samples = await anonymiseUserSamples(tx, userId, text, email);
  return { quotes: Number(quotes.numUpdatedRows), inquiries: Number(inquiries.numUpdatedRows), samples, files };
}

/** Replaces, anywhere in `value`, each string of `personal` (e-mail addresses by `email`, the rest by the fixed text). */
function scrub(value: unknown, personal: ReadonlySet<string>, email: string): unknown {
  if (typeof value === 'string') return personal.has(value) ? (value.includes('@') ? email : DELETED_ACCOUNT_TEXT) : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, personal, email));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, personal, email)]));
  return value;
}

const DELIVERIES_BATCH = 500;

/**
 * The webhook deliveries' log (GET /webhooks/{id}/deliveries shows each payload) holds copies of the
 * leads: every value of the account and of the leads made anonymous is replaced there too, in the
 * deliveries still to go as in those sent. Orders' events keep theirs (the orders are kept). Read
 * before the leads change, the log a batch at a time.
 */
async function scrubWebhookPayloads(tx: DbOrTx, userId: string): Promise<void> {
  const user = await tx.selectFrom('users').select(['email', 'full_name', 'phone_number']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  // Added one by one: an account's thousands of leads would overflow a spread's arguments.
  const personal = new Set<string>();
  const add = (row: Record<string, string>) => {
    for (const value of Object.values(row)) if (value.trim().length > 0) personal.add(value);
  };
  add(user);
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
    .where('id', 'in', openQuotesOf(tx, userId))
    .execute();
  quotes.forEach(add);
  const inquiries = await tx
    .selectFrom('contacts')
    .select(['full_name', 'email', 'company_name', 'description'])
    .where('user_id', '=', userId)
    .execute();
  inquiries.forEach(add);
  const samples = await tx
    .selectFrom('samples')
    .select(['contact_name', 'account_email', 'company_name', 'address', 'note', 'account_number', 'feedback_note'])
    .where('user_id', '=', userId)
    .execute();
  samples.forEach((s) => add({ ...s, account_number: s.account_number ?? '', feedback_note: s.feedback_note ?? '' }));
  for (const [kind, threads] of [
    ['quote', openQuotesOf(tx, userId)],
    ['contact', leadsOf(tx, 'contact', userId)],
    ['sample', leadsOf(tx, 'sample', userId)],
  ] as const) {
    const bodies = await tx
      .selectFrom('messages')
      .select('body')
      .where('thread_kind', '=', kind)
      .where('thread_id', 'in', threads)
      .where('author', '=', 'BUYER')
      .execute();
    bodies.forEach(add);
  }
  const email = deletedAccountEmail(userId);
  for (let after = ''; ;) {
    const batch = await tx
      .selectFrom('webhook_deliveries')
      .select(['id', 'payload'])
      .where('event', '!=', 'order.changed')
      .where('id', '>', after)
      .orderBy('id')
      .limit(DELIVERIES_BATCH)
      .execute();
    for (const d of batch) {
      const payload = JSON.stringify(scrub(JSON.parse(d.payload), personal, email));
      if (payload !== d.payload) await tx.updateTable('webhook_deliveries').set({ payload }).where('id', '=', d.id).execute();
    }
    if (batch.length < DELIVERIES_BATCH) break;
    after = batch.at(-1)!.id;
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
 * The account itself: its second factor's recovery codes, its passkeys and their challenges, and waiting sign-ins (no foreign key),
 * its mails not sent yet, then the row; sessions, reset tokens, read marks and unsubscribe tokens
 * go with it (on delete cascade), and its orders keep their rows with no account (set null).
 */
export async function deleteAccountRows(tx: DbOrTx, userId: string, email: string): Promise<void> {
  await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await tx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await tx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await tx.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  await tx.deleteFrom('mail_outbox').where('to_address', '=', email).where('status', '=', 'pending').execute();
  await tx.deleteFrom('users').where('id', '=', userId).execute();
}
