/**
 * Product writes: validate the form with the shared schemas, store the uploaded images and the
 * rows all or nothing, and release images nothing uses any more afterwards.
 */
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  PRODUCT_TRADE_MESSAGES,
  SERVER_ERRORS,
  VALIDATION,
  moqUnitFits,
  productMessageOrder,
  specRank,
  productSchema,
  productUpdateMessageOrder,
  productUpdateSchema,
  validate,
  type Product,
  type ProductInput,
  type ProductTradeInput,
  type SiteSettings,
} from '@agro/shared';
import { newId, isId } from '../../db/ids.js';
import type { Db } from '../../db/index.js';
import { fromJsonList, nowIso, toFlag, toJsonList } from '../../db/mappers.js';
import type { ProductUpdate } from '../../db/schema.js';
import { badRequest, notFound, parseInput } from '../../lib/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { releaseImages, saveImages, type UploadForm } from '../images/index.js';
import * as repo from './repository.js';

/** Multipart file fields of the add and update forms. */
export const PRODUCT_FILE_FIELDS = ['productThumbnail', 'productImages'] as const;

const THUMBNAIL_REQUIRED = VALIDATION.productRequired.productThumbnail;

/**
 * The add form's text fields plus the thumbnail, reported together: the first message is the
 * earliest in SPEC order whether it comes from the schema or from the missing file.
 */
function parseAddForm(form: UploadForm): ProductInput {
  const result = validate(productSchema, productMessageOrder, form.fields);
  const hasThumbnail = (form.files.productThumbnail?.length ?? 0) > 0;
  if (result.ok && hasThumbnail) return result.data;
  const fields = result.ok ? {} : { ...result.fields };
  let message = result.ok ? THUMBNAIL_REQUIRED : result.message;
  if (!hasThumbnail) {
    fields.productThumbnail = THUMBNAIL_REQUIRED;
    if (specRank(THUMBNAIL_REQUIRED, productMessageOrder) < specRank(message, productMessageOrder)) message = THUMBNAIL_REQUIRED;
  }
  throw badRequest(message, fields);
}

/** A product row as its audit entry names it: the stored fields, without the bookkeeping times. */
function auditFields(row: Record<string, unknown>): Record<string, unknown> {
  const { created_at: _c, updated_at: _u, ...fields } = row;
  return fields;
}

/**
 * The rules of the trade fields that need the settings: certifications are names of the settings'
 * certifications (a name the owner since removed may stay on a product that already has it).
 */
function checkCertifications(input: ProductTradeInput, settings: SiteSettings, kept: readonly string[] = []): void {
  const known = new Set([...settings.certifications.map((c) => c.name), ...kept]);
  if (input.certifications?.some((name) => !known.has(name))) {
    throw badRequest(PRODUCT_TRADE_MESSAGES.certificationUnknown, { certifications: PRODUCT_TRADE_MESSAGES.certificationUnknown });
  }
}

