/**
 * /api/v1/pages (issue 43, item 3): the pages the owner writes, read by anyone in a language (the
 * public pages read them through the server's render too), saved and restored by an ADMIN.
 */
import {
  DEFAULT_LANGUAGE,
  OWNER_PAGES,
  LANGUAGES,
  OWNER_PAGE_TEXT,
  OWNER_PAGE_INPUT,
  ownerPageBodyOrder,
  ownerPageBodySchema,
  ownerPageTextsOrder,
  validate,
  ownerPageResponseSchema,
  type OwnerPage,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../db/mappers.js';
import { badRequest } from '../../lib/errors.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { EDGE_TAGS, languageTag, markEdgeCacheable } from '../../speed/edge.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { storedTexts, writeOwnerPage } from './repository.js';

const tags = ['pages'];
const M = OWNER_PAGE_TEXT;

export default async function ownerPageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('ADMIN');
  const pageParams = z.object({ page: z.enum(OWNER_PAGES, { error: M.notFound }) });
  const languageQuery = z.object({ lang: z.enum(LANGUAGES, { error: M.languageRequired }).default(DEFAULT_LANGUAGE) });

  app.get(
    '/:page',
    {
      schema: {
        tags,
        summary:
          "A page the owner writes (home, about, privacy, terms) in a language (lang, English by default): the owner's texts over the original ones, the formatted ones also as their safe structure; updatedAt null while it reads as the original",
        params: pageParams,
        querystring: languageQuery,
        response: replies(ownerPageResponseSchema, [400, 404]),
      },
    },
    async (request, reply) => {
      const { page } = request.params;
      const { lang } = request.query;
      // The same for everyone: an edge may keep it until the settings change (decision 035).
      markEdgeCacheable(reply, [EDGE_TAGS.settings, languageTag(lang)]);
      return { success: true, message: M.fetched, page: await app.ownerPage(page, lang) };
    },
  );

  app.put(
    '/:page',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          "Save a page's texts in one language (admin): every field of the page (home: heroEyebrow, heroTitle, heroTagline, heroText; about: title, intro, storyHeading, story, mission, vision, values, founderName, founderRole, founderMessage, founderPhoto; privacy and terms: body, Markdown); an empty one reads as the original. Answers the page as shown",
        params: pageParams,
        body: specInput(ownerPageBodySchema, ownerPageBodyOrder),
        response: replies(ownerPageResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { page } = request.params;
      const { language } = request.body;
      const texts = validate(OWNER_PAGE_INPUT[page], ownerPageTextsOrder(page), request.body.texts);
      if (!texts.ok) throw badRequest(texts.message, texts.fields);
      await save(page, language, texts.data, request.user!);
      return { success: true, message: M.saved, page: await app.ownerPage(page, language) };
    },
  );

  app.delete(
    '/:page',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Restore a page in a language (lang) to the original texts (admin); answers the page as shown',
        params: pageParams,
        querystring: languageQuery,
        response: replies(ownerPageResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { page } = request.params;
      const { lang } = request.query;
      await save(page, lang, null, request.user!);
      return { success: true, message: M.restored, page: await app.ownerPage(page, lang) };
    },
  );

  async function save(
    page: OwnerPage,
    language: (typeof LANGUAGES)[number],
    texts: Record<string, unknown> | null,
    user: Parameters<typeof actorOf>[0],
  ) {
    await app.db.transaction().execute(async (tx) => {
      const before = await storedTexts(tx, page, language);
      await writeOwnerPage(tx, page, language, texts, nowIso());
      await recordAudit(tx, actorOf(user), {
        action: texts ? 'update' : 'delete',
        entityType: 'settings',
        entityId: `page:${page}:${language}`,
        before: before ?? null,
        after: texts,
      });
    });
  }
}

export { ownerPageReader } from './repository.js';
