import multipart from '@fastify/multipart';
import { actorOf, recordAudit } from '../audit/index.js';
import {
  ORDER_LIMITS,
  ORDER_MESSAGES as M,
  apiResultSchema,
  buyerListQuerySchema,
  deliveredSchema,
  documentUploadMessageOrder,
  documentUploadSchema,
  milestoneMessageOrder,
  milestoneSchema,
  orderFilterMessageOrder,
  orderFilterSchema,
  orderHandlingMessageOrder,
  orderHandlingResponseSchema,
  orderHandlingSchema,
  HANDLING_TEXT,
  orderResponseSchema,
  ordersResponseSchema,
  type Order,
  type OrderStep,
} from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, forbidden, notFound, parseInput, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { isSafeFileName, uploadError } from '../images/index.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { multipartForm, replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { listAnswer, registerListRoutes } from '../leads/index.js';
import { proformaIssuer } from './company.js';
import { ordersCsv } from './csv.js';
import { documentStorageName, downloadName, sniffDocument } from './documents.js';
import { orderMails } from './mails.js';
import { proformaPdf } from './proforma.js';
import { findDocument, findOrder, findOrderOwner, listOrders } from './repository.js';
import { recordMilestone, type OrderActor } from './service.js';
import { userLanguage } from '../user/index.js';
import { viewerOf } from '../messages/index.js';
import { setOrderFollowUp } from '../assignment/index.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
const tags = ['order'];

/** What a buyer is shown of their order: when the company means to follow it up is the company's business (issue 41). */
function forViewer(order: Order, role: 'USER' | 'ADMIN'): Order {
  if (role === 'ADMIN') return order;
  const { followUpOn: _followUp, ...shown } = order;
  return shown;
}
const DOCUMENT_FIELD = 'document';

const OWNER_OR_ADMIN = { admin: true, owner: true };
const ADMIN = { admin: true, owner: false };
const OWNER = { admin: false, owner: true };

/** The order in the path, if the caller may see it: 404 for an unknown id, 403 for someone else's order. */
async function authorisedOrder(request: IdRequest, roles: { admin: boolean; owner: boolean }): Promise<void> {
  const { id } = request.params;
  if (!isId(id)) throw notFound(M.orderNotFound);
  const found = await findOrderOwner(request.server.db, id);
  if (!found) throw notFound(M.orderNotFound);
  const user = request.user!;
  const allowed = user.role === 'ADMIN' ? roles.admin : roles.owner && found.userId === user._id;
  if (!allowed) throw forbidden();
}

const binary = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description }) } },
});

