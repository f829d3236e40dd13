import type { SiteSettings } from '@agro/shared';
import type { Db, DbOrTx } from '../../db/index.js';

/** What the reminder jobs read besides the clock the scheduler gives them. */
export interface ReminderContext {
  db: Db;
  /** The current settings (read before a job's transactions: on SQLite a read through `db` inside one would wait for it). */
  settings: () => Promise<SiteSettings>;
  /** The site's address for the mails' links (PUBLIC_URL). */
  baseUrl: string;
}

/** The administrators now (a removed one is a USER again), by id. */
export async function administrators(db: DbOrTx): Promise<Map<string, { email: string; fullName: string }>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('role', '=', 'ADMIN')
    .orderBy('created_at')
    .execute();
  return new Map(rows.map((r) => [r.id, { email: r.email, fullName: r.full_name }]));
}
