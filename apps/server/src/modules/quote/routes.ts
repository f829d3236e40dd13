import {
  BOT_SIGNAL_TEXT,
  QUOTE_DESK_MESSAGES as M,
  SERVER_ERRORS,
  SUCCESS,
  apiResultSchema,
  botSignalFields,
  decisionSchema,
  leadFilterMessageOrder,
  offerMessageOrder,
  offerSchema,
  quoteDetailResponseSchema,
  quoteFilterSchema,
  quoteMessageOrder,
  quoteResponseSchema,
  quoteSchema,
  quotesResponseSchema,
  rejectMessageOrder,
  rejectSchema,
  requestChangesMessageOrder,
  requestChangesResponseSchema,
  requestChangesSchema,
  THREAD_TEXT,
  buyerListQuerySchema,
  handlingMessageOrder,
  handlingSchema,
  quoteHandlingResponseSchema,
  replyDueAtOf,
  HANDLING_TEXT,
  type Quote,
  type SiteSettings,
  type Language,
  localizedPath,
  belowMoqMessage,
  SAMPLE_TEXT,
  quoteSampleField,
  firstLineMismatch,
  quoteLinesOf,
  withFirstLineFields,
  withFirstLinePrice,
} from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, newId } from '../../db/ids.js';
import { fromTradeTerms, moqOf, nowIso, toFlag } from '../../db/mappers.js';
import { leadSpamReason } from '../bot-signals/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { queueMail } from '../../mail/mailer.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { perAccount, rateLimited } from '../../plugins/rate-limit.js';
import { csvStream } from '../../lib/csv.js';
import { callerFilter, listAnswer, registerListRoutes } from '../leads/index.js';
import { assignNewLead, chooseAssignee, ownerAddress, setLeadHandling } from '../assignment/index.js';
import { observeFirstReplies } from '../reply-clock/index.js';
import { QUOTE_COLUMNS, quoteCsvRows } from './csv.js';
import { decisionMail, offerMail, quoteAcknowledgementMail, quoteNotificationMail, rejectionMail } from './mails.js';
import { quotationFileName, quotationPdf } from './pdf.js';
import { orderMails } from '../order/index.js';
import { findProductRow } from '../product/repository.js';
import { userLanguage } from '../user/index.js';
import { findSample, findSampleOwner } from '../sample/index.js';
import { deleteQuote, findQuote, findQuoteOwner, insertQuote, listQuotes, quoteBatches, releaseQuote } from './repository.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { getQuoteDetail } from './detail.js';
import { decideQuote, rejectQuote, requestChanges, sendOffer } from './service.js';
import { markOfferViewed } from './offer-repository.js';
import { deleteThread, findThreadMessage, viewerOf } from '../messages/index.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The quote named in the path, if the caller may see it: its owner (a USER) or any ADMIN.
 * 404 for an unknown id, 403 for someone else's quote.
 */
async function authorisedQuoteId(request: IdRequest, roles: { admin: boolean; owner: boolean }): Promise<string> {
  const { id } = request.params;
  if (!isId(id)) throw notFound(SERVER_ERRORS.quoteNotFound);
  const found = await findQuoteOwner(request.server.db, id);
  if (!found) throw notFound(SERVER_ERRORS.quoteNotFound);
  const user = request.user!;
  const allowed = user.role === 'ADMIN' ? roles.admin : roles.owner && found.userId === user._id;
  if (!allowed) throw forbidden();
  return id;
}

const OWNER_OR_ADMIN = { admin: true, owner: true };
const ADMIN = { admin: true, owner: false };
const OWNER = { admin: false, owner: true };

const tags = ['quote'];

/** What a buyer is shown of their quote: whether it is held as spam, who owns it and when to follow it up are the company's business. */
function forBuyer<Q extends Quote>(quote: Q): Q {
  const { spamReason: _held, assignee: _owner, followUpOn: _followUp, ...shown } = quote;
  return shown as Q;
}

