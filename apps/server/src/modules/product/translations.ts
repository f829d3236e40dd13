/**
 * A product's content in the other languages (issue 28 item 6): stored apart from the English
 * product (product_translations), laid over it per field where set, replaced whole by an ADMIN.
 */
import {
  CONTENT_LANGUAGES,
  EMPTY_PRODUCT_TRANSLATION,
  isContentLanguage,
  specificationRecordSchema,
  translateProduct,
  type ContentLanguage,
  type Language,
  type Product,
  type ProductTranslation,
} from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { fromJsonList, fromJsonObjects, nowIso, toJsonList } from '../../db/mappers.js';
import type { ProductTranslationRow } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

/** Every language's translation of a product (empty ones for the languages without). */
export async function readTranslations(db: DbOrTx, productId: string): Promise<Record<ContentLanguage, ProductTranslation>> {
  const rows = await db.selectFrom('product_translations').selectAll().where('product_id', '=', productId).execute();
  const out = Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, { ...EMPTY_PRODUCT_TRANSLATION }])) as Record<
    ContentLanguage,
    ProductTranslation
  >;
  for (const row of rows) {
    if (!isContentLanguage(row.language)) continue;
    out[row.language] = translationOf(row);
  }
  return out;
}

function translationOf(row: ProductTranslationRow): ProductTranslation {
  return {
    productName: row.product_name,
    productDescription: row.product_description,
    keyFeatures: fromJsonList(row.key_features),
    nutrientContent: fromJsonList(row.nutrient_content),
    specifications: fromJsonObjects(row.specifications, specificationRecordSchema),
  };
}

const isEmpty = (t: ProductTranslation): boolean =>
  !t.productName && !t.productDescription && t.keyFeatures.length === 0 && t.nutrientContent.length === 0 && t.specifications.length === 0;

/**
 * Replace a product's translations with `next` (a language left out, or empty, has none), with its
 * audit row, in one transaction. The triggers bump the products version.
 */
export async function replaceTranslations(
  db: DbOrTx,
  productId: string,
  next: Partial<Record<ContentLanguage, ProductTranslation>>,
  actor: AuditActor,
): Promise<Record<ContentLanguage, ProductTranslation>> {
  const before = await readTranslations(db, productId);
  const now = nowIso();
  await db.deleteFrom('product_translations').where('product_id', '=', productId).execute();
  const rows = CONTENT_LANGUAGES.flatMap((language) => {
    const t = next[language];
    if (!t || isEmpty(t)) return [];
    return [
      {
        product_id: productId,
        language,
        product_name: t.productName,
        product_description: t.productDescription,
        key_features: toJsonList(t.keyFeatures),
        nutrient_content: toJsonList(t.nutrientContent),
        specifications: JSON.stringify(t.specifications),
        updated_at: now,
      },
    ];
  });
  if (rows.length) await db.insertInto('product_translations').values(rows).execute();
  const after = await readTranslations(db, productId);
  await recordAudit(db, actor, {
    action: 'update',
    entityType: 'product',
    entityId: productId,
    before: { translations: before },
    after: { translations: after },
  });
  return after;
}

/** `products` in `language`: each translated field where set, English otherwise (English: as they are). */
export async function translateProducts(db: DbOrTx, products: Product[], language: Language): Promise<Product[]> {
  if (language === 'en' || products.length === 0) return products;
  const rows = await db
    .selectFrom('product_translations')
    .selectAll()
    .where('language', '=', language)
    .where(
      'product_id',
      'in',
      products.map((p) => p._id),
    )
    .execute();
  if (rows.length === 0) return products;
  const byProduct = new Map(rows.map((r) => [r.product_id, translationOf(r)]));
  return products.map((p) => translateProduct(p, byProduct.get(p._id)));
}
