/**
 * Two-step sign-in (issue 26, item 4) with otpauth (RFC 6238 TOTP: SHA-1, 6 digits, 30 s, one
 * step of clock drift either way) and qrcode for the setup image; no cryptography of our own.
 * The TOTP secret must be read back to check a code, so it is stored as it is (a database copy
 * lets one make codes, as it would let one read every buyer's data); recovery codes are stored as
 * SHA-256 hashes and used once. A code's time step is kept, so no code is accepted twice.
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_TTL_MINUTES, SITE, TWO_FACTOR_TEXT as T } from '@agro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { isHttps } from '../../lib/request-origin.js';
import { hashToken, newToken } from '../../lib/tokens.js';

const PERIOD_S = 30;
/** Steps of drift accepted either way (a phone's clock 30 s off still signs in). */
const WINDOW = 1;
/** The short-lived cookie naming a sign-in that waits for its second step. */
export const CHALLENGE_COOKIE = 'agro_2fa';
/** Sent to /user/login/second-factor and to /user/passkey/login (a passkey as the second step). */
const CHALLENGE_PATH = '/api/v1/user';
/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: SITE.companyName,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The time step `code` is valid for (within the window), or null. */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, 'check').validate({ token, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

export function createTwoFactor(db: Db) {
  /** Accept `step` once: the conditional update fails for a step already used (or an older one). */
  async function claimStep(tx: DbOrTx, userId: string, step: number): Promise<boolean> {
    const result = await tx
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A current authenticator code (not used before) or an unused recovery code of `user`; a recovery code is used up. */
  async function verify(user: UserRow, code: string, nowMs = Date.now()): Promise<boolean> {
    if (!user.totp_secret) return false;
    const step = totpStep(user.totp_secret, code, nowMs);
    if (step !== null) return claimStep(db, user.id, step);
    const used = await db
      .updateTable('recovery_codes')
      .set({ used_at: nowIso(nowMs) })
      .where('code_hash', '=', hashToken(normaliseRecovery(code)))
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows === 1n;
  }

  /** A new secret to confirm; the account's current one (if any) stays until then. */
  async function setup(user: UserRow): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
    if (user.totp_secret) throw conflict(T.alreadyOn);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', user.id).execute();
    const otpauthUrl = totpOf(secret, user.email).toString();
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /** Confirm the setup with a first code: two-step sign-in is on; ten new recovery codes, shown once. */
  async function enable(user: UserRow, code: string, nowMs = Date.now()): Promise<string[]> {
    if (user.totp_secret) throw conflict(T.alreadyOn);
    if (!user.totp_pending_secret) throw conflict(T.noSetup);
    const step = totpStep(user.totp_pending_secret, code, nowMs);
    if (step === null) throw badRequest(T.wrongCode, { code: T.wrongCode });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_last_step: step, updated_at: nowIso(nowMs) })
        .where('id', '=', user.id)
        .execute();
      await tx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
      await tx
        .insertInto('recovery_codes')
        .values(codes.map((c) => ({ code_hash: hashToken(normaliseRecovery(c)), user_id: user.id, used_at: null })))
        .execute();
    });
    return codes;
  }

  async function disable(user: UserRow, code: string): Promise<void> {
    if (!user.totp_secret) throw conflict(T.notOn);
    if (!(await verify(user, code))) throw badRequest(T.wrongCode, { code: T.wrongCode });
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: nowIso() })
        .where('id', '=', user.id)
        .execute();
      await tx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    });
  }

  /** The password was right: a sign-in waiting (5 minutes) for its second step, named by a cookie. */
  async function startChallenge(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    const token = newToken();
    const now = Date.now();
    await db.deleteFrom('login_challenges').where('expires_at', '<=', nowIso(now)).execute();
    await db
      .insertInto('login_challenges')
      .values({ token_hash: hashToken(token), user_id: userId, expires_at: nowIso(now + SECOND_FACTOR_TTL_MINUTES * 60_000) })
      .execute();
    reply.setCookie(CHALLENGE_COOKIE, token, {
      path: CHALLENGE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(request, request.server.config),
      maxAge: SECOND_FACTOR_TTL_MINUTES * 60,
    });
  }

  /** The account of the request's waiting sign-in, if it has not expired. */
  async function challengeUser(request: FastifyRequest): Promise<{ user: UserRow; tokenHash: string } | undefined> {
    const token = request.cookies[CHALLENGE_COOKIE];
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const row = await db
      .selectFrom('login_challenges')
      .innerJoin('users', 'users.id', 'login_challenges.user_id')
      .selectAll('users')
      .where('login_challenges.token_hash', '=', tokenHash)
      .where('login_challenges.expires_at', '>', nowIso())
      .executeTakeFirst();
    return row ? { user: row, tokenHash } : undefined;
  }

  async function endChallenge(reply: FastifyReply, tokenHash: string): Promise<void> {
    await db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).execute();
    reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
  }

  return { verify, setup, enable, disable, startChallenge, challengeUser, endChallenge };
}

/**
 * Whether an ADMIN must still set up two-step sign-in (the site requires it and theirs is off): an
 * authenticator or a passkey meets it (a passkey signs in as both factors, and after a password it
 * is the second step: routes.ts).
 */
export async function lacksRequiredSecondFactor(request: FastifyRequest, userId: string): Promise<boolean> {
  const settings = await request.server.siteSettings();
  if (!settings.requireTwoFactorForAdmins) return false;
  const row = await request.server.db
    .selectFrom('users')
    .select(
      sql<number>`case when totp_secret is null and not exists (select 1 from passkeys where passkeys.user_id = users.id) then 1 else 0 end`.as(
        'off',
      ),
    )
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(row?.off ?? 0) === 1;
}