/** /api/v1/order/* (issue 27): orders, milestones, the proforma invoice and private documents. */
export default async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = app.documentStorage;
  const idParams = z.object({ id: z.string() });
  const docParams = z.object({ id: z.string(), docId: z.string() });
  const access = (roles: { admin: boolean; owner: boolean }) => async (request: IdRequest) => authorisedOrder(request, roles);
  const actor = async (request: FastifyRequest, orderId: string): Promise<OrderActor> => {
    // The company's mails go where the owner set them (site settings), the buyer's in their
    // language (issue 28): both read per request, before the step's transaction.
    const { notificationEmail } = await app.siteSettings();
    const language = await userLanguage(app.db, (await findOrderOwner(app.db, orderId))?.userId);
    return {
      userId: request.user!._id,
      ...(request.user!.role === 'ADMIN' ? { audit: actorOf(request.user!) } : {}),
      mails: (order: Order, step: OrderStep) => orderMails(order, step, publicBaseUrl(request), notificationEmail, language),
    };
  };
  const orderAnswer = async (request: FastifyRequest, id: string, message: string) => {
    const order = await findOrder(app.db, id);
    if (!order) throw notFound(M.orderNotFound);
    return { success: true, message, order: forViewer(order, request.user!.role) };
  };

  registerListRoutes(app, tags, specInput(orderFilterSchema, orderFilterMessageOrder), {
    list: {
      summary: 'Every order, or the filtered ones (step, country, ETA between, late), one page of them when paginated (admin)',
      response: ordersResponseSchema,
    },
    answer: async (query, user) => listAnswer(M.ordersFetched, await listOrders(app.db, { ...query, viewer: viewerOf(user) })),
    csv: { noun: 'orders', rows: async (filter) => ordersCsv((await listOrders(app.db, filter)).orders) },
  });

  app.get(
    '/mine',
    {
      preValidation: requireRole('USER'),
      schema: {
        tags,
        summary: "The logged-in buyer's orders, newest first (sort=activity: latest message first), with their unread messages",
        querystring: buyerListQuerySchema,
        response: replies(ordersResponseSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const user = request.user!;
      const { orders } = await listOrders(app.db, { userId: user._id, viewer: viewerOf(user), sort: request.query.sort });
      return { success: true, message: M.ordersFetched, orders: orders.map((o) => forViewer(o, 'USER')) };
    },
  );

  app.get(
    '/:id',
    {
      preValidation: [requireRole('USER', 'ADMIN'), access(OWNER_OR_ADMIN)],
      schema: {
        tags,
        summary: 'One order with its milestones (oldest first) and documents (its buyer or an admin)',
        params: idParams,
        response: replies(orderResponseSchema, [401, 403, 404]),
      },
    },
    async (request) => orderAnswer(request, request.params.id, M.orderFetched),
  );

  app.patch(
    '/:id/handling',
    {
      preValidation: [requireRole('ADMIN'), access(ADMIN)],
      schema: {
        tags,
        summary: "Set an order's follow-up day (admin): `followUpOn` a day (YYYY-MM-DD) or null; left out, it is left as it is. Audited",
        params: idParams,
        body: specInput(orderHandlingSchema, orderHandlingMessageOrder),
        response: replies(orderHandlingResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = await app.db.transaction().execute((tx) => setOrderFollowUp(tx, id, request.body.followUpOn, actorOf(request.user!)));
      const item = found ? await findOrder(app.db, id, app.now()) : undefined;
      if (!item) throw notFound(M.orderNotFound);
      return { success: true, message: HANDLING_TEXT.orderFollowUpSaved, item };
    },
  );

  app.get(
    '/:id/proforma',
    {
      preValidation: [requireRole('USER', 'ADMIN'), access(OWNER_OR_ADMIN)],
      schema: {
        tags,
        summary: 'The proforma invoice as a PDF (its buyer or an admin)',
        params: idParams,
        response: { ...replies(apiResultSchema, [401, 403, 404]), 200: binary('The proforma invoice', 'application/pdf') },
      },
    },
    async (request, reply) => {
      const order = await findOrder(app.db, request.params.id);
      if (!order) throw notFound(M.orderNotFound);
      // In the buyer's language (their account's), whoever downloads it, like the quotation.
      const language = await userLanguage(app.db, (await findOrderOwner(app.db, order._id))?.userId);
      const pdf = await proformaPdf(order, proformaIssuer(await app.siteSettings()), language);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="Proforma-${order.orderNumber}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/:id/milestone',
    {
      preValidation: [requireRole('ADMIN'), access(ADMIN)],
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Record the next step of an order, or cancel it before shipment (admin); mails the buyer',
        params: idParams,
        body: specInput(milestoneSchema, milestoneMessageOrder),
        response: replies(orderResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const order = await recordMilestone(
        app.db,
        { orderId: request.params.id, input: request.body, actor: 'COMPANY' },
        await actor(request, request.params.id),
      );
      app.mailer.kick();
      return { success: true, message: M.milestoneRecorded, order };
    },
  );

  app.post(
    '/:id/delivered',
    {
      preValidation: [requireRole('USER'), access(OWNER)],
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'The buyer confirms the delivery (after DOCUMENTS_SENT); mails the company',
        params: idParams,
        body: specInput(deliveredSchema, []),
        response: replies(orderResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const order = await recordMilestone(
        app.db,
        {
          orderId: request.params.id,
          input: { step: 'DELIVERED', note: request.body.note },
          actor: 'BUYER',
          ownerId: request.user!._id,
        },
        await actor(request, request.params.id),
      );
      app.mailer.kick();
      return { success: true, message: M.deliveryConfirmed, order: forViewer(order, 'USER') };
    },
  );

  // The upload in a plugin of its own: only it parses multipart bodies (one file of up to 20 MB and
  // a few text fields); every other order call refuses them (415) like the rest of the API.
  await app.register(async (instance) => {
    await instance.register(multipart, {
      preservePath: true,
      limits: { fileSize: ORDER_LIMITS.documentMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });
    const docs = instance.withTypeProvider<ZodTypeProvider>();
    docs.post(
      '/:id/document',
      {
        preValidation: [requireRole('ADMIN'), access(ADMIN)],
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Attach an export document (admin; multipart/form-data): PDF, JPEG, PNG or WebP up to 20 MB',
          params: idParams,
          consumes: ['multipart/form-data'],
          body: multipartForm(
            documentUploadSchema,
            documentUploadMessageOrder,
            `Fields: type (one of the document types). File: ${DOCUMENT_FIELD} (judged by its content).`,
          ),
          response: replies(orderResponseSchema, [400, 401, 403, 404, 413, 415]),
        },
      },
      async (request) => {
        const fields: Record<string, unknown> = {};
        let file: { name: string; data: Buffer } | undefined;
        if (request.isMultipart()) {
          try {
            for await (const part of request.parts()) {
              if (part.type === 'field') {
                if (part.valueTruncated || part.fieldnameTruncated) throw payloadTooLarge();
                fields[part.fieldname] = part.value;
                continue;
              }
              if (!isSafeFileName(part.filename)) throw badRequest(M.documentNotAllowed);
              const data = await part.toBuffer();
              if (part.fieldname === DOCUMENT_FIELD && data.length > 0) file = { name: part.filename, data };
            }
          } catch (err) {
            const code = (err as { code?: unknown } | null)?.code;
            throw code === 'FST_REQ_FILE_TOO_LARGE' ? payloadTooLarge(M.documentTooLarge) : uploadError(err);
          }
        } else if (request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)) {
          Object.assign(fields, request.body);
        }
        const { type } = parseInput(documentUploadSchema, documentUploadMessageOrder, fields);
        if (!file) throw badRequest(M.documentRequired, { [DOCUMENT_FIELD]: M.documentRequired });
        const contentType = sniffDocument(file.data);
        if (!contentType) throw unsupportedMediaType(M.documentNotAllowed);
        const orderId = request.params.id;
        const storageName = documentStorageName(contentType);
        await storage.put(storageName, file.data);
        try {
          await app.db.transaction().execute(async (tx) => {
            await markApplied(tx);
            const documentId = newId();
            await recordAudit(tx, actorOf(request.user!), {
              action: 'create',
              entityType: 'document',
              entityId: documentId,
              after: { orderId, type, fileName: file.name.slice(0, 200), bytes: file.data.length },
            });
            await tx
              .insertInto('order_documents')
              .values({
                id: documentId,
                order_id: orderId,
                type,
                file_name: file.name.slice(0, 200) || 'document',
                storage_name: storageName,
                content_type: contentType,
                bytes: file.data.length,
                uploaded_by: request.user!._id,
                created_at: nowIso(),
              })
              .execute();
          });
        } catch (err) {
          // The row was not written: the file must not stay behind.
          await storage.remove([storageName]).catch(() => undefined);
          throw err;
        }
        return orderAnswer(request, orderId, M.documentAdded);
      },
    );
  });

  app.get(
    '/:id/document/:docId',
    {
      preValidation: [requireRole('USER', 'ADMIN'), access(OWNER_OR_ADMIN)],
      schema: {
        tags,
        summary: "Download an order's document (its buyer or an admin); every download is recorded",
        params: docParams,
        response: { ...replies(apiResultSchema, [401, 403, 404]), 200: binary('The document as stored', 'application/octet-stream') },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      const doc = isId(docId) ? await findDocument(app.db, id, docId) : undefined;
      if (!doc) throw notFound(M.documentNotFound);
      const data = await storage.get(doc.storage_name);
      if (!data) throw notFound(M.documentNotFound);
      const user = request.user!;
      await app.db
        .insertInto('order_document_downloads')
        .values({ id: newId(), order_id: id, document_id: docId, user_id: user._id, role: user.role, ip: request.ip, created_at: nowIso() })
        .execute();
      const type = sniffDocument(data) ?? 'application/pdf';
      return reply
        .type(type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${downloadName(doc.file_name, type)}"`)
        .send(data);
    },
  );

  app.delete(
    '/:id/document/:docId',
    {
      preValidation: [requireRole('ADMIN'), access(ADMIN)],
      schema: {
        tags,
        summary: "Delete an order's document (admin)",
        params: docParams,
        response: replies(orderResponseSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      const doc = isId(docId) ? await findDocument(app.db, id, docId) : undefined;
      if (!doc) throw notFound(M.documentNotFound);
      // The file goes first: a store that is away answers 503 with the document still listed (a
      // retry finishes the job), never a document gone from the list whose file stays behind.
      await storage.remove([doc.storage_name]);
      await app.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('order_documents').where('id', '=', doc.id).execute();
        await recordAudit(tx, actorOf(request.user!), {
          action: 'delete',
          entityType: 'document',
          entityId: doc.id,
          before: { orderId: doc.order_id, type: doc.type, fileName: doc.file_name, bytes: doc.bytes },
        });
      });
      return orderAnswer(request, id, M.documentDeleted);
    },
  );
}