export function createProductService(db: Db, storage: FileStorage, siteSettings: () => Promise<SiteSettings>) {
  return {
    async add(form: UploadForm, baseUrl: string, actor: AuditActor): Promise<Product> {
      const input = parseAddForm(form);
      checkCertifications(input, await siteSettings());
      // Only the first thumbnail counts; the form has one file input for it.
      const thumbnail = form.files.productThumbnail![0]!;
      const images = form.files.productImages ?? [];
      const id = newId();
      const now = nowIso();
      const row = repo.productRow(input, { id, thumbnailImageId: thumbnail.id }, now);
      await saveImages(db, storage, [thumbnail, ...images], async (tx) => {
        await repo.insertProduct(
          tx,
          row,
          images.map((i) => i.id),
        );
        await recordAudit(tx, actor, {
          action: 'create',
          entityType: 'product',
          entityId: id,
          after: { ...auditFields(row), product_images: images.map((i) => i.id) },
        });
      });
      return (await repo.findProduct(db, id, baseUrl))!;
    },

    /**
     * Change only the non-empty fields sent. A new thumbnail replaces the old one; new
     * productImages REPLACE the whole list (the edit form shows the product's images as one
     * set). Switching to NONAGRO clears nutrientContent; an AGRO product must keep nutrients.
     */
    async update(pathId: string, form: UploadForm, baseUrl: string, actor: AuditActor): Promise<Product> {
      const input = parseInput(productUpdateSchema, productUpdateMessageOrder, form.fields);
      if (input._id !== pathId) throw badRequest(SERVER_ERRORS.productIdMismatch);
      const existing = isId(pathId) ? await repo.findProductRow(db, pathId) : undefined;
      if (!existing) throw notFound(SERVER_ERRORS.productNotFound);

      const changes: ProductUpdate = { updated_at: nowIso() };
      if (input.productName !== undefined) changes.product_name = input.productName;
      if (input.productType !== undefined) changes.product_type = input.productType;
      if (input.productQuantityType !== undefined) changes.product_quantity_type = input.productQuantityType;
      if (input.productForm !== undefined) changes.product_form = input.productForm;
      if (input.productDescription !== undefined) changes.product_description = input.productDescription;
      if (input.isOrganic !== undefined) changes.is_organic = toFlag(input.isOrganic);
      if (input.isPremium !== undefined) changes.is_premium = toFlag(input.isPremium);
      if (input.productShelfLife !== undefined) changes.product_shelf_life = input.productShelfLife;
      if (input.hsCode !== undefined) changes.hs_code = input.hsCode;
      // An empty list means "not sent" (the edit form sends only non-empty fields).
      if (input.keyFeatures?.length) changes.key_features = toJsonList(input.keyFeatures);
      if (input.applications?.length) changes.applications = toJsonList(input.applications);
      checkCertifications(input, await siteSettings(), fromJsonList(existing.certifications));
      const quantityType = input.productQuantityType ?? existing.product_quantity_type;
      const moqUnit = input.moq === undefined ? existing.moq_unit : input.moq?.unit;
      if (moqUnit && !moqUnitFits(moqUnit, quantityType)) {
        throw badRequest(PRODUCT_TRADE_MESSAGES.moqUnit, { moq: PRODUCT_TRADE_MESSAGES.moqUnit });
      }
      Object.assign(changes, repo.tradeColumns(input));

      const type = input.productType ?? existing.product_type;
      if (type === 'NONAGRO') {
        changes.nutrient_content = toJsonList([]);
      } else if (input.nutrientContent?.length) {
        changes.nutrient_content = toJsonList(input.nutrientContent);
      } else if (existing.product_type === 'NONAGRO') {
        // Becoming AGRO needs nutrients, as adding an AGRO product does.
        throw badRequest(VALIDATION.productRequired.nutrientContent, {
          nutrientContent: VALIDATION.productRequired.nutrientContent,
        });
      }

      const thumbnail = form.files.productThumbnail?.[0];
      const images = form.files.productImages;
      if (thumbnail) changes.thumbnail_image_id = thumbnail.id;
      const before = await repo.productImageIds(db, pathId);
      await saveImages(db, storage, [...(thumbnail ? [thumbnail] : []), ...(images ?? [])], async (tx) => {
        await repo.updateProduct(
          tx,
          pathId,
          changes,
          images?.map((i) => i.id),
        );
        await recordAudit(tx, actor, {
          action: 'update',
          entityType: 'product',
          entityId: pathId,
          before: { ...auditFields(existing), ...(images ? { product_images: before.images } : {}) },
          after: { ...auditFields({ ...existing, ...changes }), ...(images ? { product_images: images.map((i) => i.id) } : {}) },
        });
      });
      await releaseImages(db, storage, [...(thumbnail && before.thumbnail ? [before.thumbnail] : []), ...(images ? before.images : [])]);
      return (await repo.findProduct(db, pathId, baseUrl))!;
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      if (!isId(id)) throw notFound(SERVER_ERRORS.productNotFound);
      const used = await repo.productImageIds(db, id);
      const deleted = await db.transaction().execute(async (tx) => {
        const existing = await repo.findProductRow(tx, id);
        if (!existing || !(await repo.deleteProduct(tx, id))) return false;
        await recordAudit(tx, actor, { action: 'delete', entityType: 'product', entityId: id, before: auditFields(existing) });
        return true;
      });
      if (!deleted) throw notFound(SERVER_ERRORS.productNotFound);
      await releaseImages(db, storage, [...(used.thumbnail ? [used.thumbnail] : []), ...used.images]);
    },
  };
}
