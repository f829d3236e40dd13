import type { DbOrTx } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import type { SessionStore } from '../../plugins/auth.js';

/** The auth plugin's view of the sessions table. */
export function sessionStore(db: DbOrTx): SessionStore {
  return {
    insert: (session) => insertSession(db, session),
    findUser: (tokenHash, now) => findSessionUser(db, tokenHash, now),
    extend: (tokenHash, expiresAt) => extendSession(db, tokenHash, expiresAt),
    delete: (tokenHash) => deleteSession(db, tokenHash),
  };
}

export async function insertSession(
  db: DbOrTx,
  session: { tokenHash: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session's user when the session exists and has not expired at `nowIso`. */
export async function findSessionUser(
  db: DbOrTx,
  tokenHash: string,
  nowIso: string,
): Promise<{ user: UserRow; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', nowIso)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_expires_at, ...user } = row;
  return { user, expiresAt: session_expires_at };
}

export async function extendSession(db: DbOrTx, tokenHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** End every session of a user, except `keepTokenHash` when given (the caller's own). */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepTokenHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}

export async function deleteExpiredSessions(db: DbOrTx, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
}
