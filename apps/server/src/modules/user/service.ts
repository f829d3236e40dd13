import {
  DEFAULT_LANGUAGE,
  SERVER_ERRORS,
  TIMINGS,
  type ChangePasswordInput,
  type Language,
  type PublicUser,
  type RegisterInput,
  type Role,
  type UpdateProfileInput,
} from '@agro/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { nowIso, toPublicUser } from '../../db/mappers.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { queueMail, type QueuedMail } from '../../mail/mailer.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { hashPassword, makeDummyHash, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findUserByEmail, findUserById, insertUser, isUniqueViolation, updateUser } from './repository.js';
import { consumePasswordReset, deleteOpenResets, insertPasswordReset } from './reset-repository.js';
import { deleteExpiredSessions, deleteUserSessions } from './session-repository.js';

/** The user operations; routes handle HTTP, this handles rules and storage. */
export function createUserService(db: Db, config: Config) {
  const cost = config.passwordHashCost;
  const dummyHash = makeDummyHash(cost);

  /** A new account; `mail`, when given, is queued in the account's own transaction (sent once, never for a refused one). */
  async function register(
    input: RegisterInput,
    role: Role = 'USER',
    language: Language = DEFAULT_LANGUAGE,
    mail?: (user: UserRow) => QueuedMail,
  ): Promise<PublicUser> {
    if (await findUserByEmail(db, input.email)) throw conflict(SERVER_ERRORS.emailTaken);
    const now = nowIso();
    const passwordHash = await hashPassword(input.password, cost);
    try {
      const row = await db.transaction().execute(async (tx) => {
        await markApplied(tx);
        const inserted = await insertUser(tx, {
          id: newId(),
          full_name: input.fullName,
          email: input.email,
          phone_number: input.phoneNumber,
          password_hash: passwordHash,
          role,
          language,
          created_at: now,
          updated_at: now,
        });
        if (mail) await queueMail(tx, mail(inserted));
        return inserted;
      });
      return toPublicUser(row);
    } catch (err) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(SERVER_ERRORS.emailTaken);
      throw err;
    }
  }

  /** The user for these credentials; unknown emails cost the same hashing work as wrong passwords. */
  async function authenticate(email: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) throw unauthorized(SERVER_ERRORS.invalidCredentials);
    await deleteExpiredSessions(db, nowIso());
    return user;
  }

  async function updateProfile(userId: string, input: UpdateProfileInput): Promise<PublicUser> {
    const other = await findUserByEmail(db, input.email);
    if (other && other.id !== userId) throw conflict(SERVER_ERRORS.emailTaken);
    try {
      const row = await updateUser(db, userId, {
        full_name: input.fullName,
        email: input.email,
        phone_number: input.phoneNumber,
        updated_at: nowIso(),
      });
      if (!row) throw unauthorized();
      return toPublicUser(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(SERVER_ERRORS.emailTaken);
      throw err;
    }
  }

  /** Change the password and end every other session of the user (the current one stays). */
  async function changePassword(userId: string, currentTokenHash: string, input: ChangePasswordInput): Promise<void> {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(input.oldPassword, user.password_hash))) {
      throw badRequest(SERVER_ERRORS.wrongOldPassword);
    }
    const passwordHash = await hashPassword(input.newPassword, cost);
    await db.transaction().execute(async (tx) => {
      await updateUser(tx, userId, { password_hash: passwordHash, updated_at: nowIso() });
      await deleteUserSessions(tx, userId, currentTokenHash);
    });
  }

  /**
   * Start a reset for `email` if such an account exists. Returns what to mail, or undefined;
   * the route answers the same either way so nobody learns which emails have accounts.
   */
  /** Start a reset: a new token (older open ones end) and, in the same transaction, its mail. */
  async function startPasswordReset(
    email: string,
    mail?: (user: UserRow, token: string, resetId: string) => QueuedMail,
  ): Promise<{ user: UserRow; token: string } | undefined> {
    const user = await findUserByEmail(db, email);
    if (!user) return undefined;
    const token = newToken();
    const now = Date.now();
    const resetId = newId(now);
    await db.transaction().execute(async (tx) => {
      await deleteOpenResets(tx, user.id, nowIso(now));
      if (mail) await queueMail(tx, mail(user, token, resetId));
      await insertPasswordReset(tx, {
        id: resetId,
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: nowIso(now),
        expiresAt: nowIso(now + TIMINGS.resetTokenTtlMinutes * 60_000),
      });
    });
    return { user, token };
  }

  /** Use a reset token once: set the password and end every session of the user. */
  async function resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password, cost);
    const done = await db.transaction().execute(async (tx) => {
      const now = nowIso();
      const userId = await consumePasswordReset(tx, hashToken(token), now);
      if (!userId) return false;
      await updateUser(tx, userId, { password_hash: passwordHash, updated_at: now });
      await deleteUserSessions(tx, userId);
      await deleteOpenResets(tx, userId, now);
      return true;
    });
    if (!done) throw badRequest(SERVER_ERRORS.invalidResetToken);
  }

  /** Create an ADMIN, or promote the existing account and set its password (start-up and CLI). */
  async function ensureAdmin(email: string, password: string, fullName = 'Administrator'): Promise<'created' | 'updated'> {
    const passwordHash = await hashPassword(password, cost);
    const existing = await findUserByEmail(db, email);
    const now = nowIso();
    if (existing) {
      await updateUser(db, existing.id, { role: 'ADMIN', password_hash: passwordHash, updated_at: now });
      return 'updated';
    }
    await insertUser(db, {
      id: newId(),
      full_name: fullName,
      email,
      phone_number: '+91-0000000000',
      password_hash: passwordHash,
      role: 'ADMIN',
      created_at: now,
      updated_at: now,
    });
    return 'created';
  }

  return { register, authenticate, updateProfile, changePassword, startPasswordReset, resetPassword, ensureAdmin };
}
