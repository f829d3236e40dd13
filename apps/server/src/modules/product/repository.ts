/**
 * SQL for products. A product row names its thumbnail (images row); its other images are
 * `product_images` rows ordered by position. Rows written by the seed read back the same way.
 */
import {
  packingOptionRecordSchema,
  slugify,
  specificationRecordSchema,
  type ImageRef,
  type Product,
  type ProductInput,
  type ProductTradeInput,
} from '@agro/shared';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { fromFlag, fromJsonList, fromJsonObjects, moqOf, nowIso, toFlag, toJsonList } from '../../db/mappers.js';
import type { Database, ImageRow, NewProductRow, ProductRow, ProductUpdate } from '../../db/schema.js';
import { toImageRef } from '../images/index.js';

type ImageColumns = Pick<ImageRow, 'file_name' | 'width' | 'height' | 'variants'>;

export interface Page {
  limit: number;
  offset: number;
}

/** Which products a list holds: the premium ones (home page), by organic and by certification (products page). */
export interface ProductFilter {
  premiumOnly?: boolean;
  organic?: boolean | undefined;
  certification?: string | undefined;
}

/** The condition of `filter` (a certification is matched as the JSON string it is stored as). */
function matching(eb: ExpressionBuilder<Database, 'products'>, filter: ProductFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.premiumOnly) conditions.push(eb('products.is_premium', '=', 1));
  if (filter.organic !== undefined) conditions.push(eb('products.is_organic', '=', toFlag(filter.organic)));
  if (filter.certification !== undefined) {
    const stored = JSON.stringify(filter.certification).replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(sql<SqlBool>`products.certifications like ${`%${stored}%`} escape '\\'`);
  }
  return eb.and(conditions);
}

function toProduct(row: ProductRow, thumbnail: ImageRef, images: ImageRef[]): Product {
  return {
    _id: row.id,
    productName: row.product_name,
    productType: row.product_type,
    productQuantityType: row.product_quantity_type,
    productForm: row.product_form,
    productDescription: row.product_description,
    nutrientContent: fromJsonList(row.nutrient_content),
    isOrganic: fromFlag(row.is_organic),
    keyFeatures: fromJsonList(row.key_features),
    applications: fromJsonList(row.applications),
    isPremium: fromFlag(row.is_premium),
    // PostgreSQL's driver may hand doubles over as numbers or strings depending on settings.
    productShelfLife: Number(row.product_shelf_life),
    productThumbnail: thumbnail,
    productImages: images,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Only when set: a product without one answers SPEC.md's keys alone.
    ...(row.hs_code ? { hsCode: row.hs_code } : {}),
    ...tradeOf(row),
  };
}

/** The trade keys of a product answer, each only when set (issue 43). */
function tradeOf(row: ProductRow): Partial<Product> {
  const out: Partial<Product> = {};
  // PostgreSQL's driver may hand doubles over as strings.
  const { moq } = moqOf(row);
  if (moq) out.moq = moq;
  if (row.order_multiple !== null) out.orderMultiple = Number(row.order_multiple);
  if (row.lead_time_days !== null) out.leadTimeDays = Number(row.lead_time_days);
  if (row.supply_quantity !== null && row.supply_unit)
    out.supplyPerMonth = { quantity: Number(row.supply_quantity), unit: row.supply_unit };
  const packing = fromJsonObjects(row.packing_options, packingOptionRecordSchema);
  if (packing.length) out.packingOptions = packing;
  const specifications = fromJsonObjects(row.specifications, specificationRecordSchema);
  if (specifications.length) out.specifications = specifications;
  const certifications = fromJsonList(row.certifications);
  if (certifications.length) out.certifications = certifications;
  if (row.port_of_loading) out.portOfLoading = row.port_of_loading;
  return out;
}

/**
 * The columns of the trade fields given (issue 43): null clears a field, a field left out is left
 * out (an update keeps it).
 */
