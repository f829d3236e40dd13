/**
 * The buyer's data rights (issue 44, item 3), under /api/v1/user: GET /export (the JSON file, or
 * with `?format=zip` a ZIP of it and the account's files) and DELETE /account (with the password or a passkey).
 * Any signed-in account, buyer or administrator; the last administrator cannot go.
 */
import {
  DATA_RIGHTS_TEXT,
  accountDeletedSchema,
  dataExportSchema,
  deleteAccountMessageOrder,
  deleteAccountSchema,
  exportQuerySchema,
} from '@agro/shared';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { endSession, requireAuth } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { jsonStream, prepareExport, zipStream } from './export.js';
import { verifyPasskeyAssertion } from '../user/index.js';
import { orderRetention } from './retention.js';
import { deleteAccount } from './service.js';

const tags = ['user'];

/** The file as a download named agro-data-<today>.json or .zip, kept by no cache. */
function sendDownload(reply: FastifyReply, body: Readable, format: 'json' | 'zip' = 'json'): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', format === 'zip' ? 'application/zip' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="agro-data-${day}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export default async function dataRightsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const authLimit = rateLimited(app.config, 'auth');
  // The orders a deleted account left, deleted once their retention is over (retention.ts). Added
  // once every module's jobs are (onReady): it runs last in a tick, after the reminders, whose mails
  // it must never hold up when two processes' first ticks of a day meet on SQLite's lock.
  app.addHook('onReady', async () => {
    app.scheduler.add(
      orderRetention({
        db: app.db,
        settings: () => app.siteSettings(),
        removeFiles: (names) => app.documentStorage.remove(names),
        log: app.log,
      }),
    );
  });

  app.get(
    '/export',
    {
      preValidation: requireAuth,
      // Written as it is read; compressing a ZIP again gains nothing.
      compress: false,
      schema: {
        tags,
        summary:
          "Everything the site holds about the signed-in account, as one JSON file (a download); `?format=zip`: a ZIP of that file (`data.json`) and the account's attachments and order documents (`files/...`)",
        querystring: specInput(exportQuerySchema, [DATA_RIGHTS_TEXT.formatInvalid]),
        response: {
          ...replies(z.unknown(), [400, 401]),
          200: {
            description: 'The file, as an attachment named agro-data-<day>.json or .zip',
            content: {
              'application/json': { schema: dataExportSchema },
              'application/zip': { schema: z.string().meta({ format: 'binary', description: 'data.json and files/...' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const data = await prepareExport(app.db, request.user!._id, request.sessionTokenHash);
      if (!data) throw unauthorized();
      return sendDownload(
        reply,
        request.query.format === 'zip' ? zipStream(data, app.documentStorage) : jsonStream(data),
        request.query.format,
      );
    },
  );

  app.delete(
    '/account',
    {
      config: authLimit,
      preValidation: requireAuth,
      schema: {
        tags,
        summary:
          "Delete the signed-in account with its password, or with one of its passkeys (`passkey`: the answer to POST /user/passkey/confirm/options): sessions, second factor and passkeys removed, quotes and inquiries without an order made anonymous, orders kept for the settings' retentionYears (answered with each one's day); refused for the last administrator",
        body: specInput(deleteAccountSchema, deleteAccountMessageOrder),
        response: replies(accountDeletedSchema, [400, 401, 409, 429]),
      },
    },
    async (request, reply) => {
      const settings = await app.siteSettings();
      const userId = request.user!._id;
      const { password, passkey } = request.body;
      // A passkey answer (to POST /user/passkey/confirm/options) stands for the password.
      if (passkey && !(await verifyPasskeyAssertion(request, passkey, 'confirm', userId))) {
        throw badRequest(DATA_RIGHTS_TEXT.passkeyFailed, { passkey: DATA_RIGHTS_TEXT.passkeyFailed });
      }
      const proof = passkey ? ('passkey' as const) : { password: password ?? '' };
      const { files, ...deleted } = await deleteAccount(app.db, app.dialect, userId, proof, settings);
      await endSession(request, reply);
      // The attachments' files once the rows are gone (a failure leaves an unreferenced file, never a dangling row).
      await app.documentStorage
        .remove(files)
        .catch((err: unknown) => request.log.warn({ err }, 'attachment files of a deleted account not removed'));
      return { success: true, message: DATA_RIGHTS_TEXT.deleted, ...deleted };
    },
  );
}
