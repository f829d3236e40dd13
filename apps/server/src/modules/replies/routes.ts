/**
 * Replies by mail (issue 40, item 3). With IMAP_URL set, this process reads the reply mailbox
 * whenever it holds the mailbox's lease (reader.ts), and posts or holds each reply (service.ts).
 * The administrators' calls, under /api/v1:
 *   GET  /held-replies             the replies waiting for a decision, newest first
 *   POST /held-replies/{id}/post   add one to its thread as the person its address was sent to (audited)
 *   POST /held-replies/{id}/drop   drop one, and its files (audited)
 */
import { HELD_REPLY_TEXT as T, SITE, apiResultSchema, heldReplyListResponseSchema, heldReplyPostResponseSchema } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../db/ids.js';
import { notFound } from '../../lib/errors.js';
import { replies } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { attachmentDisposition } from '../messages/index.js';
import { observeFirstReplies } from '../reply-clock/index.js';
import { ReplyReader, type ReplyReaderOptions } from './reader.js';
import { findHeldReply, heldAttachments, listHeldReplies } from './repository.js';
import { dropHeldReply, postHeldReply, takeInboundMail } from './service.js';

const tags = ['held replies'];
const idParams = z.object({ id: z.string() });
const binary = {
  description: 'The attachment as stored, with the type its bytes have',
  content: { 'application/octet-stream': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
};

/**
 * A reader of the mailbox at `url` that posts through this app (its live events, its mail worker).
 * Each process makes one when IMAP_URL is set; the tests make more, as more processes would.
 */
export function replyReaderFor(app: FastifyInstance, url: string, overrides: Partial<ReplyReaderOptions> = {}): ReplyReader {
  const storage = app.documentStorage;
  return new ReplyReader({
    db: app.db,
    url,
    pollMs: app.config.imapPollMs,
    logger: app.log.child({ part: 'reply-mailbox' }),
    now: app.now,
    handle: async (mail) => {
      const firstReplies: number[] = [];
      const outcome = await takeInboundMail({ db: app.db, storage, company: () => companyOf(app), nowMs: app.now(), firstReplies }, mail);
      observeFirstReplies(app, firstReplies);
      if (outcome.outcome === 'posted') {
        await app.threadEvents.publish({
          kind: outcome.thread.kind,
          threadId: outcome.thread.id,
          messageId: outcome.messageId,
          type: 'message',
        });
        app.mailer.kick();
      }
      return outcome;
    },
    ...overrides,
  });
}

async function companyOf(app: FastifyInstance): Promise<{ email: string; name: string }> {
  const settings = await app.siteSettings();
  return { email: settings.notificationEmail, name: SITE.companyName };
}

export default async function replyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = app.documentStorage;
  const company = () => companyOf(app);

  if (app.config.imapUrl) {
    const reader = replyReaderFor(app, app.config.imapUrl);
    app.replyMailbox.reader = reader;
    app.addHook('onReady', () => reader.start());
    app.addHook('preClose', () => reader.close());
  }

  const held = (id: string) => {
    if (!isId(id)) throw notFound(T.notFound);
    return id;
  };

  app.get(
    '/held-replies',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary:
          'Replies by mail that were not posted (admin): the sender is not the person the reply address was sent to, or its token is unknown or expired',
        response: replies(heldReplyListResponseSchema, [401, 403]),
      },
    },
    async (_request, reply) => {
      const heldReplies = await listHeldReplies(app.db, (await company()).email);
      reply.header('cache-control', 'private, no-store');
      return { success: true, message: T.listed, heldReplies, total: heldReplies.length };
    },
  );

  app.get(
    '/held-replies/:id/attachments/:attachmentId',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: "Download a held reply's attachment (admin), as an attachment with the type its bytes have",
        params: z.object({ id: z.string(), attachmentId: z.string() }),
        response: { ...replies(apiResultSchema, [401, 403, 404]), 200: binary },
      },
    },
    async (request, reply) => {
      const found = await findHeldReply(app.db, held(request.params.id));
      const file = found?.status === 'HELD' ? heldAttachments(found).find((a) => a.id === request.params.attachmentId) : undefined;
      const data = file ? await storage.get(file.storageName) : undefined;
      if (!file || !data) throw notFound(T.notFound);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', attachmentDisposition(file.fileName, file.contentType))
        .send(data);
    },
  );

  app.post(
    '/held-replies/:id/post',
    {
      preValidation: requireRole('ADMIN'),
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Add a held reply to its thread as the person its reply address was sent to (admin; audited). 409 when it names no thread or was decided',
        params: idParams,
        body: z.object({}),
        response: replies(heldReplyPostResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const firstReplies: number[] = [];
      const { thread, item } = await postHeldReply(
        app.db,
        held(request.params.id),
        request.user!,
        await company(),
        app.now(),
        firstReplies,
      );
      observeFirstReplies(app, firstReplies);
      await app.threadEvents.publish({ kind: thread.kind, threadId: thread.id, messageId: item._id, type: 'message' });
      app.mailer.kick();
      return { success: true, message: T.posted, item };
    },
  );

  app.post(
    '/held-replies/:id/drop',
    {
      preValidation: requireRole('ADMIN'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Drop a held reply and its files (admin; audited). 409 when it was decided',
        params: idParams,
        body: z.object({}),
        response: replies(apiResultSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await dropHeldReply(app.db, storage, held(request.params.id), request.user!, app.now());
      return { success: true, message: T.dropped };
    },
  );
}
