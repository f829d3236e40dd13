import { z } from 'zod';
import { DEFAULT_PRODUCT_TYPE, DEFAULT_QUANTITY_TYPE, LIMITS, PRODUCT_TYPES, QUANTITY_TYPES } from './constants.js';
import { VALIDATION as V } from './messages.js';
import { booleanish, requiredLine, requiredNumber, requiredString, stringList } from './validation.js';
import { moqUnitFits } from './minimum-order.js';
import { PRODUCT_TRADE_MESSAGES, productTradeMessageOrder, productTradeShape } from './product-trade.js';

const R = V.productRequired;

const productType = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? DEFAULT_PRODUCT_TYPE : v),
  z.enum(PRODUCT_TYPES, { error: V.invalidProductType }),
);
const quantityType = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? DEFAULT_QUANTITY_TYPE : v),
  z.enum(QUANTITY_TYPES, { error: V.invalidQuantityType }),
);
/** Harmonized System code (4 to 10 digits, dots allowed: "0712.20"); optional, printed on proforma invoices. */
export const HS_CODE_MESSAGE = 'HS code must be 4 to 10 digits, dots allowed (e.g. 0712.20)';
const hsCode = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string({ error: HS_CODE_MESSAGE })
    .trim()
    .refine((v) => /^\d{4}(\.?\d{1,2}){0,3}$/.test(v) && v.replace(/\./g, '').length <= 10, { error: HS_CODE_MESSAGE })
    .optional(),
);
const shelfLife = requiredNumber(R.productShelfLife, LIMITS.shelfLifeMin, V.productShelfLifeMin, 600);

/**
 * Text fields of POST /api/v1/product/add (multipart). Files (productThumbnail, productImages)
 * are checked by the server. nutrientContent is required for AGRO and dropped for NONAGRO.
 */
export const productSchema = z
  .object({
    productName: requiredLine(R.productName, 200),
    productType,
    productQuantityType: quantityType,
    productForm: requiredLine(R.productForm, 200),
    productDescription: requiredString(R.productDescription, 5000),
    nutrientContent: stringList(),
    isOrganic: booleanish(),
    isPremium: booleanish(),
    productShelfLife: shelfLife,
    keyFeatures: stringList().refine((l) => l.length > 0, { error: R.keyFeatures }),
    applications: stringList().refine((l) => l.length > 0, { error: R.applications }),
    hsCode,
    ...productTradeShape,
  })
  .superRefine((p, ctx) => {
    if (p.productType === 'AGRO' && p.nutrientContent.length === 0) {
      ctx.addIssue({ code: 'custom', message: R.nutrientContent, path: ['nutrientContent'] });
    }
    if (p.moq && !moqUnitFits(p.moq.unit, p.productQuantityType)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_TRADE_MESSAGES.moqUnit, path: ['moq'] });
    }
  })
  .transform((p) => ({ ...p, nutrientContent: p.productType === 'AGRO' ? p.nutrientContent : [] }));
export type ProductInput = z.infer<typeof productSchema>;

export const productMessageOrder = [
  R.productName,
  R.productType,
  R.productQuantityType,
  R.productForm,
  R.productDescription,
  R.productShelfLife,
  R.productThumbnail,
  R.nutrientContent,
  R.keyFeatures,
  R.applications,
  V.invalidProductType,
  V.invalidQuantityType,
  V.productShelfLifeMin,
  HS_CODE_MESSAGE,
  ...productTradeMessageOrder,
] as const;

const optionalIfBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * PATCH /api/v1/product/update/{_id} (multipart): only the non-empty fields sent change.
 * `_id` must be in the form data. Lists replace the stored list when at least one entry is sent.
 */
export const productUpdateSchema = z.object({
  _id: requiredString(V.productIdRequired, 64),
  productName: optionalIfBlank(requiredLine(R.productName, 200)),
  productType: optionalIfBlank(z.enum(PRODUCT_TYPES, { error: V.invalidProductType })),
  productQuantityType: optionalIfBlank(z.enum(QUANTITY_TYPES, { error: V.invalidQuantityType })),
  productForm: optionalIfBlank(requiredLine(R.productForm, 200)),
  productDescription: optionalIfBlank(requiredString(R.productDescription, 5000)),
  nutrientContent: optionalIfBlank(stringList()),
  isOrganic: optionalIfBlank(booleanish()),
  isPremium: optionalIfBlank(booleanish()),
  productShelfLife: optionalIfBlank(shelfLife),
  keyFeatures: optionalIfBlank(stringList()),
  applications: optionalIfBlank(stringList()),
  hsCode,
  ...productTradeShape,
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;
export const productUpdateMessageOrder = [V.productIdRequired, ...productMessageOrder] as const;
