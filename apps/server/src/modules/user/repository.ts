import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function insertUser(db: DbOrTx, row: NewUserRow): Promise<UserRow> {
  await db
    .insertInto('users')
    .values({ ...row, email: normalizeEmail(row.email) })
    .execute();
  return (await findUserById(db, row.id))!;
}

export async function updateUser(db: DbOrTx, id: string, changes: UserUpdate): Promise<UserRow | undefined> {
  const values = changes.email === undefined ? changes : { ...changes, email: normalizeEmail(changes.email) };
  await db.updateTable('users').set(values).where('id', '=', id).execute();
  return findUserById(db, id);
}

/** True when a unique constraint (here: users.email) rejected the write, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' || // PostgreSQL unique_violation
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The language of an account's mails and quotation PDF (issue 28); English for no account. */
export async function userLanguage(db: DbOrTx, userId: string | null | undefined): Promise<Language> {
  if (!userId) return DEFAULT_LANGUAGE;
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
}
