import type { DbOrTx } from '../../db/index.js';

export async function insertPasswordReset(
  db: DbOrTx,
  reset: { id: string; userId: string; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: reset.id,
      user_id: reset.userId,
      token_hash: reset.tokenHash,
      created_at: reset.createdAt,
      expires_at: reset.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Mark a valid (unused, unexpired) token as used and return its user id. The check and the
 * update are one statement, so two concurrent requests cannot both use the same token.
 */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string, nowIso: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Drop a user's outstanding tokens (a newer mail or a completed reset supersedes them) and expired ones. */
export async function deleteOpenResets(db: DbOrTx, userId: string, nowIso: string): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', nowIso)]))
    .execute();
}
