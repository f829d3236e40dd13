/**
 * The proof of work of the forms anyone can post (registration, forgot password; issue 25,
 * docs/decisions/021): ALTCHA, self-hosted. A challenge is signed with the server's secret (the
 * same in every process), expires after 10 minutes and is accepted once (its signature is kept in
 * `altcha_used` until then). The work grows while a form is busy: its size doubles for every
 * BUSY_STEP solved submissions of that form in the last minute.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SERVER_ERRORS, type AltchaForm } from '@agro/shared';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest } from '../../lib/errors.js';
import { countHit } from '../../plugins/rate-limit.js';

export const ALTCHA = {
  /** One SHA-256 per try: the widget runs it in a Web Worker; the work is the number of tries. */
  algorithm: 'SHA-256',
  expiresMs: 10 * 60_000,
  /** Solved submissions of a form per minute that double the work (up to MAX_DOUBLINGS times). */
  busyStep: 10,
  maxDoublings: 6,
} as const;

const SECRET_KEY = 'altcha_secret';

/** ALTCHA_SECRET, else one made once and kept in the database (every process of it reads the same). */
async function loadSecret(db: Db, config: Config): Promise<string> {
  if (config.altcha.secret) return config.altcha.secret;
  await db
    .insertInto('app_meta')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  return row.value;
}

interface ClientPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's payload: base64 of `{ challenge, solution }`. */
function parsePayload(text: unknown): ClientPayload | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > 10_000) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Partial<ClientPayload> | null;
    if (!value || typeof value !== 'object' || typeof value.challenge !== 'object' || typeof value.solution !== 'object') return undefined;
    if (!value.challenge?.parameters || typeof value.challenge.signature !== 'string') return undefined;
    return value as ClientPayload;
  } catch {
    return undefined;
  }
}

export function altchaService(db: Db, config: Config) {
  let secret: Promise<string> | undefined;
  const secrets = async () => {
    secret ??= loadSecret(db, config).catch((err: unknown) => {
      secret = undefined;
      throw err;
    });
    const signing = await secret;
    return {
      hmacSignatureSecret: signing,
      hmacKeySignatureSecret: createHash('sha256').update(`altcha-key\n${signing}`).digest('base64url'),
    };
  };
  const busyKey = (form: AltchaForm) => `altcha-busy:${form}`;

  return {
    /** A new challenge for `form`, as big as the form is busy. */
    async challenge(form: AltchaForm): Promise<Challenge> {
      const busy = await db.selectFrom('rate_limits').select(['hits', 'window_ends']).where('key', '=', busyKey(form)).executeTakeFirst();
      const recent = busy && Number(busy.window_ends) > Date.now() ? Number(busy.hits) : 0;
      const doublings = Math.min(ALTCHA.maxDoublings, Math.floor(recent / ALTCHA.busyStep));
      const max = config.altcha.maxNumber * 2 ** doublings;
      return createChallenge({
        algorithm: ALTCHA.algorithm,
        cost: 1,
        counter: randomInt(Math.ceil(max / 2), max),
        deriveKey,
        expiresAt: new Date(Date.now() + ALTCHA.expiresMs),
        data: { form },
        ...(await secrets()),
      });
    },

    /** Throws a 400 unless `payload` solves an unused, unexpired challenge of this server for `form`. */
    async verify(form: AltchaForm, payload: unknown): Promise<void> {
      if (payload === undefined || payload === null || payload === '')
        throw badRequest(SERVER_ERRORS.altchaMissing, { altcha: SERVER_ERRORS.altchaMissing });
      const parsed = parsePayload(payload);
      const refuse = (message: string) => badRequest(message, { altcha: message });
      if (!parsed || parsed.challenge.parameters.data?.form !== form) throw refuse(SERVER_ERRORS.altchaInvalid);
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        ...(await secrets()),
      }).catch(() => undefined);
      if (!result) throw refuse(SERVER_ERRORS.altchaInvalid);
      if (result.expired) throw refuse(SERVER_ERRORS.altchaExpired);
      if (!result.verified) throw refuse(SERVER_ERRORS.altchaInvalid);
      // Once, in every process: the signature is kept until the challenge expires.
      const expiresMs = (parsed.challenge.parameters.expiresAt ?? 0) * 1000;
      const kept = await db
        .insertInto('altcha_used')
        .values({ signature: parsed.challenge.signature!, expires_at: nowIso(Math.max(expiresMs, Date.now())) })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      if (Number(kept.numInsertedOrUpdatedRows ?? 0) !== 1) throw refuse(SERVER_ERRORS.altchaUsed);
      await countHit(db, busyKey(form), 60_000);
      if (Math.random() < 0.05) {
        await db.deleteFrom('altcha_used').where('expires_at', '<', nowIso()).execute();
      }
    },
  };
}

export type AltchaService = ReturnType<typeof altchaService>;
