import { SERVER_ERRORS, SUCCESS, type GalleryResponse } from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isId, newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { readUploadForm, registerImageUploads } from '../../lib/images-upload.js';
import { imageBaseUrl, releaseImages, saveImages } from '../../lib/images.js';
import { JsonCache, contentVersion, sendCachedJson } from '../../lib/json-cache.js';
import { requireRole } from '../../plugins/auth.js';
import * as repo from './repository.js';

/**
 * The gallery is one list; the API wraps it in a single element (SPEC.md section 7: "the first
 * element holds the galleryImages list"), whose id is this constant.
 */
export const GALLERY_ID = 'gallery';
const FILE_FIELD = 'galleryImages';

/** /api/v1/gallery/* (SPEC.md section 7). */
export default async function galleryRoutes(app: FastifyInstance): Promise<void> {
  await registerImageUploads(app);
  const adminOnly = { preHandler: requireRole('ADMIN') };
  const { uploadsDir } = app.config;

  async function galleryBody(request: FastifyRequest, message: string): Promise<GalleryResponse> {
    const galleryImages = await repo.listGalleryImages(app.db, imageBaseUrl(request));
    return { success: true, message, galleryImages: [{ _id: GALLERY_ID, galleryImages }] };
  }

  // One serialized gallery per origin image URLs are built on, valid per gallery version.
  const cache = new JsonCache(4);
  app.get('/all', async (request, reply) => {
    const version = await contentVersion(app, 'gallery');
    const body = await cache.get(imageBaseUrl(request), version, () => galleryBody(request, SUCCESS.gallery));
    return sendCachedJson(request, reply, body!);
  });

  app.post('/add', adminOnly, async (request) => {
    const form = await readUploadForm(request, [FILE_FIELD]);
    const images = form.files[FILE_FIELD] ?? [];
    if (images.length === 0) throw badRequest(SERVER_ERRORS.noImages);
    const createdAt = nowIso();
    await saveImages(app.db, uploadsDir, images, (tx) =>
      repo.insertGalleryImages(
        tx,
        images.map((image) => ({ id: newId(), imageId: image.id, createdAt })),
      ),
    );
    return galleryBody(request, SUCCESS.uploadImages);
  });

  // A static segment outranks the parameter in Fastify's router; registered first all the same.
  app.delete('/delete/all', adminOnly, async () => {
    const imageIds = await repo.deleteAllGalleryImages(app.db);
    await releaseImages(app.db, uploadsDir, imageIds);
    return { success: true, message: SUCCESS.deleteAllImages };
  });

  app.delete<{ Params: { id: string } }>('/delete/:id', adminOnly, async (request) => {
    const { id } = request.params;
    const imageId = isId(id) ? await repo.deleteGalleryImage(app.db, id) : undefined;
    if (imageId === undefined) throw notFound(SERVER_ERRORS.imageNotFound);
    await releaseImages(app.db, uploadsDir, [imageId]);
    return { success: true, message: SUCCESS.deleteImage };
  });
}