export function tradeColumns(input: ProductTradeInput): ProductUpdate {
  const out: ProductUpdate = {};
  if (input.moq !== undefined) {
    out.moq_quantity = input.moq?.quantity ?? null;
    out.moq_unit = input.moq?.unit ?? null;
  }
  if (input.orderMultiple !== undefined) out.order_multiple = input.orderMultiple;
  if (input.leadTimeDays !== undefined) out.lead_time_days = input.leadTimeDays;
  if (input.supplyPerMonth !== undefined) {
    out.supply_quantity = input.supplyPerMonth?.quantity ?? null;
    out.supply_unit = input.supplyPerMonth?.unit ?? null;
  }
  if (input.packingOptions !== undefined) out.packing_options = JSON.stringify(input.packingOptions ?? []);
  if (input.specifications !== undefined) out.specifications = JSON.stringify(input.specifications ?? []);
  if (input.certifications !== undefined) out.certifications = toJsonList(input.certifications ?? []);
  if (input.portOfLoading !== undefined) out.port_of_loading = input.portOfLoading;
  return out;
}

function productsWithThumbnail(db: DbOrTx) {
  return db
    .selectFrom('products')
    .innerJoin('images', 'images.id', 'products.thumbnail_image_id')
    .selectAll('products')
    .select(['images.file_name as t_file_name', 'images.width as t_width', 'images.height as t_height', 'images.variants as t_variants']);
}

/** Products (newest first), or one page of them, with their images; URLs built on `baseUrl`. */
export async function listProducts(
  db: DbOrTx,
  baseUrl: string,
  page?: Page,
  ids?: readonly string[],
  filter: ProductFilter = {},
): Promise<Product[]> {
  let query = productsWithThumbnail(db)
    .where((eb) => matching(eb, filter))
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('products.id', 'in', ids);
  }
  if (page) query = query.limit(page.limit).offset(page.offset);
  // LIKE ignores case on SQLite: a certification is matched exactly here.
  const rows = (await query.execute()).filter(
    (r) => filter.certification === undefined || fromJsonList(r.certifications).includes(filter.certification),
  );
  if (rows.length === 0) return [];

  let imageQuery = db
    .selectFrom('product_images')
    .innerJoin('images', 'images.id', 'product_images.image_id')
    .select(['product_images.product_id', 'images.file_name', 'images.width', 'images.height', 'images.variants'])
    .orderBy('product_images.product_id')
    .orderBy('product_images.position');
  // Without a page (or id list) every product is shown: read every image row in one go.
  if (page || ids)
    imageQuery = imageQuery.where(
      'product_images.product_id',
      'in',
      rows.map((r) => r.id),
    );
  const imagesByProduct = new Map<string, ImageRef[]>();
  for (const image of await imageQuery.execute()) {
    const list = imagesByProduct.get(image.product_id) ?? [];
    list.push(toImageRef(image, baseUrl));
    imagesByProduct.set(image.product_id, list);
  }

  return rows.map(({ t_file_name, t_width, t_height, t_variants, ...row }) => {
    const thumbnail: ImageColumns = { file_name: t_file_name, width: t_width, height: t_height, variants: t_variants };
    return toProduct(row, toImageRef(thumbnail, baseUrl), imagesByProduct.get(row.id) ?? []);
  });
}

export async function findProduct(db: DbOrTx, id: string, baseUrl: string): Promise<Product | undefined> {
  const [product] = await listProducts(db, baseUrl, undefined, [id]);
  return product;
}

/** Every product id: the detail call answers an unknown id from this set, without a query. */
export async function listProductIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.selectFrom('products').select('id').execute();
  return new Set(rows.map((r) => r.id));
}

