/**
 * Reminders (issue 41, item 3): the jobs the scheduler runs in every process (a lead's reply due
 * soon, the buyer's offer reminders, the administrators' daily digest), and the buyers' one-click
 * unsubscribe from reminder mails (RFC 8058), under /api/v1:
 *   GET  /unsubscribe?token=…   what the link shows: a question and a button (text/html), or the
 *                               token's state as JSON; changes nothing (link scanners follow links)
 *   POST /unsubscribe?token=…   the opt-out: a mail client's one-click POST (`List-Unsubscribe=One-Click`,
 *                               form-encoded or multipart) or the page's form (the token in the form)
 * No login: the token is the key, bound to its buyer. The POST is accepted from any origin: a mail
 * provider sends it from its own servers, and the token, not a cookie, authorises it.
 */
import {
  API,
  UNSUBSCRIBE_TEXT as T,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  type Language,
} from '@agro/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../db/mappers.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { replies } from '../../lib/route-schemas.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { dailyDigest } from './daily-digest.js';
import { leadDueReminders } from './lead-reminders.js';
import { offerReminders } from './offer-reminders.js';
import { findSubscriber, optOut, unsubscribePage, type PageState } from './unsubscribe.js';

const tags = ['reminders'];
/** A form's token and RFC 8058's `List-Unsubscribe=One-Click`: a few hundred bytes at most. */
const FORM_BODY_LIMIT = 4096;

const answer = {
  description:
    'JSON (`unsubscribed`: whether the buyer gets no more reminder mails), or the page a person sees when they ask for text/html',
  content: { 'application/json': { schema: unsubscribeResponseSchema }, 'text/html': { schema: z.string() } },
};

/** A person's browser (a link followed, the page's form): it gets a page, a client gets JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');

export default async function reminderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const ctx = { db: app.db, settings: () => app.siteSettings(), baseUrl: config.publicUrl ?? `http://localhost:${config.port}` };
  app.scheduler.add(leadDueReminders(ctx));
  app.scheduler.add(offerReminders(ctx));
  app.scheduler.add(dailyDigest(ctx));

  // RFC 8058: the one-click POST is form-encoded or multipart. A form's fields are read; a multipart
  // body carries nothing the call needs (its token is in the link) and is read and left aside.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => {
    done(null, {});
  });

  async function page(reply: FastifyReply, status: number, state: PageState, language: Language, token?: string) {
    const html = unsubscribePage(state, language, token, (await app.siteSettings()).publicEmail, API.unsubscribe);
    return reply.code(status).type('text/html; charset=utf-8').send(Buffer.from(html));
  }

  /** The token's buyer, or the refusal (a page or the JSON error) already sent. */
  async function subscriberOr(request: FastifyRequest, reply: FastifyReply, token: string | undefined) {
    const found = await findSubscriber(app.db, token);
    if (typeof found !== 'string') return found;
    const status = found === 'malformed' ? 400 : 404;
    if (wantsPage(request)) {
      await page(reply, status, 'invalid', 'en');
      return undefined;
    }
    throw found === 'malformed' ? badRequest(T.invalid) : notFound(T.unknown);
  }

  /** Private answers: the token is in the address; nothing of it is cached, indexed or sent on as a referrer. */
  const privately = (reply: FastifyReply) =>
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');

  app.get(
    '/unsubscribe',
    {
      config: rateLimited(config, 'auth'),
      schema: {
        tags,
        summary:
          "A reminder mail's unsubscribe link (no login; the token is the key): with Accept text/html, a page that asks " +
          'before anything changes; otherwise whether the buyer already unsubscribed. Changes nothing',
        querystring: unsubscribeQuerySchema,
        response: { ...replies(unsubscribeResponseSchema, [400, 404, 429]), 200: answer },
      },
    },
    async (request, reply) => {
      privately(reply);
      const subscriber = await subscriberOr(request, reply, request.query.token);
      if (!subscriber) return reply;
      if (wantsPage(request)) return page(reply, 200, subscriber.optedOut ? 'already' : 'ask', subscriber.language, request.query.token);
      return { success: true, message: T.checked, unsubscribed: subscriber.optedOut };
    },
  );

  app.post(
    '/unsubscribe',
    {
      config: { ...rateLimited(config, 'auth'), anyOrigin: true },
      schema: {
        tags,
        summary:
          'Stop reminder mails (offer expiry, unanswered offer) for the buyer the token belongs to; offers, orders and ' +
          'account mails are not reminders. The token in the query (RFC 8058 one-click, `List-Unsubscribe=One-Click` ' +
          "form-encoded or multipart) or in the body's `token`. No login, any origin",
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { ...replies(unsubscribeResponseSchema, [400, 404, 429]), 200: answer },
      },
    },
    async (request, reply) => {
      privately(reply);
      // A body the parsers left empty (none, multipart) has no token of its own.
      const token = request.query.token ?? (request.body as { token?: string } | undefined)?.token;
      const subscriber = await subscriberOr(request, reply, token);
      if (!subscriber) return reply;
      await optOut(app.db, subscriber.userId, nowIso(app.now()));
      if (wantsPage(request)) return page(reply, 200, subscriber.optedOut ? 'already' : 'done', subscriber.language);
      return { success: true, message: T.done, unsubscribed: true };
    },
  );
}
