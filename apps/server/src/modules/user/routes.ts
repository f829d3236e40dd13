import {
  DEFAULT_LANGUAGE,
  SERVER_ERRORS,
  SUCCESS,
  altchaField,
  botSignalFields,
  apiResultSchema,
  changePasswordMessageOrder,
  changePasswordSchema,
  forgotPasswordMessageOrder,
  forgotPasswordSchema,
  loginMessageOrder,
  loginSchema,
  registerMessageOrder,
  registerSchema,
  resetPasswordMessageOrder,
  resetPasswordSchema,
  updateProfileMessageOrder,
  updateProfileSchema,
  userResponseSchema,
  TWO_FACTOR_TEXT,
  codeMessageOrder,
  codeSchema,
  loginResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  LANGUAGE_TEXT,
  localizedPath,
  LANGUAGES,
  userLanguageSchema,
} from '@agro/shared';
import { isDisposableEmail } from 'disposable-email-domains-js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { toPublicUser } from '../../db/mappers.js';
import { requestLanguage } from '../../lib/i18n.js';
import { HttpError, badRequest, unauthorized } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { endSession, requireAuth, startSession } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { passwordResetMail, welcomeMail } from './mails.js';
import { requireProofOfWork } from '../altcha/index.js';
import { refuseBotSignals } from '../bot-signals/index.js';
import { loginGuard } from './login-guard.js';
import { createUserService } from './service.js';
import { findUserById, updateUser } from './repository.js';
import { createTwoFactor, lacksRequiredSecondFactor } from './two-factor.js';
import { sessionRoutes } from './sessions.js';

const tags = ['user'];

/**
 * Every answer here is a small JSON object, under @fastify/compress's 1 kB threshold: its hooks
 * would run on each request (the login's 429 among them) and never compress anything.
 */
const SMALL_ANSWERS = { compress: false } as const;

/**
 * The proof of work's hooks with the bot signals checked first: a request a program sent is
 * refused before its solved challenge is spent.
 */
function withBotSignals(pow: ReturnType<typeof requireProofOfWork>, form: 'register' | 'forgot-password') {
  return { preValidation: pow.preValidation, preHandler: [refuseBotSignals(form), pow.preHandler] };
}

