import {
  DEFAULT_PRODUCT_TYPE,
  DEFAULT_QUANTITY_TYPE,
  inSpecOrder,
  PRODUCT_TRADE_MESSAGES,
  productMessageOrder,
  productSchema,
  VALIDATION,
  type PackagingType,
  type Product,
  type ProductType,
  type QuantityType,
} from '@agro/shared';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { t } from '@/lib/i18n';

/** One entry of a list field (react-hook-form's field arrays hold objects, not strings). */
export interface ListEntry {
  value: string;
}

export type ListFieldName = 'nutrientContent' | 'keyFeatures' | 'applications';

/** A packing option as the form holds it (blank until chosen or typed). */
export interface PackingEntry {
  packagingType: PackagingType | '';
  quantity: string;
  unit: QuantityType | '';
}
/** The trade details (issue 43) as the form holds them: numbers as typed, units blank until chosen. */
export interface TradeFormValues {
  moqQuantity: string;
  moqUnit: QuantityType | '';
  orderMultiple: string;
  leadTimeDays: string;
  supplyQuantity: string;
  supplyUnit: QuantityType | '';
  packingOptions: PackingEntry[];
  specifications: { name: string; value: string }[];
  certifications: string[];
  portOfLoading: string;
}

export interface ProductFormValues extends TradeFormValues {
  productName: string;
  productType: ProductType;
  productQuantityType: QuantityType;
  productForm: string;
  productDescription: string;
  isOrganic: boolean;
  isPremium: boolean;
  /** As typed in the number input. */
  productShelfLife: string;
  /** Optional Harmonized System code (printed on proforma invoices). */
  hsCode: string;
  nutrientContent: ListEntry[];
  keyFeatures: ListEntry[];
  applications: ListEntry[];
  productThumbnail: File | null;
  productImages: File[];
}

export const EMPTY_PRODUCT: ProductFormValues = {
  productName: '',
  productType: DEFAULT_PRODUCT_TYPE,
  productQuantityType: DEFAULT_QUANTITY_TYPE,
  productForm: '',
  productDescription: '',
  isOrganic: false,
  isPremium: false,
  productShelfLife: '',
  hsCode: '',
  nutrientContent: [{ value: '' }],
  keyFeatures: [{ value: '' }],
  applications: [{ value: '' }],
  productThumbnail: null,
  productImages: [],
  ...emptyTrade(),
};

function emptyTrade(): TradeFormValues {
  return {
    moqQuantity: '',
    moqUnit: '',
    orderMultiple: '',
    leadTimeDays: '',
    supplyQuantity: '',
    supplyUnit: '',
    packingOptions: [],
    specifications: [],
    certifications: [],
    portOfLoading: '',
  };
}

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

/** A product's trade details as the form shows them. */
function tradeValues(p: Product): TradeFormValues {
  return {
    moqQuantity: text(p.moq?.quantity),
    moqUnit: p.moq?.unit ?? '',
    orderMultiple: text(p.orderMultiple),
    leadTimeDays: text(p.leadTimeDays),
    supplyQuantity: text(p.supplyPerMonth?.quantity),
    supplyUnit: p.supplyPerMonth?.unit ?? '',
    packingOptions: (p.packingOptions ?? []).map((o) => ({ ...o, quantity: String(o.quantity) })),
    specifications: (p.specifications ?? []).map((s) => ({ ...s })),
    certifications: [...(p.certifications ?? [])],
    portOfLoading: p.portOfLoading ?? '',
  };
}

/** A quantity and its unit, or null when both are blank (the schema says what is wrong with half of one). */
const quantityOf = (quantity: string, unit: string) => (quantity.trim() === '' && unit === '' ? null : { quantity: quantity.trim(), unit });

/** The trade fields as the schema and the server take them: null for what is blank. */
function tradePayload(v: TradeFormValues): Record<string, unknown> {
  const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    moq: quantityOf(v.moqQuantity, v.moqUnit),
    orderMultiple: blankToNull(v.orderMultiple),
    leadTimeDays: blankToNull(v.leadTimeDays),
    supplyPerMonth: quantityOf(v.supplyQuantity, v.supplyUnit),
    packingOptions: v.packingOptions
      .filter((o) => o.packagingType !== '' || o.quantity.trim() !== '' || o.unit !== '')
      .map((o) => ({ ...o, quantity: o.quantity.trim() })),
    specifications: v.specifications
      .map((s) => ({ name: s.name.trim(), value: s.value.trim() }))
      .filter((s) => s.name !== '' || s.value !== ''),
    certifications: v.certifications,
    portOfLoading: blankToNull(v.portOfLoading),
  };
}

/** A trade field's message in the page's language (its text is in the private screens' file, not in the messages the code reads in English). */
function tradeMessage(english: string): string {
  const key = Object.entries(PRODUCT_TRADE_MESSAGES).find(([, text]) => text === english)?.[0];
  return key ? t(`productTrade.${key}`, { defaultValue: english }) : english;
}

