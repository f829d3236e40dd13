import { actorOf, recordAudit } from '../audit/index.js';
import { SERVER_ERRORS, SUCCESS, apiResultSchema, galleryResponseSchema, type GalleryResponse } from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { imageBaseUrl, readUploadForm, registerImageUploads, releaseImages, saveImages } from '../images/index.js';
import { EDGE_TAGS } from '../../speed/edge.js';
import { JsonCache, contentVersion, freshAt, sendCachedJson } from '../../speed/json-cache.js';
import { multipartForm, replies } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import * as repo from './repository.js';

/**
 * The gallery is one list; the API wraps it in a single element (SPEC.md section 7: "the first
 * element holds the galleryImages list"), whose id is this constant.
 */
export const GALLERY_ID = 'gallery';
const FILE_FIELD = 'galleryImages';
const tags = ['gallery'];

/** /api/v1/gallery/* (SPEC.md section 7). */
export default async function galleryRoutes(fastify: FastifyInstance): Promise<void> {
  await registerImageUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('ADMIN');
  const storage = app.imageStorage;

  async function galleryBody(request: FastifyRequest, message: string): Promise<GalleryResponse> {
    const galleryImages = await repo.listGalleryImages(app.db, imageBaseUrl(request));
    return { success: true, message, galleryImages: [{ _id: GALLERY_ID, galleryImages }] };
  }

  // One serialized gallery per origin image URLs are built on, valid per gallery version.
  const cache = new JsonCache(4);
  // Compressed once per version here, not by @fastify/compress per request.
  app.get(
    '/all',
    {
      compress: false,
      decompress: false,
      schema: { tags, summary: 'The gallery (the first element holds the list)', response: replies(galleryResponseSchema, []) },
    },
    async (request, reply) => {
      const version = await contentVersion(app, 'gallery');
      const body = await cache.get(imageBaseUrl(request), version, () => galleryBody(request, SUCCESS.gallery));
      return sendCachedJson(request, reply, body!, freshAt(app, 'gallery', version), [EDGE_TAGS.gallery]);
    },
  );

  app.post(
    '/add',
    {
      preValidation: adminOnly,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add images to the gallery (admin; multipart/form-data)',
        consumes: ['multipart/form-data'],
        body: multipartForm(z.object({}), [], `Files: ${FILE_FIELD} (one or more images).`),
        response: replies(galleryResponseSchema, [400, 401, 403, 413, 415]),
      },
    },
    async (request) => {
      const form = await readUploadForm(request, [FILE_FIELD]);
      const images = form.files[FILE_FIELD] ?? [];
      if (images.length === 0) throw badRequest(SERVER_ERRORS.noImages);
      const createdAt = nowIso();
      const entries = images.map((image) => ({ id: newId(), imageId: image.id, createdAt }));
      await saveImages(app.db, storage, images, async (tx) => {
        await repo.insertGalleryImages(tx, entries);
        await recordAudit(tx, actorOf(request.user!), {
          action: 'create',
          entityType: 'gallery',
          entityId: entries.map((e) => e.id).join(','),
          after: { images: entries.map((e) => e.imageId) },
        });
      });
      return galleryBody(request, SUCCESS.uploadImages);
    },
  );

  // A static segment outranks the parameter in Fastify's router; registered first all the same.
  app.delete(
    '/delete/all',
    {
      preValidation: adminOnly,
      schema: { tags, summary: 'Empty the gallery (admin)', response: replies(apiResultSchema, [401, 403]) },
    },
    async (request) => {
      const imageIds = await app.db.transaction().execute(async (tx) => {
        const ids = await repo.deleteAllGalleryImages(tx);
        if (ids.length > 0) {
          await recordAudit(tx, actorOf(request.user!), {
            action: 'delete',
            entityType: 'gallery',
            entityId: 'all',
            before: { images: ids },
          });
        }
        return ids;
      });
      await releaseImages(app.db, storage, imageIds);
      return { success: true, message: SUCCESS.deleteAllImages };
    },
  );

  app.delete(
    '/delete/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Delete one gallery image (admin)',
        params: z.object({ id: z.string() }),
        response: replies(apiResultSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const { id } = request.params;
      const imageId = isId(id)
        ? await app.db.transaction().execute(async (tx) => {
            const removed = await repo.deleteGalleryImage(tx, id);
            if (removed !== undefined) {
              await recordAudit(tx, actorOf(request.user!), {
                action: 'delete',
                entityType: 'gallery',
                entityId: id,
                before: { image: removed },
              });
            }
            return removed;
          })
        : undefined;
      if (imageId === undefined) throw notFound(SERVER_ERRORS.imageNotFound);
      await releaseImages(app.db, storage, [imageId]);
      return { success: true, message: SUCCESS.deleteImage };
    },
  );
}
