/**
 * The team's rules (issue 26, item 2): invitations are single-use and expire after 72 hours;
 * accepting one makes (or turns) the account an ADMIN; the last administrator is never removed;
 * a removed administrator's sessions end, and their open leads go back to the assignment rule
 * (issue 41), in the same transaction. Every change writes its audit row.
 */
import {
  INVITE_TTL_HOURS,
  TEAM_TEXT,
  type AcceptInviteInput,
  type AssignmentSettings,
  type TeamInvite,
  type TeamMember,
} from '@agro/shared';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { isId, newId } from '../../db/ids.js';
import type { Db, DbOrTx, Dialect } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import type { UserRow } from '../../db/schema.js';
import { handBackLeads } from '../assignment/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { queueMail, type QueuedMail } from '../../mail/mailer.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findUserByEmail, insertUser, normalizeEmail, updateUser } from '../user/repository.js';
import { deleteUserSessions } from '../user/index.js';

const toInvite = (row: { id: string; email: string; invited_by: string; created_at: string; expires_at: string }): TeamInvite => ({
  _id: row.id,
  email: row.email,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** `assignment`: the site's assignment rule now (read before a transaction: on SQLite a read through `db` inside one would wait). */
export function createTeamService(db: Db, dialect: Dialect, config: Config, assignment: () => Promise<AssignmentSettings>) {
  /** Invitations still usable at `now`. */
  const pending = (q: DbOrTx, now: string) =>
    q.selectFrom('team_invites').selectAll().where('used_at', 'is', null).where('cancelled_at', 'is', null).where('expires_at', '>', now);

  async function list(): Promise<{ admins: TeamMember[]; invites: TeamInvite[] }> {
    const [admins, invites] = await Promise.all([
      db.selectFrom('users').select(['id', 'full_name', 'email', 'created_at']).where('role', '=', 'ADMIN').orderBy('created_at').execute(),
      pending(db, nowIso()).orderBy('created_at', 'desc').execute(),
    ]);
    return {
      admins: admins.map((a) => ({ _id: a.id, fullName: a.full_name, email: a.email, createdAt: a.created_at })),
      invites: invites.map(toInvite),
    };
  }

  /** A new invitation for `email` (an earlier pending one for it is cancelled); its mail is queued in the same transaction. */
  async function invite(
    email: string,
    actor: AuditActor,
    mail: (token: string, inviteId: string, address: string) => QueuedMail,
  ): Promise<TeamInvite> {
    const address = normalizeEmail(email);
    const existing = await findUserByEmail(db, address);
    if (existing?.role === 'ADMIN') throw conflict(TEAM_TEXT.alreadyAdmin);
    const token = newToken();
    const now = Date.now();
    const row = {
      id: newId(now),
      email: address,
      token_hash: hashToken(token),
      invited_by: actor.email,
      created_at: nowIso(now),
      expires_at: nowIso(now + INVITE_TTL_HOURS * 3_600_000),
      used_at: null,
      cancelled_at: null,
    };
    await db.transaction().execute(async (tx) => {
      await markApplied(tx);
      await tx
        .updateTable('team_invites')
        .set({ cancelled_at: row.created_at })
        .where('email', '=', address)
        .where('used_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .execute();
      await tx.insertInto('team_invites').values(row).execute();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'team',
        entityId: row.id,
        after: { invite: address, expiresAt: row.expires_at },
      });
      await queueMail(tx, mail(token, row.id, address));
    });
    return toInvite(row);
  }

  /** The invitation's account, now an ADMIN: made, or an existing one promoted with the details given. */
  async function accept(token: string, input: AcceptInviteInput): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password, config.passwordHashCost);
    return db.transaction().execute(async (tx) => {
      const now = nowIso();
      // Claimed by one conditional update: of two uses of the same link, one wins.
      const claimed = await tx
        .updateTable('team_invites')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'email'])
        .executeTakeFirst();
      if (!claimed) throw badRequest(TEAM_TEXT.inviteInvalid);
      const existing = await findUserByEmail(tx, claimed.email);
      const details = {
        full_name: input.fullName,
        phone_number: input.phoneNumber,
        password_hash: passwordHash,
        role: 'ADMIN' as const,
        updated_at: now,
      };
      const user = existing
        ? (await updateUser(tx, existing.id, details))!
        : await insertUser(tx, { id: newId(), email: claimed.email, created_at: now, ...details });
      // A password set by the link replaces any other session of an existing account.
      if (existing) await deleteUserSessions(tx, existing.id);
      await recordAudit(
        tx,
        { userId: user.id, email: user.email },
        {
          action: 'update',
          entityType: 'team',
          entityId: user.id,
          before: { role: existing?.role ?? null, invite: claimed.id },
          after: { role: 'ADMIN', invite: claimed.id },
        },
      );
      return user;
    });
  }

  /** Remove an administrator (back to USER, sessions ended) or cancel a pending invitation. */
  async function remove(id: string, actor: AuditActor): Promise<'removed' | 'cancelled'> {
    // Not an id at all (PostgreSQL refuses a NUL in a text parameter): nothing to look up.
    if (!isId(id)) throw notFound(TEAM_TEXT.notFound);
    const rule = await assignment();
    return db.transaction().execute(async (tx) => {
      // PostgreSQL: the administrators' rows are locked, so two removals at once cannot both pass
      // the last-administrator check; SQLite runs one writer at a time.
      const admins =
        dialect === 'postgres'
          ? (await sql<{ id: string; email: string }>`select id, email from users where role = 'ADMIN' for update`.execute(tx)).rows
          : await tx.selectFrom('users').select(['id', 'email']).where('role', '=', 'ADMIN').execute();
      const admin = admins.find((a) => a.id === id);
      if (admin) {
        if (admins.length <= 1) throw conflict(TEAM_TEXT.lastAdmin);
        await updateUser(tx, id, { role: 'USER', updated_at: nowIso() });
        await deleteUserSessions(tx, id);
        await recordAudit(tx, actor, {
          action: 'update',
          entityType: 'team',
          entityId: id,
          before: { role: 'ADMIN' },
          after: { role: 'USER' },
        });
        await handBackLeads(tx, id, rule, actor);
        return 'removed';
      }
      const cancelled = await tx
        .updateTable('team_invites')
        .set({ cancelled_at: nowIso() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .returning(['email'])
        .executeTakeFirst();
      if (!cancelled) throw notFound(TEAM_TEXT.notFound);
      await recordAudit(tx, actor, { action: 'delete', entityType: 'team', entityId: id, before: { invite: cancelled.email } });
      return 'cancelled';
    });
  }

  return { list, invite, accept, remove };
}
