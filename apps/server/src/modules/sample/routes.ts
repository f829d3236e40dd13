import {
  SAMPLE_TEXT as M,
  mySamplesResponseSchema,
  sampleAddMessageOrder,
  sampleAddFields,
  sampleAddRules,
  sampleAddShipping,
  sampleLimits,
  botSignalFields,
  sampleDeclineMessageOrder,
  sampleDeclineSchema,
  sampleDispatchMessageOrder,
  sampleDispatchSchema,
  sampleFeedbackMessageOrder,
  sampleFeedbackSchema,
  sampleFilterMessageOrder,
  sampleFilterSchema,
  sampleResponseSchema,
  samplesResponseSchema,
  type Sample,
  type SampleStatus,
} from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../db/ids.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/i18n.js';
import { localizeRefusal } from '../../lib/refusals.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { actorOf } from '../audit/index.js';
import { botSignal, spamInText } from '../bot-signals/index.js';
import { listAnswer, registerListRoutes } from '../leads/index.js';
import { viewerOf } from '../messages/index.js';
import { userLanguage } from '../user/index.js';
import { samplesCsv } from './csv.js';
import { sampleMails } from './mails.js';
import { findSample, findSampleOwner, listSamples, listUserSamples } from './repository.js';
import { addSample, changeSample, type SampleActor, type SampleChange } from './service.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
/** The request's fields and the forms' bot signals (the honeypot and the fill time), judged in the handler. */
const addBody = z
  .object({ ...sampleAddFields, ...botSignalFields })
  .superRefine(sampleAddRules)
  .transform(sampleAddShipping);
const tags = ['sample'];

const OWNER_OR_ADMIN = { admin: true, owner: true };
const ADMIN = { admin: true, owner: false };
const OWNER = { admin: false, owner: true };

/** The request in the path, if the caller may see it: 404 for an unknown id, 403 for another buyer's. */
async function authorisedSample(request: IdRequest, roles: { admin: boolean; owner: boolean }): Promise<void> {
  const { id } = request.params;
  if (!isId(id)) throw notFound(M.notFound);
  const found = await findSampleOwner(request.server.db, id);
  if (!found) throw notFound(M.notFound);
  const user = request.user!;
  const allowed = user.role === 'ADMIN' ? roles.admin : roles.owner && found.userId === user._id;
  if (!allowed) throw forbidden();
}

/** A success message in the asking page's language (its refusals are, by the error handler). */
const said = (request: FastifyRequest, message: string) => localizeRefusal(message, requestLanguage(request.headers));

