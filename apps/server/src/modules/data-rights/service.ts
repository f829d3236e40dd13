/**
 * DELETE /api/v1/user/account (issue 44, item 3): the account removed in one transaction with its
 * sessions, second factor, recovery codes and passkeys; its quotes without an order and its inquiries made
 * anonymous; its orders (with their quotes, proformas, documents and threads) kept for the
 * settings' `retentionYears`; one audit row saying what was kept and until when.
 */
import { DATA_RIGHTS_TEXT, deletedAccountEmail, type AccountDeleted, type SiteSettings } from '@agro/shared';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { handBackLeads } from '../assignment/index.js';
import { recordAudit } from '../audit/index.js';
import { findUserById } from '../user/index.js';
import { anonymiseLeads, deleteAccountRows, ordersOf } from './repository.js';

/** The day a record made at `createdAt` may go: `years` later. */
export function keptUntil(createdAt: string, years: number): string {
  const day = new Date(createdAt);
  day.setUTCFullYear(day.getUTCFullYear() + years);
  return day.toISOString().slice(0, 10);
}

export interface DeletedAccount extends Omit<AccountDeleted, 'success' | 'message'> {
  /** Files of the removed attachments, to delete once the transaction committed. */
  files: string[];
}

export async function deleteAccount(
  db: Db,
  dialect: Dialect,
  userId: string,
  /** The password to check, or `passkey`: one of the account's passkeys confirmed it already (routes.ts). */
  proof: { password: string } | 'passkey',
  settings: Pick<SiteSettings, 'retentionYears' | 'assignment'>,
): Promise<DeletedAccount> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (proof !== 'passkey' && !(await verifyPassword(proof.password, user.password_hash)))
    throw badRequest(DATA_RIGHTS_TEXT.wrongPassword, { password: DATA_RIGHTS_TEXT.wrongPassword });
  const years = settings.retentionYears;
  return db.transaction().execute(async (tx) => {
    const actor = { userId, email: deletedAccountEmail(userId) };
    if (user.role === 'ADMIN') {
      // PostgreSQL: the administrators' rows are locked, as the team's removal does, so two last
      // administrators deleting themselves at once cannot both pass; SQLite runs one writer at a time.
      const admins =
        dialect === 'postgres'
          ? (await sql<{ id: string }>`select id from users where role = 'ADMIN' for update`.execute(tx)).rows
          : await tx.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
      if (admins.length <= 1) throw conflict(DATA_RIGHTS_TEXT.lastAdmin);
      await handBackLeads(tx, userId, settings.assignment, actor);
    }
    const anonymised = await anonymiseLeads(tx, userId);
    const kept = (await ordersOf(tx, userId)).map((o) => ({ orderNumber: o.orderNumber, keptUntil: keptUntil(o.createdAt, years) }));
    await deleteAccountRows(tx, userId, user.email);
    const until =
      kept
        .map((k) => k.keptUntil)
        .sort()
        .at(-1) ?? null;
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'account',
      entityId: userId,
      // Who it was is the account's id and role only: its name and e-mail are what was asked to go.
      before: { role: user.role, createdAt: user.created_at },
      after: {
        deletedAt: nowIso(),
        ordersKept: kept.map((k) => k.orderNumber),
        keptUntil: until,
        retentionYears: years,
        quotesAnonymised: anonymised.quotes,
        inquiriesAnonymised: anonymised.inquiries,
        samplesAnonymised: anonymised.samples,
      },
    });
    return {
      kept,
      retentionYears: years,
      anonymised: { quotes: anonymised.quotes, inquiries: anonymised.inquiries, samples: anonymised.samples },
      files: anonymised.files,
    };
  });
}
