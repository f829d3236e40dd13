import {
  BOT_SIGNAL_TEXT,
  LEADS_TEXT,
  SERVER_ERRORS,
  SUCCESS,
  apiResultSchema,
  botSignalFields,
  contactMessageOrder,
  contactResponseSchema,
  contactSchema,
  inquiriesResponseSchema,
  inquiryFilterSchema,
  inquiryResponseSchema,
  inquiryUpdateSchema,
  leadFilterMessageOrder,
  buyerListQuerySchema,
  HANDLING_TEXT,
  handlingMessageOrder,
  handlingSchema,
  inquiryHandlingResponseSchema,
  replyDueAtOf,
  type Language,
  type SiteSettings,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { leadSpamReason } from '../bot-signals/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { DbOrTx } from '../../db/index.js';
import type { ContactRow } from '../../db/schema.js';
import { queueMail } from '../../mail/mailer.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { perAccount, rateLimited } from '../../plugins/rate-limit.js';
import { contactAcknowledgementMail, contactNotificationMail } from './mails.js';
import { csvStream } from '../../lib/csv.js';
import { callerFilter, listAnswer, registerListRoutes } from '../leads/index.js';
import { assignNewLead, chooseAssignee, ownerAddress, setLeadHandling } from '../assignment/index.js';
import { observeFirstReplies, stampFirstReply } from '../reply-clock/index.js';
import { INQUIRY_COLUMNS } from './csv.js';
import { findProductName } from '../product/repository.js';
import { userLanguage } from '../user/index.js';
import { deleteThread, viewerOf } from '../messages/index.js';
import {
  deleteInquiry,
  findContactRow,
  findInquiry,
  inquiryBatches,
  insertContact,
  listInquiries,
  releaseInquiry,
  setInquiryHandled,
  toContact,
} from './repository.js';

/**
 * /api/v1/contact/* : sending an inquiry is for a logged-in USER only (SPEC.md section 6: admins
 * get "access denied"); the inbox (trade desk) is for an ADMIN only.
 */
export default async function contactRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const attachments = app.documentStorage;

  /** The company's notification and the account's acknowledgement, once per inquiry (unique events). */
  // `settings`: the company's details as the owner set them (modules/settings), read BEFORE the
  // transaction (on SQLite a read through app.db inside it would wait for its own connection).
  // `language`: the account's (issue 28), read before the transaction as well; the company's mail stays English.
  // The company's goes to the inquiry's owner (issue 41), else the notification address.
  const queueInquiryMails = async (tx: DbOrTx, stored: ContactRow, accountEmail: string, settings: SiteSettings, language: Language) => {
    await queueMail(tx, {
      ...contactNotificationMail(
        await ownerAddress(tx, { kind: 'contact', id: stored.id }, settings.notificationEmail),
        stored,
        accountEmail,
      ),
      event: `contact:${stored.id}:company`,
    });
    await queueMail(tx, {
      ...contactAcknowledgementMail(accountEmail, stored, settings, language),
      event: `contact:${stored.id}:buyer`,
    });
  };

  app.post(
    '/addNewContact',
    {
      preValidation: requireRole('USER'),
      config: { ...rateLimited(app.config, 'form'), idempotent: true },
      preHandler: perAccount(app.config, app.db, 'contact-add'),
      schema: {
        tags: ['contact'],
        summary:
          'Send an inquiry about a product (mails the company and the user); one whose text looks like spam, or that ' +
          "trips the page's bot signals (`website`, `fillMs`), is stored but held as spam: not mailed until released",
        body: specInput(contactSchema.extend(botSignalFields), contactMessageOrder),
        response: replies(contactResponseSchema, [400, 401, 403, 404, 429]),
      },
    },
    async (request) => {
      const input = request.body;
      const productName = isId(input.productId) ? await findProductName(app.db, input.productId) : undefined;
      if (productName === undefined) throw notFound(SERVER_ERRORS.productNotFound);
      const user = request.user!;
      const settings = await app.siteSettings();
      const language = await userLanguage(app.db, user._id);
      const spamReason = leadSpamReason(input, 'inquiry', [input.fullName, input.companyName, input.description]);
      // Its owner by the site's rule (issue 41), chosen before the transaction (SQLite); none while held as spam.
      const assignee = spamReason ? null : await chooseAssignee(app.db, settings.assignment, input);
      const createdAt = nowIso(app.now());
      const row = await app.db.transaction().execute(async (tx) => {
        const stored = await insertContact(tx, {
          id: newId(),
          full_name: input.fullName,
          email: input.email,
          company_name: input.companyName,
          country: input.country,
          product_id: input.productId,
          // The catalogue's name, not the client's copy of it.
          product_name: productName,
          estimated_quantity: input.estimatedQuantity,
          description: input.description,
          user_id: user._id,
          created_at: createdAt,
          reply_due_at: replyDueAtOf(createdAt),
          spam_reason: spamReason,
        });
        await assignNewLead(tx, { kind: 'contact', id: stored.id }, assignee, settings.assignment);
        // In the inquiry's transaction (mail/mailer.ts sends them later); none while held as spam.
        if (!spamReason) await queueInquiryMails(tx, stored, user.email, settings, language);
        await markApplied(tx);
        return stored;
      });
      app.mailer.kick();
      return {
        success: true,
        message: SUCCESS.contact,
        contact: toContact(row),
      };
    },
  );

  const tags = ['contact'];
  const idParams = z.object({ id: z.string() });

  // Newest first. Filters: status (OPEN, HANDLED), productId, country, from, to, q, spam, reply, assignee;
  // page/limit paginate; sort=created (default), activity or due.
  registerListRoutes(app, tags, specInput(inquiryFilterSchema, leadFilterMessageOrder), {
    list: {
      summary:
        'The inquiry inbox, filtered (status, productId, country, from, to, q, spam, reply, assignee) and paginated; ' +
        'sort=created (default), activity or due (admin)',
      response: inquiriesResponseSchema,
    },
    answer: async (query, user) =>
      listAnswer(
        LEADS_TEXT.inquiriesFetched,
        await listInquiries(app.db, { ...callerFilter(query, user, nowIso(app.now())), viewer: viewerOf(user) }),
      ),
    csv: {
      noun: 'inquiries',
      rows: (filter, user) => csvStream(INQUIRY_COLUMNS, inquiryBatches(app.db, callerFilter(filter, user, nowIso(app.now())))),
    },
  });

  app.get(
    '/mine',
    {
      preValidation: requireRole('USER'),
      schema: {
        tags,
        summary: "The logged-in buyer's inquiries, newest first (sort=activity: latest message first), with their unread messages",
        querystring: buyerListQuerySchema,
        response: replies(inquiriesResponseSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const user = request.user!;
      const { inquiries } = await listInquiries(app.db, { userId: user._id, viewer: viewerOf(user), sort: request.query.sort });
      // Whether one is held as spam, who owns it and when to follow it up are the company's business.
      const shown = inquiries.map(({ spamReason: _held, assignee: _owner, followUpOn: _followUp, ...inquiry }) => inquiry);
      return { success: true, message: LEADS_TEXT.inquiriesFetched, inquiries: shown };
    },
  );

  app.get(
    '/:id',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: "One inquiry, as the inbox lists it (admin): what a mail's link to its conversation opens",
        params: idParams,
        response: replies(inquiryResponseSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const inquiry = isId(id) ? await findInquiry(app.db, id) : undefined;
      if (!inquiry) throw notFound(LEADS_TEXT.inquiryNotFound);
      return { success: true, message: LEADS_TEXT.inquiryFetched, inquiry };
    },
  );

  app.patch(
    '/:id',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary:
          "Mark an inquiry handled or open again (admin); the first 'handled' mark stops its reply clock (issue 41), and reopening keeps the time",
        params: idParams,
        body: specInput(inquiryUpdateSchema, leadFilterMessageOrder),
        response: replies(inquiryResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { handled } = request.body;
      const now = nowIso(app.now());
      const firstReplies: number[] = [];
      const changed =
        isId(id) &&
        (await app.db.transaction().execute(async (tx) => {
          const before = await findInquiry(tx, id);
          if (!before || !(await setInquiryHandled(tx, id, handled, now))) return false;
          if (handled) {
            const seconds = await stampFirstReply(tx, { kind: 'contact', id }, now);
            if (seconds !== undefined) firstReplies.push(seconds);
          }
          await recordAudit(tx, actorOf(request.user!), {
            action: 'update',
            entityType: 'inquiry',
            entityId: id,
            before: { handled: before.handled },
            after: { handled },
          });
          return true;
        }));
      if (!changed) throw notFound(LEADS_TEXT.inquiryNotFound);
      observeFirstReplies(app, firstReplies);
      const inquiry = await findInquiry(app.db, id);
      if (!inquiry) throw notFound(LEADS_TEXT.inquiryNotFound);
      return { success: true, message: handled ? LEADS_TEXT.inquiryHandled : LEADS_TEXT.inquiryReopened, inquiry };
    },
  );

  app.post(
    '/:id/not-spam',
    {
      preValidation: requireRole('ADMIN'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Release an inquiry held as spam: it joins the inbox and its mails are sent now (admin)',
        params: idParams,
        body: z.object({}),
        response: replies(inquiryResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound(LEADS_TEXT.inquiryNotFound);
      const settings = await app.siteSettings();
      const found = await findContactRow(app.db, id);
      const language = await userLanguage(app.db, found?.row.user_id);
      // A released inquiry without an owner gets one by the rule now (issue 41), chosen before the transaction.
      const assignee =
        found && found.row.spam_reason !== null && found.row.assignee_id === null
          ? await chooseAssignee(app.db, settings.assignment, { country: found.row.country, productId: found.row.product_id })
          : null;
      await app.db.transaction().execute(async (tx) => {
        const stored = await findContactRow(tx, id);
        if (!stored) throw notFound(LEADS_TEXT.inquiryNotFound);
        if (!(await releaseInquiry(tx, id))) throw conflict(BOT_SIGNAL_TEXT.notHeld);
        if (stored.row.assignee_id === null) await assignNewLead(tx, { kind: 'contact', id }, assignee, settings.assignment);
        await recordAudit(tx, actorOf(request.user!), {
          action: 'update',
          entityType: 'inquiry',
          entityId: id,
          before: { spamReason: stored.row.spam_reason },
          after: { spamReason: null },
        });
        await queueInquiryMails(tx, stored.row, stored.accountEmail ?? stored.row.email, settings, language);
        await markApplied(tx);
      });
      app.mailer.kick();
      const inquiry = await findInquiry(app.db, id);
      if (!inquiry) throw notFound(LEADS_TEXT.inquiryNotFound);
      return { success: true, message: BOT_SIGNAL_TEXT.inquiryReleased, inquiry };
    },
  );

  app.patch(
    '/:id/handling',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary:
          "Set an inquiry's owner and follow-up day (admin): `assigneeId` an administrator's id or null, `followUpOn` a day " +
          '(YYYY-MM-DD) or null; a key left out is left as it is. Audited; the owner gets the mails about it',
        params: idParams,
        body: specInput(handlingSchema, handlingMessageOrder),
        response: replies(inquiryHandlingResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound(LEADS_TEXT.inquiryNotFound);
      const found = await app.db
        .transaction()
        .execute((tx) => setLeadHandling(tx, { kind: 'contact', id }, request.body, actorOf(request.user!)));
      const item = found ? await findInquiry(app.db, id) : undefined;
      if (!item) throw notFound(LEADS_TEXT.inquiryNotFound);
      return { success: true, message: HANDLING_TEXT.inquiryHandlingSaved, item };
    },
  );

  app.delete(
    '/:id',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: 'Delete an inquiry (admin)',
        params: idParams,
        response: replies(apiResultSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      let files: string[] = [];
      const deleted =
        isId(id) &&
        (await app.db.transaction().execute(async (tx) => {
          const before = await findInquiry(tx, id);
          if (!before || !(await deleteInquiry(tx, id))) return false;
          // Its conversation goes with it.
          files = await deleteThread(tx, { kind: 'contact', id });
          const { _id, ...fields } = before;
          await recordAudit(tx, actorOf(request.user!), { action: 'delete', entityType: 'inquiry', entityId: id, before: fields });
          return true;
        }));
      if (!deleted) throw notFound(LEADS_TEXT.inquiryNotFound);
      // After the commit; a file left behind by a store that is away is only unreachable.
      await attachments
        .remove(files)
        .catch((err: unknown) => request.log.warn({ err }, 'attachments of a deleted inquiry left in the store'));
      return { success: true, message: LEADS_TEXT.inquiryDeleted };
    },
  );
}
