/**
 * Passkeys (issue 44, item 1), under /api/v1/user/passkey, with @simplewebauthn/server (no
 * cryptography of our own; decision 040). The relying party is the site's public URL: its host is
 * the rpID and its origin (with CORS_ORIGINS) the origins accepted. Every challenge is written to
 * `passkey_challenges` (single use, five minutes), so any process checks an answer to another's.
 * A passkey asks for the device's lock (user verification required): a sign-in with it is both
 * factors, no authenticator code follows, and it meets the setting that requires two-step sign-in
 * of administrators. While a password sign-in waits for its second step (the agro_2fa cookie), a
 * passkey of that account is that step.
 */
import {
  MAX_PASSKEYS,
  PASSKEY_TEXT,
  SITE,
  SUCCESS,
  addPasskeyMessageOrder,
  addPasskeySchema,
  apiResultSchema,
  passkeyAssertionMessageOrder,
  passkeyAssertionSchema,
  passkeyNameMessageOrder,
  passkeyNameSchema,
  passkeyLoginOptionsResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyResponseSchema,
  passkeysResponseSchema,
  userResponseSchema,
} from '@agro/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, newId } from '../../db/ids.js';
import { nowIso, toPublicUser } from '../../db/mappers.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireAuth, startSession } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import type { loginGuard } from './login-guard.js';
import {
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  saveChallenge,
  takeChallenge,
  toPasskeyRecord,
  type ChallengePurpose,
  type PasskeyRow,
} from './passkey-repository.js';
import { findUserById } from './repository.js';
import type { createTwoFactor } from './two-factor.js';

const tags = ['user'];
const SMALL_ANSWERS = { compress: false } as const;
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The relying party this request is answered as: the public URL's host and origin (lib/public-url.ts).
 * WebAuthn takes a host name, never an address: a public URL on a loopback address (a developer's
 * machine, the browser suite's PUBLIC_URL=http://127.0.0.1:PORT) answers a page opened on
 * http://localhost:PORT as localhost.
 */
function relyingParty(request: FastifyRequest): { rpID: string; origins: string[] } {
  let base = new URL(publicBaseUrl(request));
  if (isIP(base.hostname.replace(/^\[|\]$/g, '')) && request.hostname === 'localhost') base = new URL(requestOrigin(request));
  return { rpID: base.hostname, origins: [base.origin, ...request.server.config.corsOrigins] };
}

/** The challenge the browser signed, read from its clientDataJSON (checked again by the library). */
function signedChallenge(credential: { response: { clientDataJSON: string } }): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown }).challenge;
    // Base64url only (a NUL or other byte PostgreSQL refuses in text never reaches a query).
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}

const transportsOf = (row: PasskeyRow): AuthenticatorTransport[] => {
  try {
    return JSON.parse(row.transports) as AuthenticatorTransport[];
  } catch {
    return [];
  }
};

const describe = (rows: PasskeyRow[]) => rows.map((r) => ({ id: r.credential_id, transports: transportsOf(r) }));

/** Options for an assertion (a sign-in or a confirmation), its challenge saved for `purpose`. */
async function assertionOptions(request: FastifyRequest, purpose: ChallengePurpose, userId: string | null) {
  const { rpID } = relyingParty(request);
  const allow = userId ? describe(await listPasskeys(request.server.db, userId)) : [];
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: allow,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(request.server.db, options.challenge, purpose, userId, CHALLENGE_TTL_MS);
  return options;
}

/**
 * The passkey that signed `credential` for a challenge of `purpose` (of `userId`'s, when given),
 * its counter checked and moved on; undefined for anything else (an unknown passkey, an expired or
 * used challenge, a bad signature, a counter gone back, no user verification).
 */
