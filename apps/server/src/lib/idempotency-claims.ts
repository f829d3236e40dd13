/**
 * The Idempotency-Key a request claimed (plugins/idempotency.ts), for the transaction of the change
 * it makes: `markApplied(tx)` marks the key applied in that transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../db/index.js';

export interface Claim {
  scope: string;
  key: string;
}

/** The claim of the request whose handler is running (set by the idempotency plugin). */
export const claims = new AsyncLocalStorage<Claim>();

/**
 * Inside the transaction of the change a request makes: its key (if it has one) is marked applied
 * in the same transaction, so a repeat never makes the change again, even when the process dies
 * before the answer is kept. A no-op outside such a request.
 */
export async function markApplied(tx: DbOrTx): Promise<void> {
  const claim = claims.getStore();
  if (!claim) return;
  await tx
    .updateTable('idempotency_keys')
    .set({ state: 'applied' })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('state', '=', 'running')
    .execute();
}
