/**
 * The thread calls (issue 40), under /api/v1:
 *   GET  /{kind}/{id}/messages           one page, oldest first; marks the other side's messages read
 *   POST /{kind}/{id}/messages           JSON { text } or multipart `text` + up to 5 `files`
 *   GET  /{kind}/{id}/messages/events    Server-Sent Events of the thread (live.ts)
 *   GET  /attachment/{id}                an attachment, from the private document store
 *   POST /messages/{id}/hide             an administrator hides a message (audited)
 *   GET  /messages/unread                the caller's unread total
 * `kind` is quote, contact or order; only the thread's buyer and administrators see it (404 otherwise).
 */
import multipart from '@fastify/multipart';
import {
  THREAD_KINDS,
  THREAD_LIMITS,
  THREAD_TEXT as T,
  SERVER_ERRORS,
  apiResultSchema,
  messageInputMessageOrder,
  messageInputSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messagePostResponseSchema,
  unreadResponseSchema,
  type ThreadKind,
  type ThreadMessage,
} from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, newId } from '../../db/ids.js';
import { HttpError, badRequest, notFound, parseInput, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import { multipartForm, replies } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { perAccount, rateLimited } from '../../plugins/rate-limit.js';
import { isSafeFileName, uploadError } from '../images/index.js';
import { attachmentDisposition, attachmentStorageName, sniffAttachment } from './attachments.js';
import { sendDueDigests } from './digests.js';
import { observeFirstReplies } from '../reply-clock/index.js';
import { findAttachment, findMessage, listMessages, messagesAfter, unreadTotal, type Viewer } from './repository.js';
import { authorisedThread, hideMessage, postMessage, readThread, sideOf, viewerOf, type StoredAttachment } from './service.js';

type ThreadRequest = FastifyRequest<{ Params: { id: string } }>;
const tags = ['messages'];
const FILE_FIELD = 'files';
const PING_MS = 25_000;
/** Live streams one account may hold open on one process (several tabs and devices, not a flood). */
const STREAMS_PER_ACCOUNT = 20;

const idParams = z.object({ id: z.string() });
const eventStream = {
  description:
    'Server-Sent Events: `event: message` (a new message) or `event: hidden` (a message hidden), `id: <message id>`, ' +
    '`data: { kind, threadId, item }` (item: a message as the list shows it); a `: ping` comment every 25 s. ' +
    'A client that reconnects with `Last-Event-ID` first gets the messages after that one',
  content: { 'text/event-stream': { schema: z.string() } },
};
const binary = {
  description: 'The attachment as stored, with the type its bytes have',
  content: { 'application/octet-stream': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
};

export default async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = app.documentStorage;
  const { config } = app;

  // Digests are sent by the mail worker of every process, before it looks for due mail.
  app.mailer.addSource(() =>
    sendDueDigests({
      db: app.db,
      notificationEmail: async () => (await app.siteSettings()).notificationEmail,
      replyAddress: config.replyAddress,
      baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      now: app.now,
    }),
  );
  app.addHook('preClose', () => app.threadEvents.close());

  const openStreams = new Map<string, number>();

  const threadAccess = (kind: ThreadKind) => async (request: ThreadRequest) => {
    await authorisedThread(app.db, kind, request.params.id, request.user!);
  };

  for (const kind of THREAD_KINDS) {
    const what = kind === 'contact' ? 'an inquiry' : `a${kind === 'order' ? 'n' : ''} ${kind}`;

    app.get(
      `/${kind}/:id/messages`,
      {
        preValidation: [requireRole('USER', 'ADMIN'), threadAccess(kind)],
        schema: {
          tags,
          summary: `The conversation on ${what}, oldest first, one page (its buyer or an admin); the other side's messages become read`,
          params: idParams,
          querystring: messageListQuerySchema,
          response: replies(messageListResponseSchema, [400, 401, 403, 404]),
        },
      },
      async (request, reply) => {
        const thread = { kind, id: request.params.id };
        const page = request.query.page ?? 1;
        const limit = request.query.limit ?? THREAD_LIMITS.pageSize;
        const read = await readThread(app.db, thread, request.user!, app.now());
        // The other side's open thread shows its messages as seen.
        if (read) await app.threadEvents.publish({ kind, threadId: thread.id, messageId: read, type: 'read' });
        const { messages, total } = await listMessages(app.db, thread, page, limit);
        reply.header('cache-control', 'private, no-store');
        return { success: true, message: T.messagesFetched, messages, total, page, limit };
      },
    );

    app.get(
      `/${kind}/:id/messages/events`,
      {
        preValidation: [requireRole('USER', 'ADMIN'), threadAccess(kind)],
        schema: {
          tags,
          summary: `Live updates of the conversation on ${what} (Server-Sent Events; its buyer or an admin)`,
          params: idParams,
          response: { ...replies(apiResultSchema, [401, 403, 404, 429]), 200: eventStream },
        },
      },
      async (request, reply) => {
        const threadId = request.params.id;
        const account = request.user!._id;
        const open = openStreams.get(account) ?? 0;
        if (open >= STREAMS_PER_ACCOUNT) throw new HttpError(429, SERVER_ERRORS.rateLimited, undefined, { 'retry-after': '30' });
        openStreams.set(account, open + 1);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          // Proxies (nginx) pass each event on at once.
          'x-accel-buffering': 'no',
        });
        let queue = Promise.resolve();
        let ended = false;
        let unsubscribe = (): void => undefined;
        const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
        ping.unref();
        const end = () => {
          if (ended) return;
          ended = true;
          const left = (openStreams.get(account) ?? 1) - 1;
          if (left > 0) openStreams.set(account, left);
          else openStreams.delete(account);
          clearInterval(ping);
          unsubscribe();
          offClose();
          if (!raw.writableEnded) raw.end();
        };
        const offClose = app.threadEvents.onClose(end);
        request.raw.on('close', end);
        raw.on('close', end);
        // A `read` event names an earlier message: without an id, the client's Last-Event-ID stays the newest it got.
        const send = (type: string, item: ThreadMessage) => {
          const id = type === 'read' ? '' : `id: ${item._id}\n`;
          if (!ended) raw.write(`event: ${type}\n${id}data: ${JSON.stringify({ kind, threadId, item })}\n\n`);
        };
        try {
          const stop = await app.threadEvents.subscribe(kind, threadId, (signal) => {
            queue = queue
              .then(async () => {
                const found = await findMessage(app.db, signal.messageId);
                if (!found || found.thread.kind !== kind || found.thread.id !== threadId) return;
                const { thread: _thread, ...item } = found;
                send(signal.type, item);
              })
              .catch((err: unknown) => request.log.warn({ err }, 'thread event could not be sent'));
          });
          if (ended) stop();
          else unsubscribe = stop;
          // A client that reconnects names the last message it got: what it missed comes first
          // (a message written meanwhile may come twice: the id tells).
          const lastEventId = request.headers['last-event-id'];
          if (!ended && typeof lastEventId === 'string' && isId(lastEventId)) {
            for (const item of await messagesAfter(app.db, { kind, id: threadId }, lastEventId, THREAD_LIMITS.pageSizeMax))
              send('message', item);
          }
        } catch (err) {
          // The head is sent: the stream ends, and the client's retry opens a new one.
          request.log.warn({ err }, 'thread stream could not start');
          end();
          return reply;
        }
        if (!ended) raw.write('retry: 3000\n: ready\n\n');
        return reply;
      },
    );
  }

  // Posting in a plugin of its own: only it parses multipart bodies (up to 5 files of 20 MB and the
  // text); JSON bodies are read as everywhere else.
  await app.register(async (instance) => {
    await instance.register(multipart, {
      preservePath: true,
      limits: {
        fileSize: THREAD_LIMITS.fileMaxBytes,
        files: THREAD_LIMITS.filesMax,
        fields: 5,
        fieldSize: THREAD_LIMITS.textMax * 4,
        parts: THREAD_LIMITS.filesMax + 5,
        headerPairs: 100,
      },
    });
    const posts = instance.withTypeProvider<ZodTypeProvider>();
    for (const kind of THREAD_KINDS) {
      const what = kind === 'contact' ? 'an inquiry' : `a${kind === 'order' ? 'n' : ''} ${kind}`;
      posts.post(
        `/${kind}/:id/messages`,
        {
          preValidation: [requireRole('USER', 'ADMIN'), threadAccess(kind)],
          config: { ...rateLimited(config, 'form'), idempotent: true },
          preHandler: perAccount(config, app.db, 'message-post'),
          schema: {
            tags,
            summary:
              `Write in the conversation on ${what} (its buyer or an admin): JSON { text }, or multipart/form-data with ` +
              '`text` and up to 5 `files` (PDF, JPEG, PNG, WebP, GIF, XLSX, DOCX, ODS, ODT, CSV, TXT; 20 MB each; judged by their bytes). ' +
              'The other side is mailed within 5 minutes (one mail for the messages of those minutes)',
            params: idParams,
            consumes: ['application/json', 'multipart/form-data'],
            body: multipartForm(
              messageInputSchema,
              messageInputMessageOrder,
              `Fields: text (at most ${THREAD_LIMITS.textMax} characters). Files: ${FILE_FIELD} (repeated, at most ${THREAD_LIMITS.filesMax}).`,
            ),
            response: replies(messagePostResponseSchema, [400, 401, 403, 404, 413, 415, 429]),
          },
        },
        async (request) => {
          const fields: Record<string, unknown> = {};
          const files: Array<{ name: string; data: Buffer }> = [];
          if (request.isMultipart()) {
            try {
              for await (const part of request.parts()) {
                if (part.type === 'field') {
                  if (part.valueTruncated || part.fieldnameTruncated) throw payloadTooLarge(T.textTooLong);
                  fields[part.fieldname] = part.value;
                  continue;
                }
                if (!isSafeFileName(part.filename)) throw unsupportedMediaType(T.fileNotAllowed);
                const data = await part.toBuffer();
                if (part.fieldname.replace(/\[\]$/, '') === FILE_FIELD && data.length > 0) files.push({ name: part.filename, data });
              }
            } catch (err) {
              const code = (err as { code?: unknown } | null)?.code;
              if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(T.fileTooLarge);
              if (code === 'FST_FILES_LIMIT') throw payloadTooLarge(T.tooManyFiles);
              throw uploadError(err);
            }
          } else if (request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)) {
            Object.assign(fields, request.body);
          }
          const { text } = parseInput(messageInputSchema, messageInputMessageOrder, fields);
          if (text === '' && files.length === 0) throw badRequest(T.textRequired, { text: T.textRequired });
          const judged = await Promise.all(files.map(async (f) => ({ ...f, type: await sniffAttachment(f.data, f.name) })));
          if (judged.some((f) => f.type === undefined)) throw unsupportedMediaType(T.fileNotAllowed);
          const stored: StoredAttachment[] = judged.map((f) => ({
            id: newId(),
            fileName: f.name.slice(0, 200) || 'attachment',
            storageName: attachmentStorageName(f.type!),
            contentType: f.type!,
            bytes: f.data.length,
          }));
          await Promise.all(stored.map((s, i) => storage.put(s.storageName, judged[i]!.data)));
          const user = request.user!;
          const thread = { kind, id: request.params.id };
          const firstReplies: number[] = [];
          let item;
          try {
            item = await postMessage(app.db, {
              thread,
              author: { side: sideOf(user), userId: user._id, name: user.fullName },
              text,
              attachments: stored,
              nowMs: app.now(),
              firstReplies,
            });
          } catch (err) {
            // The rows were not written: the files must not stay behind.
            await storage.remove(stored.map((s) => s.storageName)).catch(() => undefined);
            throw err;
          }
          observeFirstReplies(app, firstReplies);
          await app.threadEvents.publish({ kind, threadId: thread.id, messageId: item._id, type: 'message' });
          return { success: true, message: T.messageSent, item };
        },
      );
    }
  });

  app.get(
    '/attachment/:id',
    {
      preValidation: requireRole('USER', 'ADMIN'),
      schema: {
        tags,
        summary: "Download a message's attachment (the thread's buyer or an admin), as an attachment with the type its bytes have",
        params: idParams,
        response: { ...replies(apiResultSchema, [401, 403, 404]), 200: binary },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = isId(id) ? await findAttachment(app.db, id) : undefined;
      if (!found || found.hidden_at !== null) throw notFound(T.attachmentNotFound);
      // The same 404 for someone else's attachment as for none.
      await authorisedThread(app.db, found.thread_kind, found.thread_id, request.user!).catch(() => {
        throw notFound(T.attachmentNotFound);
      });
      const data = await storage.get(found.storage_name);
      if (!data) throw notFound(T.attachmentNotFound);
      return reply
        .type(found.content_type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', attachmentDisposition(found.file_name, found.content_type))
        .send(data);
    },
  );

  app.post(
    '/messages/:id/hide',
    {
      preValidation: requireRole('ADMIN'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Hide a message (admin): it stays in its thread as a line saying so, without text or attachments; audited',
        params: idParams,
        body: z.object({}),
        response: replies(messagePostResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { thread, ...item } = await hideMessage(app.db, request.params.id, request.user!, app.now());
      await app.threadEvents.publish({ kind: thread.kind, threadId: thread.id, messageId: item._id, type: 'hidden' });
      return { success: true, message: T.messageHidden, item };
    },
  );

  /**
   * An administrator's total counts every buyer message they have not opened, in every thread: kept
   * here per administrator and counted again only when a thread changed (`messages_version`, bumped
   * by triggers on messages and thread_reads: migration 20261127115000). A buyer's is counted in
   * their own leads' threads, a few index reads, every time.
   */
  const adminTotals = new Map<string, { version: string; total: number }>();
  const unreadFor = async (viewer: Viewer): Promise<number> => {
    if (viewer.side === 'BUYER' || !viewer.userId) return unreadTotal(app.db, viewer);
    const [version = '0'] = await app.readMeta(['messages_version']);
    const kept = adminTotals.get(viewer.userId);
    if (kept?.version === version) return kept.total;
    const total = await unreadTotal(app.db, viewer);
    adminTotals.set(viewer.userId, { version, total });
    return total;
  };

  app.get(
    '/messages/unread',
    {
      preValidation: requireRole('USER', 'ADMIN'),
      schema: {
        tags,
        summary: "The caller's unread messages: the other side's messages they have not opened, in every thread they see",
        response: replies(unreadResponseSchema, [401, 403]),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      reply.header('cache-control', 'private, no-store');
      return { success: true, message: T.unreadCounted, unread: await unreadFor(viewerOf(user)) };
    },
  );
}