export async function verifyPasskeyAssertion(
  request: FastifyRequest,
  credential: { id: string; response: { clientDataJSON: string } },
  purpose: ChallengePurpose,
  userId?: string,
): Promise<PasskeyRow | undefined> {
  const db = request.server.db;
  const challenge = signedChallenge(credential);
  if (!challenge) return undefined;
  const taken = await takeChallenge(db, challenge, purpose);
  if (!taken) return undefined;
  const row = await findPasskeyByCredentialId(db, credential.id);
  if (!row) return undefined;
  // A challenge made for one account is answered by that account's passkey only.
  if (taken.userId && taken.userId !== row.user_id) return undefined;
  if (userId && userId !== row.user_id) return undefined;
  const { rpID, origins } = relyingParty(request);
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    });
    if (!result.verified) return undefined;
    const handle = (credential as { response: { userHandle?: unknown } }).response.userHandle;
    if (typeof handle === 'string' && handle !== '' && Buffer.from(handle, 'base64url').toString('utf8') !== row.user_id) return undefined;
    return (await recordPasskeyUse(db, row, result.authenticationInfo.newCounter)) ? row : undefined;
  } catch (err) {
    request.log.info({ err }, 'passkey answer refused');
    return undefined;
  }
}

export function passkeyRoutes(
  fastify: FastifyInstance,
  { twoFactor, guard }: { twoFactor: ReturnType<typeof createTwoFactor>; guard: ReturnType<typeof loginGuard> | undefined },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const authLimit = rateLimited(app.config, 'auth');
  const idParams = z.object({ id: z.string().max(64) });

  app.get(
    '/passkey',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "The signed-in account's passkeys (name, added, last used)",
        response: replies(passkeysResponseSchema, [401]),
      },
    },
    async (request) => ({
      success: true,
      message: PASSKEY_TEXT.listed,
      passkeys: (await listPasskeys(app.db, request.user!._id)).map(toPasskeyRecord),
    }),
  );

  app.post(
    '/passkey/register/options',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary:
          'Start adding a passkey: the WebAuthn creation options (a discoverable credential with user verification; the challenge is good for 5 minutes, once)',
        body: specInput(z.object({}), []),
        response: replies(passkeyOptionsResponseSchema, [401, 409]),
      },
    },
    async (request) => {
      const user = (await findUserById(app.db, request.user!._id))!;
      const existing = await listPasskeys(app.db, user.id);
      if (existing.length >= MAX_PASSKEYS) throw conflict(PASSKEY_TEXT.tooMany);
      const options = await generateRegistrationOptions({
        rpName: SITE.companyName,
        rpID: relyingParty(request).rpID,
        userName: user.email,
        userDisplayName: user.full_name,
        userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
        attestationType: 'none',
        excludeCredentials: describe(existing),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: CHALLENGE_TTL_MS,
      });
      await saveChallenge(app.db, options.challenge, 'register', user.id, CHALLENGE_TTL_MS);
      return { success: true, message: PASSKEY_TEXT.optionsReady, options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/passkey/register',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      config: authLimit,
      schema: {
        tags,
        summary:
          "Add a passkey: its name and the browser's answer to /passkey/register/options (origin, rpID and user verification checked)",
        body: specInput(addPasskeySchema, addPasskeyMessageOrder),
        response: replies(passkeyResponseSchema, [400, 401, 409, 429]),
      },
    },
    async (request) => {
      const userId = request.user!._id;
      const { name, credential } = request.body;
      const challenge = signedChallenge(credential);
      const taken = challenge ? await takeChallenge(app.db, challenge, 'register') : undefined;
      if (!challenge || !taken || taken.userId !== userId) throw badRequest(PASSKEY_TEXT.expired);
      if ((await listPasskeys(app.db, userId)).length >= MAX_PASSKEYS) throw conflict(PASSKEY_TEXT.tooMany);
      const { rpID, origins } = relyingParty(request);
      let info;
      try {
        const result = await verifyRegistrationResponse({
          response: credential as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!result.verified) throw new Error('not verified');
        info = result.registrationInfo;
      } catch (err) {
        request.log.info({ err }, 'passkey registration refused');
        throw badRequest(PASSKEY_TEXT.failed);
      }
      if (await findPasskeyByCredentialId(app.db, info.credential.id)) throw conflict(PASSKEY_TEXT.failed);
      const row = {
        id: newId(),
        user_id: userId,
        credential_id: info.credential.id,
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: JSON.stringify(info.credential.transports ?? []),
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp ? 1 : 0,
        name,
        created_at: nowIso(),
        last_used_at: null,
      } satisfies PasskeyRow;
      await insertPasskey(app.db, row);
      return { success: true, message: PASSKEY_TEXT.added, passkey: toPasskeyRecord(row) };
    },
  );

  app.patch(
    '/passkey/:id',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "Rename one of the signed-in account's passkeys",
        params: idParams,
        body: specInput(passkeyNameSchema, passkeyNameMessageOrder),
        response: replies(passkeyResponseSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const row = isId(request.params.id)
        ? await renamePasskey(app.db, request.user!._id, request.params.id, request.body.name)
        : undefined;
      if (!row) throw notFound(PASSKEY_TEXT.notFound);
      return { success: true, message: PASSKEY_TEXT.renamed, passkey: toPasskeyRecord(row) };
    },
  );

  app.delete(
    '/passkey/:id',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "Remove one of the signed-in account's passkeys (it signs in no more)",
        params: idParams,
        response: replies(apiResultSchema, [401, 404]),
      },
    },
    async (request) => {
      if (!isId(request.params.id) || !(await deletePasskey(app.db, request.user!._id, request.params.id)))
        throw notFound(PASSKEY_TEXT.notFound);
      return { success: true, message: PASSKEY_TEXT.removed };
    },
  );

  app.post(
    '/passkey/login/options',
    {
      ...SMALL_ANSWERS,
      config: authLimit,
      schema: {
        tags,
        summary:
          "Start a sign-in with a passkey: WebAuthn request options naming no account (usernameless); while a password sign-in waits for its second step, that account's passkeys and `secondSteps` (what that step may be: `code`, `passkey`)",
        body: specInput(z.object({}), []),
        response: replies(passkeyLoginOptionsResponseSchema, [429]),
      },
    },
    async (request) => {
      const waiting = await twoFactor.challengeUser(request);
      const options = await assertionOptions(request, 'login', waiting?.user.id ?? null);
      const answer = { success: true, message: PASSKEY_TEXT.optionsReady, options: options as unknown as Record<string, unknown> };
      if (!waiting) return answer;
      const steps = [
        ...(waiting.user.totp_secret ? (['code'] as const) : []),
        ...(options.allowCredentials?.length ? (['passkey'] as const) : []),
      ];
      return { ...answer, secondSteps: steps };
    },
  );

  app.post(
    '/passkey/login',
    {
      ...SMALL_ANSWERS,
      config: authLimit,
      schema: {
        tags,
        summary:
          "Sign in with a passkey: the browser's answer to /passkey/login/options (signature, counter, origin, rpID and user verification checked); both factors at once: starts the session, no authenticator code",
        body: specInput(passkeyAssertionSchema, passkeyAssertionMessageOrder),
        response: replies(userResponseSchema, [400, 401, 429]),
      },
    },
    async (request, reply) => {
      const row = await verifyPasskeyAssertion(request, request.body.credential, 'login');
      const user = row ? await findUserById(app.db, row.user_id) : undefined;
      if (!user) throw unauthorized(PASSKEY_TEXT.failed);
      // A password sign-in waiting for its second step: this was it.
      const waiting = await twoFactor.challengeUser(request);
      if (waiting?.user.id === user.id) await twoFactor.endChallenge(reply, waiting.tokenHash);
      await guard?.succeeded(user.email);
      await startSession(request, reply, user.id);
      return { success: true, message: SUCCESS.login, user: toPublicUser(user) };
    },
  );

  app.post(
    '/passkey/confirm/options',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary:
          "Options to confirm the account's deletion with one of its passkeys instead of its password (answer in DELETE /user/account's `passkey`)",
        body: specInput(z.object({}), []),
        response: replies(passkeyOptionsResponseSchema, [401]),
      },
    },
    async (request) => {
      const options = await assertionOptions(request, 'confirm', request.user!._id);
      return { success: true, message: PASSKEY_TEXT.optionsReady, options: options as unknown as Record<string, unknown> };
    },
  );
}
