import {
  DEFAULT_PRODUCT_TYPE,
  DEFAULT_QUANTITY_TYPE,
  inSpecOrder,
  productMessageOrder,
  productSchema,
  VALIDATION,
  type Product,
  type ProductType,
  type QuantityType,
} from '@agro/shared';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

/** One entry of a list field (react-hook-form's field arrays hold objects, not strings). */
export interface ListEntry {
  value: string;
}

export type ListFieldName = 'nutrientContent' | 'keyFeatures' | 'applications';

export interface ProductFormValues {
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
};

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
    });
    const errors: Record<string, FieldError> = {};
    if (!parsed.success) {
      for (const issue of inSpecOrder(parsed.error.issues, productMessageOrder)) {
        const name = String(issue.path[0] ?? 'root');
        errors[name] ??= { type: issue.code, message: issue.message };
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
  if (v.productThumbnail) form.append('productThumbnail', v.productThumbnail);
  for (const file of v.productImages) form.append('productImages', file);
  return form;
}