/** /api/v1/sample/* (issue 43, item 2): sample requests, their steps and the buyer's feedback. */
export default async function sampleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.string() });
  const access = (roles: { admin: boolean; owner: boolean }) => async (request: IdRequest) => authorisedSample(request, roles);
  /** Who acts, and the mails in the buyer's language (their account's) to the site's address. */
  const actor = async (request: FastifyRequest, buyerId: string | null | undefined): Promise<SampleActor> => {
    const { notificationEmail } = await app.siteSettings();
    const language = await userLanguage(app.db, buyerId);
    const user = request.user!;
    return {
      user: { _id: user._id, email: user.email, fullName: user.fullName },
      audit: actorOf(user),
      mails: (sample: Sample, status: SampleStatus | 'FEEDBACK') =>
        sampleMails(sample, status, publicBaseUrl(request), notificationEmail, language),
    };
  };
  const step = async (request: IdRequest, change: SampleChange, message: string, ownerOnly = false) => {
    const { id } = request.params;
    const owner = await findSampleOwner(app.db, id);
    const sample = await changeSample(app.db, id, change, await actor(request, owner?.userId), ownerOnly ? request.user!._id : undefined);
    app.mailer.kick();
    return { success: true, message: said(request, message), sample };
  };

  registerListRoutes(app, tags, specInput(sampleFilterSchema, sampleFilterMessageOrder), {
    list: {
      summary:
        'Every sample request, or the filtered ones (status, productId, country, from, to, q), one page of them when paginated (admin)',
      response: samplesResponseSchema,
    },
    answer: async (query, user) => listAnswer(M.fetched, await listSamples(app.db, query, viewerOf(user))),
    csv: { noun: 'samples', rows: async (filter) => samplesCsv((await listSamples(app.db, filter)).samples) },
  });

  app.post(
    '/add',
    {
      preValidation: requireRole('USER'),
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Ask for samples (a signed-in buyer): up to the settings' products and grams each, a delivery address and a courier " +
          'account or pay on delivery. 409 with another open request for one of the products or past the monthly limit; a ' +
          "request that trips the form's bot signals (`website`, `fillMs`) or looks like spam is refused (400). Mails the buyer and the company",
        body: specInput(addBody, sampleAddMessageOrder),
        response: replies(sampleResponseSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const input = request.body;
      // The forms' bot rules (docs/decisions/024): nothing to hold for later, so refused outright.
      if (botSignal(input, 'quote') !== null || spamInText(input.address, input.note, input.companyName) !== null) throw badRequest(M.spam);
      const settings = await app.siteSettings();
      const sample = await addSample(app.db, input, sampleLimits(settings), await actor(request, request.user!._id));
      app.mailer.kick();
      return { success: true, message: said(request, M.added), sample };
    },
  );

  app.get(
    '/mine',
    {
      preValidation: requireRole('USER'),
      schema: {
        tags,
        summary: "The signed-in buyer's sample requests, newest first, and the limits their next request keeps to",
        response: replies(mySamplesResponseSchema, [401, 403]),
      },
    },
    async (request) => {
      const limits = sampleLimits(await app.siteSettings());
      return { success: true, message: said(request, M.fetched), samples: await listUserSamples(app.db, request.user!._id), limits };
    },
  );

  app.get(
    '/:id',
    {
      preValidation: [requireRole('USER', 'ADMIN'), access(OWNER_OR_ADMIN)],
      schema: {
        tags,
        summary: 'One sample request (its buyer or an admin)',
        params: idParams,
        response: replies(sampleResponseSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const sample = await findSample(app.db, request.params.id);
      if (!sample) throw notFound(M.notFound);
      return { success: true, message: said(request, M.oneFetched), sample };
    },
  );

  const adminStep = (path: string, summary: string) => ({
    path,
    options: {
      preValidation: [requireRole('ADMIN'), access(ADMIN)],
      config: { idempotent: true },
      schema: { tags, summary, params: idParams },
    },
  });

  const approve = adminStep('/:id/approve', 'Approve a requested sample (admin); mails the buyer. 409 unless REQUESTED');
  app.post(
    approve.path,
    {
      ...approve.options,
      schema: { ...approve.options.schema, body: z.object({}), response: replies(sampleResponseSchema, [401, 403, 404, 409]) },
    },
    async (request) => step(request, { step: 'approve' }, M.approved),
  );

  const decline = adminStep('/:id/decline', 'Decline a request with a reason (admin); mails the buyer. 409 unless REQUESTED or APPROVED');
  app.post(
    decline.path,
    {
      ...decline.options,
      schema: {
        ...decline.options.schema,
        body: specInput(sampleDeclineSchema, sampleDeclineMessageOrder),
        response: replies(sampleResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => step(request, { step: 'decline', reason: request.body.reason }, M.declined),
  );

  const dispatch = adminStep(
    '/:id/dispatch',
    "Dispatch an approved request (admin) with the courier and its tracking number: the tracking link is the courier's public tracking page. Mails the buyer",
  );
  app.post(
    dispatch.path,
    {
      ...dispatch.options,
      schema: {
        ...dispatch.options.schema,
        body: specInput(sampleDispatchSchema, sampleDispatchMessageOrder),
        response: replies(sampleResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => step(request, { step: 'dispatch', ...request.body }, M.dispatched),
  );

  app.post(
    '/:id/delivered',
    {
      preValidation: [requireRole('USER', 'ADMIN'), access(OWNER_OR_ADMIN)],
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Mark dispatched samples delivered (their buyer or an admin); mails the buyer. 409 unless DISPATCHED',
        params: idParams,
        body: z.object({}),
        response: replies(sampleResponseSchema, [401, 403, 404, 409]),
      },
    },
    async (request) => step(request, { step: 'delivered' }, M.delivered, request.user!.role !== 'ADMIN'),
  );

  app.post(
    '/:id/feedback',
    {
      preValidation: [requireRole('USER'), access(OWNER)],
      config: { idempotent: true },
      schema: {
        tags,
        summary: "The buyer's feedback on delivered samples (`rating` 1-5, `note`), once",
        params: idParams,
        body: specInput(sampleFeedbackSchema, sampleFeedbackMessageOrder),
        response: replies(sampleResponseSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => step(request, { step: 'feedback', ...request.body }, M.feedbackSaved, true),
  );
}
