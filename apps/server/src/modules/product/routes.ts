import { SERVER_ERRORS, SUCCESS } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isId } from '../../db/ids.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sendWithEtag } from '../../lib/etag.js';
import { readUploadForm, registerImageUploads } from '../../lib/images-upload.js';
import { imageBaseUrl } from '../../lib/images.js';
import { JsonCache, contentVersion, sendCachedJson } from '../../lib/json-cache.js';
import { requireRole } from '../../plugins/auth.js';
import * as repo from './repository.js';
import { PRODUCT_FILE_FIELDS, createProductService } from './service.js';

const MAX_PAGE_SIZE = 100;
/** Serialized lists kept: one per origin image URLs are built on (normally one or two). */
const LIST_CACHE_ENTRIES = 4;
/** Serialized products kept (per origin and id), least recently used out first. */
const DETAIL_CACHE_ENTRIES = 1000;
const DEFAULT_PAGE_SIZE = 20;

const pageNumber = z.coerce.number().int().min(1);
/** Optional paging: without `page` and `limit` the list holds EVERY product (SPEC.md). */
const listQuerySchema = z.object({
  page: pageNumber.optional(),
  limit: pageNumber.max(MAX_PAGE_SIZE).optional(),
});

/** /api/v1/product/* (SPEC.md section 7). */
export default async function productRoutes(app: FastifyInstance): Promise<void> {
  await registerImageUploads(app);
  const products = createProductService(app.db, app.config.uploadsDir);
  const adminOnly = { preHandler: requireRole('ADMIN') };
  // Valid per products version (docs/performance.md): every write, by any process, changes it.
  const listCache = new JsonCache(LIST_CACHE_ENTRIES);
  const detailCache = new JsonCache(DETAIL_CACHE_ENTRIES);

  app.get('/all', async (request, reply) => {
    const query = listQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw badRequest(SERVER_ERRORS.badRequest);
    const { page, limit } = query.data;
    const baseUrl = imageBaseUrl(request);
    if (page === undefined && limit === undefined) {
      // The version is read before the rows, so a cached list is never older than its version.
      const version = await contentVersion(app, 'products');
      const body = await listCache.get(baseUrl, version, async () => ({
        success: true,
        message: SUCCESS.productList,
        products: await repo.listProducts(app.db, baseUrl),
      }));
      return sendCachedJson(request, reply, body!);
    }
    const size = limit ?? DEFAULT_PAGE_SIZE;
    const current = page ?? 1;
    const [list, total] = await Promise.all([
      repo.listProducts(app.db, baseUrl, { limit: size, offset: (current - 1) * size }),
      repo.countProducts(app.db),
    ]);
    return sendWithEtag(request, reply, {
      success: true,
      message: SUCCESS.productList,
      products: list,
      page: current,
      limit: size,
      total,
    });
  });

  app.post('/add', adminOnly, async (request) => {
    const form = await readUploadForm(request, PRODUCT_FILE_FIELDS);
    const product = await products.add(form, imageBaseUrl(request));
    return { success: true, message: SUCCESS.addProduct, product };
  });

  app.patch<{ Params: { id: string } }>('/update/:id', adminOnly, async (request) => {
    const form = await readUploadForm(request, PRODUCT_FILE_FIELDS);
    const product = await products.update(request.params.id, form, imageBaseUrl(request));
    return { success: true, message: SUCCESS.updateProduct, product };
  });

  app.delete<{ Params: { id: string } }>('/delete/:id', adminOnly, async (request) => {
    await products.remove(request.params.id);
    return { success: true, message: SUCCESS.deleteProduct };
  });

  // Registered last: static paths (/all) win over this parameter anyway, but keep it readable.
  app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(SERVER_ERRORS.productNotFound);
    const baseUrl = imageBaseUrl(request);
    const version = await contentVersion(app, 'products');
    const body = await detailCache.get(`${baseUrl} ${id}`, version, async () => {
      const product = await repo.findProduct(app.db, id, baseUrl);
      return product && { success: true, message: SUCCESS.product, product };
    });
    if (!body) throw notFound(SERVER_ERRORS.productNotFound);
    return sendCachedJson(request, reply, body);
  });
}
