/**
 * Credential stuffing (issue 25, item 4): failed sign-ins count per account, not only per address
 * (the per-address limit is plugins/rate-limit.ts). An account's failures within an hour are free
 * up to FREE_FAILURES; each one after that closes the account's sign-in for a time that doubles
 * (1 s, 2 s, 4 s, ... up to 15 minutes), answered 429 with Retry-After without checking the
 * password. At NOTIFY_AT failures the owner gets one mail. Everything is keyed on the e-mail
 * address as typed (hashed), so the answers and their timing are the same whether an account
 * exists or not. The counters live in the `rate_limits` table: every process shares them.
 */
import { SERVER_ERRORS, localizedPath } from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { queueMail } from '../../mail/mailer.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { hashToken } from '../../lib/tokens.js';
import { countHit } from '../../plugins/rate-limit.js';
import { failedSignInsMail } from './mails.js';
import { findUserByEmail } from './repository.js';

export const LOGIN_GUARD = {
  windowMs: 3_600_000,
  // As many as the per-address limit lets one address try in its window (RATE_LIMIT_AUTH_MAX,
  // 10): one address meets that limit first, as before; many addresses meet this one.
  freeFailures: 10,
  notifyAt: 10,
  maxBlockMs: 15 * 60_000,
} as const;

const failuresKey = (email: string) => `login-failures:${hashToken(email.trim().toLowerCase())}`;
const blockKey = (email: string) => `login-block:${hashToken(email.trim().toLowerCase())}`;

export function loginGuard(app: FastifyInstance) {
  const db = app.db;
  return {
    /** 429 while the account's sign-in is closed after too many failures. */
    async refuseIfBlocked(email: string): Promise<void> {
      const now = Date.now();
      const row = await db.selectFrom('rate_limits').select('window_ends').where('key', '=', blockKey(email)).executeTakeFirst();
      const until = row ? Number(row.window_ends) : 0;
      if (until > now) {
        throw new HttpError(429, SERVER_ERRORS.rateLimited, undefined, { 'retry-after': String(Math.ceil((until - now) / 1000)) });
      }
    },

    /** A wrong password (or an unknown address): counted, and past the free ones the sign-in closes for a while. */
    async failed(request: FastifyRequest, email: string): Promise<void> {
      const now = Date.now();
      const { hits, windowEnds } = await countHit(db, failuresKey(email), LOGIN_GUARD.windowMs, now);
      if (hits > LOGIN_GUARD.freeFailures) {
        const blockMs = Math.min(LOGIN_GUARD.maxBlockMs, 1000 * 2 ** (hits - LOGIN_GUARD.freeFailures - 1));
        await db
          .insertInto('rate_limits')
          .values({ key: blockKey(email), hits, window_ends: now + blockMs })
          .onConflict((oc) => oc.column('key').doUpdateSet({ hits, window_ends: now + blockMs }))
          .execute();
      }
      if (hits === LOGIN_GUARD.notifyAt) {
        const user = await findUserByEmail(db, email.trim().toLowerCase());
        if (user) {
          // One mail per window (the event names it): queuing it again is a no-op.
          await queueMail(db, {
            ...failedSignInsMail(
              user.email,
              user.full_name,
              hits,
              `${publicBaseUrl(request)}${localizedPath('/forgot-password', user.language)}`,
              user.language,
            ),
            event: `login-failures:${user.id}:${windowEnds}`,
          });
          app.mailer.kick();
        }
      }
    },

    /** A successful sign-in clears the account's failures. */
    async succeeded(email: string): Promise<void> {
      await db
        .deleteFrom('rate_limits')
        .where('key', 'in', [failuresKey(email), blockKey(email)])
        .execute();
    },
  };
}