/** Form fields named by the schema's paths (the quantity's input carries its object's message). */
const FIELD_OF_PATH: Record<string, keyof ProductFormValues> = { moq: 'moqQuantity', supplyPerMonth: 'supplyQuantity' };

const entries = (list: readonly string[]): ListEntry[] => (list.length ? list.map((value) => ({ value })) : [{ value: '' }]);

/** The edit form's starting values: the stored product (its images stay unless new ones are chosen). */
export function valuesFromProduct(p: Product): ProductFormValues {
  return {
    productName: p.productName,
    productType: p.productType,
    productQuantityType: p.productQuantityType,
    productForm: p.productForm,
    productDescription: p.productDescription,
    isOrganic: p.isOrganic,
    isPremium: p.isPremium,
    productShelfLife: String(p.productShelfLife ?? ''),
    hsCode: p.hsCode ?? '',
    nutrientContent: entries(p.nutrientContent ?? []),
    keyFeatures: entries(p.keyFeatures ?? []),
    applications: entries(p.applications ?? []),
    productThumbnail: null,
    productImages: [],
    ...tradeValues(p),
  };
}

const filled = (list: ListEntry[]): string[] => list.map((e) => e.value.trim()).filter((v) => v !== '');

/**
 * Validates with the shared productSchema (SPEC.md section 5 messages, first in spec order per
 * field) plus the thumbnail, which the add form requires.
 */
export function productResolver(requireThumbnail: boolean): Resolver<ProductFormValues> {
  return async (values) => {
    const parsed = productSchema.safeParse({
      productName: values.productName,
      productType: values.productType,
      productQuantityType: values.productQuantityType,
      productForm: values.productForm,
      productDescription: values.productDescription,
      isOrganic: values.isOrganic,
      isPremium: values.isPremium,
      productShelfLife: values.productShelfLife,
      hsCode: values.hsCode,
      nutrientContent: filled(values.nutrientContent),
      keyFeatures: filled(values.keyFeatures),
      applications: filled(values.applications),
      ...tradePayload(values),
    });
    const errors: Record<string, FieldError> = {};
    if (!parsed.success) {
      for (const issue of inSpecOrder(parsed.error.issues, productMessageOrder)) {
        const path = String(issue.path[0] ?? 'root');
        const name = FIELD_OF_PATH[path] ?? path;
        errors[name] ??= { type: issue.code, message: tradeMessage(issue.message) };
      }
    }
    // The schema's AGRO nutrient rule is an object-level refinement, which zod skips while any
    // field fails: check it here too so every message shows on the first submit.
    if (values.productType === 'AGRO' && filled(values.nutrientContent).length === 0) {
      errors.nutrientContent ??= { type: 'custom', message: VALIDATION.productRequired.nutrientContent };
    }
    if (requireThumbnail && !values.productThumbnail) {
      errors.productThumbnail = { type: 'required', message: VALIDATION.productRequired.productThumbnail };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<ProductFormValues> };
    return { values, errors: {} };
  };
}

/**
 * The multipart body of SPEC.md section 7: text fields, repeated nutrientContent, keyFeatures and
 * applications, the productThumbnail file and repeated productImages files. With `id` it is the
 * update body: `_id` plus only the fields that hold something; images only when new files were chosen.
 */
export function buildProductFormData(v: ProductFormValues, id?: string): FormData {
  const form = new FormData();
  if (id !== undefined) form.append('_id', id);
  const text: [string, string][] = [
    ['productName', v.productName],
    ['productType', v.productType],
    ['productQuantityType', v.productQuantityType],
    ['productForm', v.productForm],
    ['productDescription', v.productDescription],
  ];
  for (const [name, value] of text) if (value.trim() !== '') form.append(name, value.trim());
  // A checkbox always holds a value: unticking "organic" must reach the server as false.
  form.append('isOrganic', String(v.isOrganic));
  form.append('isPremium', String(v.isPremium));
  if (v.productShelfLife.trim() !== '') form.append('productShelfLife', v.productShelfLife.trim());
  if (v.hsCode.trim() !== '') form.append('hsCode', v.hsCode.trim());
  // Nutrients belong to AGRO products only.
  if (v.productType === 'AGRO') for (const n of filled(v.nutrientContent)) form.append('nutrientContent', n);
  for (const k of filled(v.keyFeatures)) form.append('keyFeatures', k);
  for (const a of filled(v.applications)) form.append('applications', a);
  // The trade details as JSON text, one field each; an edit sends every one (null or [] clears it).
  for (const [name, value] of Object.entries(tradePayload(v))) {
    const blank = value === null || (Array.isArray(value) && value.length === 0);
    if (id !== undefined || !blank) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (v.productThumbnail) form.append('productThumbnail', v.productThumbnail);
  for (const file of v.productImages) form.append('productImages', file);
  return form;
}
