import { actorOf } from '../audit/index.js';
import {
  CONTENT_TRANSLATION_MESSAGES,
  CONTENT_TRANSLATION_TEXT,
  LANGUAGES,
  SERVER_ERRORS,
  productTranslationsMessageOrder,
  productTranslationsResponseSchema,
  productTranslationsSchema,
  type Language,
  SUCCESS,
  apiResultSchema,
  productMessageOrder,
  productResponseSchema,
  productSchema,
  productUpdateMessageOrder,
  productUpdateSchema,
  productsResponseSchema,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../db/ids.js';
import { notFound } from '../../lib/errors.js';
import { EDGE_TAGS, languageTag, productTag } from '../../speed/edge.js';
import { sendWithEtag } from '../../speed/etag.js';
import { imageBaseUrl, readUploadForm, registerImageUploads } from '../images/index.js';
import {
  JsonCache,
  JsonListWriter,
  VersionedValue,
  contentVersion,
  freshAt,
  sendCachedJson,
  versionReader,
} from '../../speed/json-cache.js';
import { multipartForm, replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import * as repo from './repository.js';
import { PRODUCT_FILE_FIELDS, createProductService } from './service.js';
import { readTranslations, replaceTranslations, translateProducts } from './translations.js';

const MAX_PAGE_SIZE = 100;
/** Serialized lists kept: one per origin image URLs are built on (normally one or two). */
const LIST_CACHE_ENTRIES = 4;
/**
 * And the bytes they may hold together, the list built last kept even alone above it: with 10,000
 * products a list is 25 MB, and requests with four Host headers (no PUBLIC_URL) held 100 MB.
 */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** Serialized products kept (per origin and id), least recently used out first. */
const DETAIL_CACHE_ENTRIES = 1000;
const DEFAULT_PAGE_SIZE = 20;
/** Products read (and serialized) at a time when the whole list is built. */
const LIST_BUILD_PAGE = 500;

const pageNumber = z.coerce.number().int().min(1);
/** Optional: the products' content in this language where translated (issue 28); without it, English as SPEC.md answers. */
const lang = z
  .enum(LANGUAGES, { error: CONTENT_TRANSLATION_MESSAGES.lang })
  .optional()
  .describe('Language of the translated fields (default en)');
/** Optional paging: without `page` and `limit` the list holds EVERY product (SPEC.md). */
const listQuerySchema = z.object({
  lang,
  certification: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe("Only products with this certification (a name of the settings' certifications)"),
  organic: z.enum(['true', 'false']).optional().describe('Only organic products (true) or only the others (false)'),
  page: pageNumber.optional().describe('Page number, from 1'),
  limit: pageNumber.max(MAX_PAGE_SIZE).optional().describe(`Products per page (default ${DEFAULT_PAGE_SIZE})`),
});
const idParams = z.object({ id: z.string() });
const tags = ['product'];
const FILES = 'Files: productThumbnail (one image, required on add), productImages (images, optional).';

/** /api/v1/product/* (SPEC.md section 7). */
export default async function productRoutes(fastify: FastifyInstance): Promise<void> {
  await registerImageUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const products = createProductService(app.db, app.imageStorage, () => app.siteSettings());
  const adminOnly = requireRole('ADMIN');
  // Valid per products version (docs/performance.md): every write, by any process, changes it.
  const listCache = new JsonCache(LIST_CACHE_ENTRIES, LIST_CACHE_BYTES);
  const detailCache = new JsonCache(DETAIL_CACHE_ENTRIES);
  // Unknown ids (junk traffic, old links) are refused from this set: no query per request.
  const knownIds = new VersionedValue<Set<string>>();

  /**
   * The whole list, read and serialized a page at a time in one snapshot: each page's objects die
   * young instead of 10,000 products (and their rows) being held at once (docs/performance.md,
   * "Memory").
   */
  const serializedList = (baseUrl: string, language: Language) =>
    app.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const list = new JsonListWriter({ success: true, message: SUCCESS.productList }, 'products');
        for (let offset = 0; ; offset += LIST_BUILD_PAGE) {
          const page = await repo.listProducts(tx, baseUrl, { limit: LIST_BUILD_PAGE, offset });
          list.add(await translateProducts(tx, page, language));
          if (page.length < LIST_BUILD_PAGE) break;
        }
        return list.finish();
      });

  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'The catalogue: every product, or one page of it with `page` / `limit`',
        querystring: listQuerySchema,
        response: replies(productsResponseSchema, [400]),
      },
    },
    async (request, reply) => {
      const { page, limit, lang: language = 'en', certification, organic } = request.query;
      const baseUrl = imageBaseUrl(request);
      const filtered = certification !== undefined || organic !== undefined;
      if (page === undefined && limit === undefined && !filtered) {
        // The version is read before the rows, so a cached list is never older than its version.
        // Kept per language: the key names it (the front lane's key is the address, query included).
        const version = await contentVersion(app, 'products');
        const body = await listCache.get(`${baseUrl} ${language}`, version, () => serializedList(baseUrl, language));
        return sendCachedJson(request, reply, body!, freshAt(app, 'products', version), [EDGE_TAGS.products, languageTag(language)]);
      }
      const tags = [EDGE_TAGS.products, languageTag(language)];
      if (filtered && page === undefined && limit === undefined) {
        // Every match, as the whole list is (SPEC.md's shape): the products page's filters (issue 43).
        const list = await repo.listProducts(app.db, baseUrl, undefined, undefined, {
          certification,
          organic: organic && organic === 'true',
        });
        const products = await translateProducts(app.db, list, language);
        return sendWithEtag(request, reply, { success: true, message: SUCCESS.productList, products }, tags);
      }
      const size = limit ?? DEFAULT_PAGE_SIZE;
      const current = page ?? 1;
      const filter = { certification, organic: organic && organic === 'true' };
      const [list, total] = await Promise.all([
        repo.listProducts(app.db, baseUrl, { limit: size, offset: (current - 1) * size }, undefined, filter),
        repo.countProducts(app.db, filter),
      ]);
      return sendWithEtag(
        request,
        reply,
        {
          success: true,
          message: SUCCESS.productList,
          products: await translateProducts(app.db, list, language),
          page: current,
          limit: size,
          total,
        },
        tags,
      );
    },
  );

  app.post(
    '/add',
    {
      preValidation: adminOnly,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add a product (admin; multipart/form-data)',
        consumes: ['multipart/form-data'],
        body: multipartForm(productSchema, productMessageOrder, FILES),
        response: replies(productResponseSchema, [400, 401, 403, 413, 415]),
      },
    },
    async (request) => {
      const form = await readUploadForm(request, PRODUCT_FILE_FIELDS);
      const product = await products.add(form, imageBaseUrl(request), actorOf(request.user!));
      return { success: true, message: SUCCESS.addProduct, product };
    },
  );

  app.patch(
    '/update/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Change a product (admin; multipart/form-data; only the non-empty fields sent change)',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: multipartForm(productUpdateSchema, productUpdateMessageOrder, FILES),
        response: replies(productResponseSchema, [400, 401, 403, 404, 413, 415]),
      },
    },
    async (request) => {
      const form = await readUploadForm(request, PRODUCT_FILE_FIELDS);
      const product = await products.update(request.params.id, form, imageBaseUrl(request), actorOf(request.user!));
      return { success: true, message: SUCCESS.updateProduct, product };
    },
  );

  app.delete(
    '/delete/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Delete a product (admin)',
        params: idParams,
        response: replies(apiResultSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      await products.remove(request.params.id, actorOf(request.user!));
      return { success: true, message: SUCCESS.deleteProduct };
    },
  );

  // The product's content in the other languages (issue 28 item 6), for the product form.
  const existingProduct = async (id: string): Promise<void> => {
    if (!isId(id) || !(await repo.findProductRow(app.db, id))) throw notFound(SERVER_ERRORS.productNotFound);
  };
  app.get(
    '/:id/translations',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "A product's name, description, key features and nutrient content in each other language (admin; empty = English shown)",
        params: idParams,
        response: replies(productTranslationsResponseSchema, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      await existingProduct(request.params.id);
      reply.header('Cache-Control', 'no-store');
      return { success: true, message: CONTENT_TRANSLATION_TEXT.fetched, translations: await readTranslations(app.db, request.params.id) };
    },
  );
  app.put(
    '/:id/translations',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "Replace a product's translations (admin): a language left out or empty shows English",
        params: idParams,
        body: specInput(productTranslationsSchema, productTranslationsMessageOrder),
        response: replies(productTranslationsResponseSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const translations = await app.db.transaction().execute(async (tx) => {
        if (!isId(id) || !(await repo.findProductRow(tx, id))) throw notFound(SERVER_ERRORS.productNotFound);
        return replaceTranslations(tx, id, request.body.translations, actorOf(request.user!));
      });
      return { success: true, message: CONTENT_TRANSLATION_TEXT.saved, translations };
    },
  );

  // Registered last: static paths (/all) win over this parameter anyway, but keep it readable.
  // An id unknown at the current version is refused by the front lane too (speed/front-lane.ts).
  // Only well-formed ids: other segments may be routes of their own (`/all`), which Fastify finds.
  const isUnknownId = async (id: string, version: string): Promise<boolean> =>
    isId(id) && !(await knownIds.get(version, () => repo.listProductIds(app.db))).has(id);
  app.get(
    '/:id',
    {
      // Compressed once per version here, not by @fastify/compress per request.
      compress: false,
      decompress: false,
      onSend: app.frontLane.refuseUnder(`${app.prefix}/`, 404, versionReader(app, 'products'), isUnknownId),
      schema: {
        tags,
        summary: 'One product (`lang`: its translated fields where set)',
        params: idParams,
        querystring: z.object({ lang }),
        response: replies(productResponseSchema, [400, 404]),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const language = request.query.lang ?? 'en';
      if (!isId(id)) throw notFound(SERVER_ERRORS.productNotFound);
      const baseUrl = imageBaseUrl(request);
      const version = await contentVersion(app, 'products');
      if (!(await knownIds.get(version, () => repo.listProductIds(app.db))).has(id)) throw notFound(SERVER_ERRORS.productNotFound);
      const body = await detailCache.get(`${baseUrl} ${id} ${language}`, version, async () => {
        const product = await repo.findProduct(app.db, id, baseUrl);
        const [translated] = product ? await translateProducts(app.db, [product], language) : [];
        return translated && { success: true, message: SUCCESS.product, product: translated };
      });
      if (!body) throw notFound(SERVER_ERRORS.productNotFound);
      return sendCachedJson(request, reply, body, freshAt(app, 'products', version), [productTag(id), languageTag(language)]);
    },
  );
}