export async function countProducts(db: DbOrTx, filter: ProductFilter = {}): Promise<number> {
  const { count } = await db
    .selectFrom('products')
    .where((eb) => matching(eb, filter))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findProductRow(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Image ids a product uses (thumbnail first), to release them after it changes or goes. */
export async function productImageIds(db: DbOrTx, id: string): Promise<{ thumbnail: string | undefined; images: string[] }> {
  const row = await db.selectFrom('products').select('thumbnail_image_id').where('id', '=', id).executeTakeFirst();
  const images = await db.selectFrom('product_images').select('image_id').where('product_id', '=', id).orderBy('position').execute();
  return { thumbnail: row?.thumbnail_image_id, images: images.map((r) => r.image_id) };
}

async function replaceProductImages(db: DbOrTx, productId: string, imageIds: readonly string[]): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (imageIds.length === 0) return;
  await db
    .insertInto('product_images')
    .values(imageIds.map((imageId, position) => ({ product_id: productId, position, image_id: imageId })))
    .execute();
}

/** The product's name, or undefined when there is no such product (quotes and inquiries name one). */
export async function findProductName(db: DbOrTx, productId: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('product_name').where('id', '=', productId).executeTakeFirst();
  return row?.product_name;
}

/**
 * The products row for a product's fields: where fields become columns, for the add route, the
 * seed and the tests alike. Nutrients are kept for AGRO products only.
 */
export function productRow(product: ProductInput, ids: { id: string; thumbnailImageId: string }, createdAt: string): NewProductRow {
  return {
    id: ids.id,
    product_name: product.productName,
    product_type: product.productType,
    product_quantity_type: product.productQuantityType,
    product_form: product.productForm,
    product_description: product.productDescription,
    nutrient_content: toJsonList(product.productType === 'AGRO' ? product.nutrientContent : []),
    is_organic: toFlag(product.isOrganic),
    key_features: toJsonList(product.keyFeatures),
    applications: toJsonList(product.applications),
    is_premium: toFlag(product.isPremium),
    product_shelf_life: product.productShelfLife,
    thumbnail_image_id: ids.thumbnailImageId,
    hs_code: product.hsCode ?? null,
    ...tradeColumns(product),
    created_at: createdAt,
    updated_at: createdAt,
  };
}

export async function insertProduct(db: DbOrTx, row: NewProductRow, imageIds: readonly string[]): Promise<void> {
  await db.insertInto('products').values(row).execute();
  await replaceProductImages(db, row.id, imageIds);
  await assignSlug(db, row.id, row.product_name);
}

/**
 * Give a product the slug of `name`: its own earlier slug when it had this one before, else the
 * first of "name", "name-2", ... that no other product has ever had. Old slugs stay the
 * product's, so their links redirect here. Returns the current slug.
 */
export async function assignSlug(db: DbOrTx, productId: string, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const owner = await db.selectFrom('product_slugs').select('product_id').where('slug', '=', slug).executeTakeFirst();
    if (owner && owner.product_id !== productId) continue;
    if (!owner) await db.insertInto('product_slugs').values({ slug, product_id: productId, created_at: nowIso() }).execute();
    await db.updateTable('products').set({ slug }).where('id', '=', productId).where('slug', 'is distinct from', slug).execute();
    return slug;
  }
}

/**
 * Slugs for products written without one (the demo seed, bulk loads, hand-written SQL), oldest
 * first. Returns how many were assigned.
 */
export async function ensureSlugs(db: DbOrTx): Promise<number> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'product_name'])
    .where('slug', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) await assignSlug(db, row.id, row.product_name);
  return rows.length;
}

/** Every slug ever given (current or old) with its product and that product's current slug. */
export async function listSlugOwners(db: DbOrTx): Promise<Map<string, { productId: string; current: string }>> {
  const rows = await db
    .selectFrom('product_slugs')
    .innerJoin('products', 'products.id', 'product_slugs.product_id')
    .select(['product_slugs.slug', 'products.id as productId', 'products.slug as current'])
    .execute();
  return new Map(rows.map((r) => [r.slug, { productId: r.productId, current: r.current ?? r.slug }]));
}

/** Every product's current slug and last change, newest first (the sitemap). */
export async function listSlugs(db: DbOrTx): Promise<{ id: string; slug: string; updatedAt: string }[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'slug', 'updated_at'])
    .where('slug', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, slug: r.slug!, updatedAt: r.updated_at }));
}

/** Apply `changes`; `imageIds` (when given) replaces the product's image list. */
export async function updateProduct(
  db: DbOrTx,
  id: string,
  changes: ProductUpdate,
  imageIds: readonly string[] | undefined,
): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
  if (imageIds) await replaceProductImages(db, id, imageIds);
  if (changes.product_name !== undefined) await assignSlug(db, id, changes.product_name);
}

/** Delete a product (its product_images go with it; quotes and contacts keep a null product). */
export async function deleteProduct(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Products in a language, translated fields laid over English (the public pages read them through here). */
export { translateProducts } from './translations.js';
