import type { DbOrTx } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { UserRow } from '../../db/schema.js';
import type { NewSession, SessionStore } from '../../plugins/auth.js';

/** The auth plugin's view of the sessions table. */
export function sessionStore(db: DbOrTx): SessionStore {
  return {
    insert: (session) => insertSession(db, session),
    findUser: (tokenHash, now) => findSessionUser(db, tokenHash, now),
    extend: (tokenHash, expiresAt, seenAt) => extendSession(db, tokenHash, expiresAt, seenAt),
    delete: (tokenHash) => deleteSession(db, tokenHash),
  };
}

export async function insertSession(db: DbOrTx, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      id: newId(),
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      last_seen_at: session.createdAt,
      user_agent: session.userAgent ?? '',
      ip_prefix: session.ipPrefix ?? '',
    })
    .execute();
}

/** The session's user when the session exists and has not expired at `nowIso`. */
export async function findSessionUser(
  db: DbOrTx,
  tokenHash: string,
  nowIso: string,
): Promise<{ user: UserRow; expiresAt: string; lastSeenAt: string | null } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at as session_expires_at', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', nowIso)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_expires_at, session_last_seen_at, ...user } = row;
  return { user, expiresAt: session_expires_at, lastSeenAt: session_last_seen_at };
}

/** Marks the session used at `seenAt`, and moves its end to `expiresAt` when given. */
export async function extendSession(db: DbOrTx, tokenHash: string, expiresAt: string | undefined, seenAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: seenAt, ...(expiresAt ? { expires_at: expiresAt } : {}) })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export interface SessionRow {
  id: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string | null;
  user_agent: string;
  ip_prefix: string;
}

/** An account's live sessions, the most recently used first. */
export async function listUserSessions(db: DbOrTx, userId: string, nowIso: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_seen_at', 'user_agent', 'ip_prefix'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends one of the account's sessions by its public id: the ended session's token hash, or undefined when it has none such. */
export async function deleteUserSession(db: DbOrTx, userId: string, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', id).returning('token_hash').executeTakeFirst();
  return row?.token_hash;
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** End every session of a user, except `keepTokenHash` when given (the caller's own): how many ended. */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepTokenHash?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: DbOrTx, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
}
