/** The passkeys of accounts and the WebAuthn challenges handed out for them (passkeys.ts). */
import type { PasskeyRecord } from '@agro/shared';
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import type { PasskeyChallengesTable, PasskeysTable } from '../../db/schema.js';

export type PasskeyRow = Selectable<PasskeysTable>;
export type ChallengePurpose = PasskeyChallengesTable['purpose'];

export function toPasskeyRecord(row: PasskeyRow): PasskeyRecord {
  return { _id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at, backedUp: Number(row.backed_up) === 1 };
}

export async function listPasskeys(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function hasPasskey(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst());
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(db: DbOrTx, row: Insertable<PasskeysTable>): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

/** False when `id` is not a passkey of `userId`. */
export async function renamePasskey(db: DbOrTx, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const done = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (done.numUpdatedRows !== 1n) return undefined;
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const done = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return done.numDeletedRows === 1n;
}

/**
 * A use of the passkey with the authenticator's new counter: only over the counter it was checked
 * against (two answers racing with one counter value: one of them is refused).
 */
export async function recordPasskeyUse(db: DbOrTx, row: PasskeyRow, counter: number, nowMs = Date.now()): Promise<boolean> {
  const done = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: nowIso(nowMs) })
    .where('id', '=', row.id)
    .where('counter', '=', Number(row.counter))
    .executeTakeFirst();
  return done.numUpdatedRows === 1n;
}

export async function saveChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  ttlMs: number,
  nowMs = Date.now(),
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', nowIso(nowMs)).execute();
  await db
    .insertInto('passkey_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: nowIso(nowMs + ttlMs) })
    .execute();
}

/**
 * The challenge for `purpose`, used up: undefined when it was never handed out, expired or used
 * already (the delete of one process wins; any other finds nothing).
 */
export async function takeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  nowMs = Date.now(),
): Promise<{ userId: string | null } | undefined> {
  const row = await db
    .selectFrom('passkey_challenges')
    .select('user_id')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', nowIso(nowMs))
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).executeTakeFirst();
  return taken.numDeletedRows === 1n ? { userId: row.user_id } : undefined;
}