/** The export's batches of quotes as batches of rows, one per line (issue 45). */
async function* quoteRowBatches(batches: AsyncIterable<Quote[]>) {
  for await (const quotes of batches) yield quoteCsvRows(quotes);
}

/** /api/v1/quote/* (SPEC.md section 7; roles from section 6). */
export default async function quoteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const attachments = app.documentStorage;
  /** The company's notification and the buyer's acknowledgement, once per quote (their events are unique). */
  // `settings`: the company's details as the owner set them (modules/settings), read BEFORE the
  // transaction (on SQLite a read through app.db inside it would wait for its own connection).
  // `language`: the buyer's (their account's), read before the transaction too; the company's stays English.
  // `owner`: the quote's owner's address (issue 41), else the notification address.
  const queueQuoteMails = async (
    tx: Parameters<typeof queueMail>[0],
    quote: Quote,
    settings: SiteSettings,
    language: Language,
    owner: string | undefined,
  ) => {
    await queueMail(tx, {
      ...quoteNotificationMail(owner ?? settings.notificationEmail, quote),
      event: `quote:${quote._id}:company`,
    });
    await queueMail(tx, { ...quoteAcknowledgementMail(quote.quotedByEmail, quote, settings, language), event: `quote:${quote._id}:buyer` });
  };

  /** The language of the account that asked for quote `id` (English when none). */
  const buyerLanguage = async (id: string): Promise<Language> => {
    if (!isId(id)) return 'en';
    return userLanguage(app.db, (await findQuoteOwner(app.db, id))?.userId);
  };

  app.post(
    '/add',
    {
      // Issue 45: a body with `items` may leave SPEC.md's product fields out (they are the first line's).
      preValidation: [
        requireRole('USER', 'ADMIN'),
        async (request: FastifyRequest) => {
          request.body = withFirstLineFields(request.body);
        },
      ],
      config: { ...rateLimited(app.config, 'form'), idempotent: true },
      preHandler: perAccount(app.config, app.db, 'quote-add'),
      schema: {
        tags,
        summary:
          'Ask for a quotation (mails the company and the user); a request whose text looks like spam, or that trips ' +
          "the page's bot signals (`website`, `fillMs`), is stored but held as spam: not mailed until released. " +
          'Issue 45: `items` (1 to 20 lines, no product twice) asks for several products in one quote; the top-level ' +
          'productId / requiredQty / packagingType / isCustomPackagingRequired may then be left out (they are the first ' +
          "line's) and, when sent, must be the first line's",
        body: specInput(quoteSchema.extend(botSignalFields).extend(quoteSampleField), [
          ...quoteMessageOrder,
          SAMPLE_TEXT.quoteSampleInvalid,
        ]),
        response: replies(quoteResponseSchema, [400, 401, 403, 404, 429]),
      },
    },
    async (request) => {
      const input = request.body;
      const mismatch = firstLineMismatch(input);
      if (mismatch) throw badRequest(mismatch, { items: mismatch });
      const lines = quoteLinesOf(input);
      for (const [i, line] of lines.entries()) {
        const product = isId(line.productId) ? await findProductRow(app.db, line.productId) : undefined;
        if (!product) throw notFound(SERVER_ERRORS.productNotFound);
        // Issue 43: the product's minimum order, after every message of the form's own (SPEC.md's first).
        const belowMoq = belowMoqMessage(moqOf(product), line.requiredQty);
        if (belowMoq) throw badRequest(belowMoq, { [input.items ? `items.${i}.requiredQty` : 'requiredQty']: belowMoq });
      }
      const user = request.user!;
      // 'Request a quote' from a delivered sample (issue 43): the buyer's own, with this product.
      if (input.sampleId !== undefined) {
        const sample = isId(input.sampleId) ? await findSample(app.db, input.sampleId) : undefined;
        const owner = sample ? await findSampleOwner(app.db, sample._id) : undefined;
        const fits =
          sample?.status === 'DELIVERED' && owner?.userId === user._id && sample.items.some((i) => i.productId === input.productId);
        if (!fits) throw badRequest(SAMPLE_TEXT.quoteSampleInvalid, { sampleId: SAMPLE_TEXT.quoteSampleInvalid });
      }
      const settings = await app.siteSettings();
      const language = await userLanguage(app.db, user._id);
      const spamReason = leadSpamReason(input, 'quote', [
        input.companyName,
        input.contactPersonName,
        input.address,
        input.deliveryLocation,
        input.additionalInfo,
      ]);
      // Its owner by the site's rule (issue 41), chosen before the transaction (SQLite); none while held as spam.
      const assignee = spamReason ? null : await chooseAssignee(app.db, settings.assignment, input);
      const createdAt = nowIso(app.now());
      const quote = await app.db.transaction().execute(async (tx) => {
        const id = newId();
        let stored = await insertQuote(
          tx,
          {
            id,
            company_name: input.companyName,
            contact_person_name: input.contactPersonName,
            company_email: input.companyEmail,
            mobile_number: input.mobileNumber,
            country: input.country,
            address: input.address,
            required_qty: input.requiredQty,
            packaging_type: input.packagingType,
            is_custom_packaging_required: toFlag(input.isCustomPackagingRequired),
            product_id: input.productId,
            delivery_location: input.deliveryLocation,
            is_urgent: toFlag(input.isUrgent),
            additional_info: input.additionalInfo,
            heard_from: input.heardFrom,
            // Who asked comes from the session, never from the body.
            quoted_by_email: user.email,
            user_id: user._id,
            created_at: createdAt,
            reply_due_at: replyDueAtOf(createdAt),
            spam_reason: spamReason,
            sample_id: input.sampleId ?? null,
            ...fromTradeTerms(input.tradeTerms),
          },
          lines,
          app.now(),
        );
        if (assignee) {
          await assignNewLead(tx, { kind: 'quote', id }, assignee, settings.assignment);
          stored = (await findQuote(tx, id))!;
        }
        // In the quote's transaction: the quote and its mails are stored together or not at all.
        // Sending happens later (mail/mailer.ts): a mail failure never fails the request.
        // Held as spam: no mail until an administrator releases it ('Not spam').
        if (!spamReason) await queueQuoteMails(tx, stored, settings, language, assignee?.email);
        await markApplied(tx);
        return stored;
      });
      app.mailer.kick();
      // The same answer either way: a sender learns nothing from it.
      return { success: true, message: SUCCESS.addQuote, quote: forBuyer(quote) };
    },
  );

  // SPEC.md section 6: seeing one's own quotes is a USER capability (admins use /all).
  app.get(
    '/getQuoteByUser',
    {
      preValidation: requireRole('USER'),
      schema: {
        tags,
        summary: "The logged-in user's quotes, newest first (sort=activity: latest message first), with their unread messages",
        querystring: buyerListQuerySchema,
        response: replies(quotesResponseSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const user = request.user!;
      const { quotes } = await listQuotes(app.db, { userId: user._id, viewer: viewerOf(user), sort: request.query.sort });
      return { success: true, message: SUCCESS.userQuotes, quotes: quotes.map(forBuyer) };
    },
  );

  // Without a query string: every quote, as SPEC.md's client expects. With filters (status,
  // productId, country, from, to, q) and/or page/limit: the matching quotes (one page of them,
  // with total, page, limit, pageCount and countries, when paginated). Trade desk.
  // /export: the same filters as /all; every matching quote (no pagination), one row each.
  // Issue 41: reply=due|overdue|answered, assignee=<id>|none|me and sort=due too.
  registerListRoutes(app, tags, specInput(quoteFilterSchema, leadFilterMessageOrder), {
    list: {
      summary:
        'Every quote, or the filtered ones (status, productId, country, from, to, q, spam, reply, assignee), one page of them when ' +
        'paginated; sort=created (default), activity or due (admin)',
      response: quotesResponseSchema,
    },
    answer: async (query, user) =>
      listAnswer(SUCCESS.allQuotes, await listQuotes(app.db, { ...callerFilter(query, user, nowIso(app.now())), viewer: viewerOf(user) })),
    csv: {
      noun: 'quotes',
      rows: (filter, user) =>
        csvStream(QUOTE_COLUMNS, quoteRowBatches(quoteBatches(app.db, callerFilter(filter, user, nowIso(app.now()))))),
    },
  });

  app.delete(
    '/delete/:id',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: 'Delete a quote (admin)',
        params: z.object({ id: z.string() }),
        response: replies(apiResultSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      let files: string[] = [];
      const deleted =
        isId(id) &&
        (await app.db.transaction().execute(async (tx) => {
          const before = await findQuote(tx, id);
          if (!before || !(await deleteQuote(tx, id))) return false;
          // Its conversation goes with it (an order made from it keeps its own).
          files = await deleteThread(tx, { kind: 'quote', id });
          const { _id, productId, ...fields } = before;
          await recordAudit(tx, actorOf(request.user!), {
            action: 'delete',
            entityType: 'quote',
            entityId: id,
            before: { ...fields, productId: productId?._id ?? null },
          });
          return true;
        }));
      if (!deleted) throw notFound(SERVER_ERRORS.quoteNotFound);
      // After the commit; a file left behind by a store that is away is only unreachable.
      await attachments
        .remove(files)
        .catch((err: unknown) => request.log.warn({ err }, 'attachments of a deleted quote left in the store'));
      return { success: true, message: SUCCESS.deleteQuote };
    },
  );

  // The quote desk: one quote, offers, rejection, the buyer's decision, the PDF. Access to the
  // quote (404 / 403) is checked before the body is validated, in preValidation.
  const idParams = z.object({ id: z.string() });
  const quoteAccess = (roles: { admin: boolean; owner: boolean }) => async (request: IdRequest) => {
    await authorisedQuoteId(request, roles);
  };
  /** The buyer opens the quote or its PDF: its current offer is seen (`viewedAt`, the first time only; issue 40). */
  const seenByBuyer = async (request: IdRequest) => {
    if (request.user!.role === 'USER') await markOfferViewed(app.db, request.params.id, nowIso(app.now()));
  };

  app.get(
    '/:id',
    {
      preValidation: [requireRole('USER', 'ADMIN'), quoteAccess(OWNER_OR_ADMIN)],
      schema: {
        tags,
        summary: 'One quote with its offers and history (its owner or an admin)',
        params: idParams,
        response: replies(quoteDetailResponseSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      await seenByBuyer(request);
      const quote = await getQuoteDetail(app.db, request.params.id);
      if (!quote) throw notFound(SERVER_ERRORS.quoteNotFound);
      return { success: true, message: M.quoteFetched, quote: request.user!.role === 'ADMIN' ? quote : forBuyer(quote) };
    },
  );

  app.post(
    '/:id/not-spam',
    {
      preValidation: [requireRole('ADMIN'), quoteAccess(ADMIN)],
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Release a quote held as spam: it joins the list and its mails are sent now (admin)',
        params: idParams,
        body: z.object({}),
        response: replies(quoteResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const settings = await app.siteSettings();
      const language = await buyerLanguage(id);
      // A released quote without an owner gets one by the rule now (issue 41), chosen before the transaction.
      const before = await findQuote(app.db, id);
      const assignee =
        before?.spamReason !== undefined && !before.assignee
          ? await chooseAssignee(app.db, settings.assignment, { country: before.country, productId: before.productId?._id ?? null })
          : null;
      const quote = await app.db.transaction().execute(async (tx) => {
        const held = await findQuote(tx, id);
        if (!held) throw notFound(SERVER_ERRORS.quoteNotFound);
        if (!(await releaseQuote(tx, id))) throw conflict(BOT_SIGNAL_TEXT.notHeld);
        if (!held.assignee) await assignNewLead(tx, { kind: 'quote', id }, assignee, settings.assignment);
        const released = (await findQuote(tx, id))!;
        await recordAudit(tx, actorOf(request.user!), {
          action: 'update',
          entityType: 'quote',
          entityId: id,
          before: { spamReason: held.spamReason ?? null },
          after: { spamReason: null },
        });
        await queueQuoteMails(tx, released, settings, language, await ownerAddress(tx, { kind: 'quote', id }, settings.notificationEmail));
        await markApplied(tx);
        return released;
      });
      app.mailer.kick();
      return { success: true, message: BOT_SIGNAL_TEXT.quoteReleased, quote };
    },
  );

  app.post(
    '/:id/offer',
    {
      preValidation: [
        requireRole('ADMIN'),
        quoteAccess(ADMIN),
        // Issue 45: a body with `lines` may leave `unitPrice` out (it is the first line's).
        async (request: FastifyRequest) => {
          request.body = withFirstLinePrice(request.body);
        },
      ],
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Send an offer (admin); a new offer replaces the current one. Issue 45: `lines` prices every line of the quote ' +
          "once (`itemId` is the line's `_id`; `quantity`, optional, offers another quantity than asked); a one-line quote " +
          'may send `unitPrice` alone; a quote of several lines must send `lines`',
        params: idParams,
        body: specInput(offerSchema, offerMessageOrder),
        response: replies(quoteResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const settings = await app.siteSettings();
      const language = await buyerLanguage(id);
      // The mail is queued in the offer's transaction (mail/mailer.ts sends it). The offer stops the
      // reply clock (issue 41) when it is the company's first reply.
      const firstReplies: number[] = [];
      const quote = await sendOffer(
        app.db,
        app.dialect,
        id,
        request.body,
        {
          userId: request.user!._id,
          audit: actorOf(request.user!),
          firstReplies,
          // The quotation PDF goes with the mail, drawn here in the offer's transaction and stored with
          // the queued mail (docs/decisions/037-mail-that-arrives.md).
          mail: async (q) => ({
            ...offerMail(
              q.quotedByEmail,
              q,
              q.offer!,
              `${publicBaseUrl(request)}${localizedPath('/profile', language)}`,
              settings,
              language,
              await quotationPdf(q, q.offer!, settings, language),
            ),
            event: `quote:${id}:offer:${q.offer!.revision}`,
          }),
        },
        app.now(),
      );
      observeFirstReplies(app, firstReplies);
      app.mailer.kick();
      return { success: true, message: M.offerSent, quote };
    },
  );

  app.post(
    '/:id/reject',
    {
      preValidation: [requireRole('ADMIN'), quoteAccess(ADMIN)],
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Reject a quote with a reason (admin)',
        params: idParams,
        body: specInput(rejectSchema, rejectMessageOrder),
        response: replies(quoteResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { reason } = request.body;
      const { id } = request.params;
      const settings = await app.siteSettings();
      const language = await buyerLanguage(id);
      const firstReplies: number[] = [];
      const quote = await rejectQuote(
        app.db,
        app.dialect,
        id,
        reason,
        {
          userId: request.user!._id,
          audit: actorOf(request.user!),
          firstReplies,
          mail: (q) => ({
            ...rejectionMail(
              q.quotedByEmail,
              q,
              reason,
              `${publicBaseUrl(request)}${localizedPath('/profile', language)}`,
              settings,
              language,
            ),
            event: `quote:${id}:rejected`,
          }),
        },
        app.now(),
      );
      observeFirstReplies(app, firstReplies);
      app.mailer.kick();
      return { success: true, message: M.quoteRejected, quote };
    },
  );

  for (const [action, decision, message] of [
    ['accept', 'ACCEPTED', M.offerAccepted],
    ['decline', 'DECLINED', M.offerDeclined],
  ] as const) {
    app.post(
      `/:id/${action}`,
      {
        preValidation: [requireRole('USER'), quoteAccess(OWNER)],
        config: { idempotent: true },
        schema: {
          tags,
          summary: `${action === 'accept' ? 'Accept' : 'Decline'} the current offer (the quote's owner)`,
          params: idParams,
          body: specInput(decisionSchema, []),
          response: replies(quoteResponseSchema, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => {
        const { note, offerId } = request.body;
        const { id } = request.params;
        const { notificationEmail } = await app.siteSettings();
        // The buyer's decision goes to the quote's owner (issue 41), else the notification address.
        const owner = await ownerAddress(app.db, { kind: 'quote', id }, notificationEmail);
        // The order's first mail (PROFORMA_ISSUED) in the buyer's language: the buyer decides.
        const language = await userLanguage(app.db, request.user!._id);
        const quote = await decideQuote(
          app.db,
          id,
          decision,
          note,
          {
            userId: request.user!._id,
            mail: (q) => ({ ...decisionMail(owner, q, q.offer!, decision, note), event: `quote:${id}:${decision}` }),
            orderMails: (order, step) => orderMails(order, step, publicBaseUrl(request), notificationEmail, language),
          },
          offerId,
        );
        app.mailer.kick();
        return { success: true, message, quote };
      },
    );
  }

  app.post(
    '/:id/request-changes',
    {
      preValidation: [requireRole('USER'), quoteAccess(OWNER)],
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Ask for changes to the current offer (the quote's owner): a note and any of unitPrice, requiredQty, incoterm, " +
          'destination, paymentTerms, leadTimeDays. The quote becomes CHANGES_REQUESTED until a revised offer (QUOTED), a ' +
          "rejection or the buyer's decision; the thread gets the note as a message with its `proposal`; the company is mailed",
        params: idParams,
        body: specInput(requestChangesSchema, requestChangesMessageOrder),
        response: replies(requestChangesResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = request.user!;
      const { quote, messageId } = await requestChanges(
        app.db,
        app.dialect,
        id,
        request.body,
        { userId: user._id, name: user.fullName },
        app.now(),
      );
      await app.threadEvents.publish({ kind: 'quote', threadId: id, messageId, type: 'message' });
      const { thread: _thread, ...item } = (await findThreadMessage(app.db, messageId))!;
      return { success: true, message: THREAD_TEXT.changesRequested, quote: forBuyer(quote), item };
    },
  );

  app.patch(
    '/:id/handling',
    {
      preValidation: [requireRole('ADMIN'), quoteAccess(ADMIN)],
      schema: {
        tags,
        summary:
          "Set a quote's owner and follow-up day (admin): `assigneeId` an administrator's id or null, `followUpOn` a day " +
          '(YYYY-MM-DD) or null; a key left out is left as it is. Audited; the owner gets the mails about it',
        params: idParams,
        body: specInput(handlingSchema, handlingMessageOrder),
        response: replies(quoteHandlingResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = await app.db
        .transaction()
        .execute((tx) => setLeadHandling(tx, { kind: 'quote', id }, request.body, actorOf(request.user!)));
      const item = found ? await findQuote(app.db, id, nowIso(app.now())) : undefined;
      if (!item) throw notFound(SERVER_ERRORS.quoteNotFound);
      return { success: true, message: HANDLING_TEXT.quoteHandlingSaved, item };
    },
  );

  app.get(
    '/:id/pdf',
    {
      preValidation: [requireRole('USER', 'ADMIN'), quoteAccess(OWNER_OR_ADMIN)],
      schema: {
        tags,
        summary: 'The current offer as a quotation PDF (its owner or an admin)',
        params: idParams,
        response: {
          ...replies(apiResultSchema, [401, 403, 404]),
          200: {
            description: 'The quotation',
            content: {
              'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'PDF bytes' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      await seenByBuyer(request);
      const quote = await getQuoteDetail(app.db, request.params.id);
      if (!quote?.offer) throw notFound(M.noOffer);
      // In the buyer's language (their account's), whoever downloads it: the admin gets the very
      // document the buyer gets.
      const pdf = await quotationPdf(quote, quote.offer, await app.siteSettings(), await buyerLanguage(request.params.id));
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${quotationFileName(quote.offer)}"`)
        .send(pdf);
    },
  );
}
