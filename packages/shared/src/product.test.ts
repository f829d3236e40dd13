import { describe, expect, it } from 'vitest';
import { VALIDATION as V } from './messages.js';
import { productMessageOrder, productSchema, productUpdateMessageOrder, productUpdateSchema } from './product.js';
import { validate } from './validation.js';

const R = V.productRequired;
const product = {
  productName: 'Natural Jaggery Blocks',
  productType: 'AGRO',
  productQuantityType: 'KG',
  productForm: 'Blocks',
  productDescription: 'Chemical-free jaggery',
  nutrientContent: ['Iron', 'Calcium'],
  isOrganic: 'true',
  isPremium: 'false',
  productShelfLife: '12',
  keyFeatures: ['No chemicals', 'Rich taste'],
  applications: 'Sweets',
};
const check = (input: unknown) => {
  const r = validate(productSchema, productMessageOrder, input);
  return r.ok ? undefined : r.message;
};

describe('add product (SPEC.md section 5)', () => {
  it('accepts multipart-style values: strings, repeated fields or a single value', () => {
    const r = validate(productSchema, productMessageOrder, product);
    expect(r).toEqual({
      ok: true,
      data: {
        ...product,
        isOrganic: true,
        isPremium: false,
        productShelfLife: 12,
        applications: ['Sweets'],
      },
    });
  });

  it('defaults to AGRO and NOS', () => {
    const r = validate(productSchema, productMessageOrder, { ...product, productType: undefined, productQuantityType: '' });
    expect(r.ok && [r.data.productType, r.data.productQuantityType]).toEqual(['AGRO', 'NOS']);
  });

  it.each([
    ['productName', R.productName],
    ['productForm', R.productForm],
    ['productDescription', R.productDescription],
    ['productShelfLife', R.productShelfLife],
    ['keyFeatures', R.keyFeatures],
    ['applications', R.applications],
  ])('needs %s', (field, message) => {
    expect(check({ ...product, [field]: undefined })).toBe(message);
  });

  it('reports the first missing field in order', () => {
    expect(check({})).toBe(R.productName);
    expect(check({ productName: 'X' })).toBe(R.productForm);
    expect(check({ ...product, productShelfLife: '', keyFeatures: [] })).toBe(R.productShelfLife);
  });

  it('needs nutrient entries for AGRO only, and drops them for NONAGRO', () => {
    expect(check({ ...product, nutrientContent: [] })).toBe(R.nutrientContent);
    expect(check({ ...product, nutrientContent: ['  '] })).toBe(R.nutrientContent);
    const r = validate(productSchema, productMessageOrder, { ...product, productType: 'NONAGRO', nutrientContent: ['Iron'] });
    expect(r.ok && r.data.nutrientContent).toEqual([]);
    expect(check({ ...product, productType: 'NONAGRO', nutrientContent: undefined })).toBeUndefined();
  });

  it('needs a shelf life of at least 1 month and known enums', () => {
    expect(check({ ...product, productShelfLife: '0' })).toBe(V.productShelfLifeMin);
    expect(check({ ...product, productShelfLife: 1 })).toBeUndefined();
    expect(check({ ...product, productType: 'FOOD' })).toBe(V.invalidProductType);
    expect(check({ ...product, productQuantityType: 'GALLON' })).toBe(V.invalidQuantityType);
  });
});

describe('update product', () => {
  const check = (input: unknown) => {
    const r = validate(productUpdateSchema, productUpdateMessageOrder, input);
    return r.ok ? undefined : r.message;
  };

  it("needs _id in the form data: 'Product ID (_id) is required in FormData'", () => {
    expect(check({ productName: 'X' })).toBe('Product ID (_id) is required in FormData');
    expect(check({ _id: '' })).toBe(V.productIdRequired);
  });

  it('keeps only the fields sent, ignoring blank ones', () => {
    const r = validate(productUpdateSchema, productUpdateMessageOrder, {
      _id: '0123456789abcdef01234567',
      productName: 'New Name',
      productForm: '',
      productShelfLife: '24',
      isPremium: 'true',
    });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const sent = Object.fromEntries(Object.entries(r.data).filter(([, v]) => v !== undefined));
      expect(sent).toEqual({ _id: '0123456789abcdef01234567', productName: 'New Name', productShelfLife: 24, isPremium: true });
    }
  });

  it('still validates the fields it receives', () => {
    expect(check({ _id: 'x', productShelfLife: '0' })).toBe(V.productShelfLifeMin);
    expect(check({ _id: 'x', productType: 'FOOD' })).toBe(V.invalidProductType);
  });
});