/** /api/v1/user/* (SPEC.md section 7). */
export default async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUserService(app.db, app.config);
  const authLimit = rateLimited(app.config, 'auth');
  const guard = app.config.rateLimit.enabled ? loginGuard(app) : undefined;
  const twoFactor = createTwoFactor(app.db);
  sessionRoutes(app);

  app.post(
    '/register',
    {
      ...SMALL_ANSWERS,
      config: { ...authLimit, idempotent: true },
      ...withBotSignals(requireProofOfWork(app, 'register'), 'register'),
      schema: {
        tags,
        summary: 'Register a USER account (a `role` in the body is ignored); needs the proof of work (`altcha`)',
        // Only the schema's fields are read: a `role` (or anything else) in the body is dropped.
        body: specInput(registerSchema.extend({ altcha: altchaField, ...botSignalFields }), registerMessageOrder),
        response: replies(userResponseSchema, [400, 409, 429]),
      },
    },
    async (request) => {
      // A throwaway address is how bots register by the hundred; a buyer's quotation needs a real one.
      if (isDisposableEmail(request.body.email)) {
        throw badRequest(SERVER_ERRORS.disposableEmail, { email: SERVER_ERRORS.disposableEmail });
      }
      // In the language of the page the buyer registered on (the web app names it; English otherwise).
      const language = requestLanguage(request.headers);
      // A welcome mail for a buyer who registered in another language than English (decision 026):
      // SPEC.md's registration mails nothing, and an English client's mailbox must see no difference.
      const welcome =
        language === DEFAULT_LANGUAGE
          ? undefined
          : (row: UserRow) => ({
              ...welcomeMail(row.email, row.full_name, `${publicBaseUrl(request)}${localizedPath('/profile', language)}`, language),
              event: `register:${row.id}:welcome`,
            });
      const user = await users.register(request.body, 'USER', language, welcome);
      if (welcome) app.mailer.kick();
      return { success: true, message: SUCCESS.register, user };
    },
  );

  app.post(
    '/login',
    {
      ...SMALL_ANSWERS,
      config: authLimit,
      preHandler: refuseBotSignals('login'),
      schema: {
        tags,
        summary:
          'Log in; sets the httpOnly session cookie. With two-step sign-in on: no session yet, `twoFactorRequired: true`, then POST /user/login/second-factor within 5 minutes',
        body: specInput(loginSchema.extend(botSignalFields), loginMessageOrder),
        response: replies(loginResponseSchema, [400, 401, 429]),
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Per account, beside the per-address limit (both off where rate limits are).
      await guard?.refuseIfBlocked(email);
      let user;
      try {
        user = await users.authenticate(email, password);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) await guard?.failed(request, email);
        throw err;
      }
      if (user.totp_secret) {
        // The password alone starts no session: the second step must follow within 5 minutes.
        await twoFactor.startChallenge(request, reply, user.id);
        return { success: true, message: TWO_FACTOR_TEXT.required, twoFactorRequired: true as const };
      }
      await guard?.succeeded(email);
      await startSession(request, reply, user.id);
      const setupRequired = user.role === 'ADMIN' && (await lacksRequiredSecondFactor(request, user.id));
      return {
        success: true,
        message: SUCCESS.login,
        user: toPublicUser(user),
        ...(setupRequired ? { twoFactorSetupRequired: true } : {}),
      };
    },
  );

  app.get(
    '/logout',
    {
      ...SMALL_ANSWERS,
      schema: { tags, summary: 'Log out (ends the session, clears the cookie)', response: replies(apiResultSchema, []) },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { success: true, message: SUCCESS.logout };
    },
  );

  app.get(
    '/profile',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: { tags, summary: 'The logged-in user', response: replies(userResponseSchema, [401]) },
    },
    async (request) => {
      return { success: true, message: SUCCESS.profile, user: request.user! };
    },
  );

  // The buyer's language (issue 28): their mails and quotation PDF are written in it.
  const languageAnswer = apiResultSchema.extend({ language: z.enum(LANGUAGES) });
  app.get(
    '/language',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: { tags, summary: "The language of the account's mails and quotation PDF", response: replies(languageAnswer, [401]) },
    },
    async (request) => {
      const row = await findUserById(app.db, request.user!._id);
      return { success: true, message: LANGUAGE_TEXT.fetched, language: row?.language ?? 'en' };
    },
  );

  app.patch(
    '/language',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "Change the language of the account's mails and quotation PDF (en, ar, es, fr, de)",
        body: specInput(userLanguageSchema, [LANGUAGE_TEXT.invalid]),
        response: replies(languageAnswer, [400, 401]),
      },
    },
    async (request) => {
      const { language } = request.body;
      await updateUser(app.db, request.user!._id, { language });
      return { success: true, message: LANGUAGE_TEXT.saved, language };
    },
  );

  app.post(
    '/change-password',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "Change the password (ends the user's other sessions)",
        body: specInput(changePasswordSchema, changePasswordMessageOrder),
        response: replies(apiResultSchema, [400, 401]),
      },
    },
    async (request) => {
      await users.changePassword(request.user!._id, request.sessionTokenHash!, request.body);
      return { success: true, message: SUCCESS.changePassword };
    },
  );

  app.post(
    '/update',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Update name, email and phone number',
        body: specInput(updateProfileSchema, updateProfileMessageOrder),
        response: replies(userResponseSchema, [400, 401, 409]),
      },
    },
    async (request) => {
      const user = await users.updateProfile(request.user!._id, request.body);
      return { success: true, message: SUCCESS.updateProfile, user };
    },
  );

  app.post(
    '/forgot-password',
    {
      ...SMALL_ANSWERS,
      config: authLimit,
      ...withBotSignals(requireProofOfWork(app, 'forgot-password'), 'forgot-password'),
      schema: {
        tags,
        summary: 'Mail a reset link (the same answer whether or not the email is registered); needs the proof of work (`altcha`)',
        body: specInput(forgotPasswordSchema.extend({ altcha: altchaField, ...botSignalFields }), forgotPasswordMessageOrder),
        response: replies(apiResultSchema, [400, 429]),
      },
    },
    async (request) => {
      // The mail is queued in the token's transaction (mail/mailer.ts sends it).
      const started = await users.startPasswordReset(request.body.email, (user, token, resetId) => ({
        ...passwordResetMail(
          user.email,
          user.full_name,
          `${publicBaseUrl(request)}${localizedPath(`/reset-password/${token}`, user.language)}`,
          user.language,
        ),
        event: `password-reset:${resetId}`,
        secret: token,
      }));
      if (started) app.mailer.kick();
      return { success: true, message: SUCCESS.forgotPassword };
    },
  );

  app.patch(
    '/reset-password/:token',
    {
      ...SMALL_ANSWERS,
      config: authLimit,
      preHandler: refuseBotSignals('reset-password'),
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset mail (ends every session)',
        params: z.object({ token: z.string() }),
        body: specInput(resetPasswordSchema.extend(botSignalFields), resetPasswordMessageOrder),
        response: replies(apiResultSchema, [400, 429]),
      },
    },
    async (request) => {
      await users.resetPassword(request.params.token, request.body.password);
      return { success: true, message: SUCCESS.resetPassword };
    },
  );

  app.post(
    '/login/second-factor',
    {
      ...SMALL_ANSWERS,
      config: authLimit,
      schema: {
        tags,
        summary:
          'The second step of a sign-in: an authenticator code or a recovery code, within 5 minutes of the password; starts the session',
        body: specInput(codeSchema, codeMessageOrder),
        response: replies(userResponseSchema, [400, 401, 429]),
      },
    },
    async (request, reply) => {
      const waiting = await twoFactor.challengeUser(request);
      if (!waiting) throw unauthorized(TWO_FACTOR_TEXT.noChallenge);
      const { user, tokenHash } = waiting;
      await guard?.refuseIfBlocked(user.email);
      if (!(await twoFactor.verify(user, request.body.code))) {
        // Counted with the account's failed sign-ins (login-guard.ts): wrong codes slow down and mail like wrong passwords.
        await guard?.failed(request, user.email);
        throw unauthorized(TWO_FACTOR_TEXT.wrongCode);
      }
      await guard?.succeeded(user.email);
      await twoFactor.endChallenge(reply, tokenHash);
      await startSession(request, reply, user.id);
      return { success: true, message: SUCCESS.login, user: toPublicUser(user) };
    },
  );

  const me = async (request: { user: { _id: string } | null }) => (await findUserById(app.db, request.user!._id))!;

  app.get(
    '/2fa',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on for the signed-in account',
        response: replies(twoFactorStatusSchema, [401]),
      },
    },
    async (request) => ({ success: true, message: TWO_FACTOR_TEXT.status, enabled: Boolean((await me(request)).totp_secret) }),
  );

  app.post(
    '/2fa/setup',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Start turning on two-step sign-in: a new authenticator secret, its otpauth URL and QR code (confirm with /2fa/enable)',
        // No fields: an empty object (or no body).
        body: specInput(z.object({}), []),
        response: replies(twoFactorSetupResponseSchema, [401, 409]),
      },
    },
    async (request) => ({ success: true, message: TWO_FACTOR_TEXT.setupStarted, ...(await twoFactor.setup(await me(request))) }),
  );

  app.post(
    '/2fa/enable',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      config: authLimit,
      schema: {
        tags,
        summary: 'Confirm the setup with a first code: two-step sign-in is on; answers ten recovery codes, shown once',
        body: specInput(codeSchema, codeMessageOrder),
        response: replies(recoveryCodesResponseSchema, [400, 401, 409, 429]),
      },
    },
    async (request) => {
      const recoveryCodes = await twoFactor.enable(await me(request), request.body.code);
      return { success: true, message: TWO_FACTOR_TEXT.enabled, recoveryCodes };
    },
  );

  app.post(
    '/2fa/disable',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      config: authLimit,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off with a current code or a recovery code',
        body: specInput(codeSchema, codeMessageOrder),
        response: replies(apiResultSchema, [400, 401, 409, 429]),
      },
    },
    async (request) => {
      await twoFactor.disable(await me(request), request.body.code);
      return { success: true, message: TWO_FACTOR_TEXT.disabled };
    },
  );
}
