import { describe, expect, it } from 'vitest';
import { HEARD_FROM_OPTIONS, PACKAGING_TYPE_VALUES } from './constants.js';
import { VALIDATION as V } from './messages.js';
import { quoteFormSchema, quoteMessageOrder, quoteSchema } from './quote.js';
import { validate } from './validation.js';

const R = V.quoteRequired;
const form = {
  companyName: 'Global Foods',
  contactPersonName: 'Maria Lopez',
  companyEmail: 'buying@globalfoods.example',
  mobileNumber: '+34-600123456',
  country: 'Spain',
  productId: '0123456789abcdef01234567',
  requiredQty: 10,
  packagingType: 'PP_BAG',
  deliveryLocation: 'Port of Valencia',
  agreeToTerms: true,
  address: 'Calle Mayor 1, Valencia',
  heardFrom: 'Google',
  isCustomPackagingRequired: false,
  isUrgent: false,
  additionalInfo: '',
};
const check = (input: unknown, schema: typeof quoteFormSchema | typeof quoteSchema = quoteFormSchema) => {
  const r = validate(schema, quoteMessageOrder, input);
  return r.ok ? undefined : r.message;
};

/** Field -> its "is required" message, in the order SPEC.md section 5 checks them. */
const REQUIRED_IN_ORDER: [keyof typeof form, string][] = [
  ['companyName', 'Company Name is required'],
  ['contactPersonName', 'Contact Person Name is required'],
  ['companyEmail', 'Company Email is required'],
  ['mobileNumber', 'Mobile Number is required'],
  ['country', 'Country is required'],
  ['productId', 'Product is required'],
  ['requiredQty', 'Required Quantity is required'],
  ['packagingType', 'Packaging Type is required'],
  ['deliveryLocation', 'Delivery Location is required'],
  ['agreeToTerms', 'You must agree to the terms and conditions'],
  ['address', 'Address is required'],
  ['heardFrom', 'How did you hear about us? is required'],
];

describe('quote (SPEC.md section 5, checked in order)', () => {
  it('accepts a complete form, and the API body without the terms flag', () => {
    expect(check(form)).toBeUndefined();
    const { agreeToTerms: _terms, ...body } = form;
    expect(check(body, quoteSchema)).toBeUndefined();
  });

  it('reports the required fields one after another in SPEC order', () => {
    const input: Record<string, unknown> = {};
    for (const [field, message] of REQUIRED_IN_ORDER) {
      expect(check(input), `before ${field}`).toBe(message);
      input[field] = form[field];
    }
    expect(check(input)).toBeUndefined();
  });

  it.each(REQUIRED_IN_ORDER)('%s alone missing gives its message', (field, message) => {
    expect(check({ ...form, [field]: undefined })).toBe(message);
  });

  it('refuses an unticked terms box', () => {
    expect(check({ ...form, agreeToTerms: false })).toBe(R.agreeToTerms);
  });

  it.each([
    ['company name under 5', { companyName: 'Abcd' }, 'Company Name must be at least 5 characters long'],
    ['contact person under 5', { contactPersonName: 'Ann' }, 'Contact Person Name must be at least 5 characters long'],
    ['an invalid email', { companyEmail: 'buying@' }, 'Enter a valid email !'],
    ['quantity under 1', { requiredQty: 0.5 }, 'Required Quantity must be at least 1'],
    ['address under 10', { address: 'Valencia' }, 'Address must be at least 10 characters long'],
    ['delivery location under 10', { deliveryLocation: 'Valencia' }, 'Delivery Location must be at least 10 characters long'],
  ])('refuses %s', (_name, overrides, message) => {
    expect(check({ ...form, ...overrides })).toBe(message);
  });

  it('accepts the boundary values', () => {
    expect(
      check({
        ...form,
        companyName: 'Abcde',
        contactPersonName: 'Abcde',
        requiredQty: 1,
        address: '1234567890',
        deliveryLocation: '1234567890',
      }),
    ).toBeUndefined();
  });

  it('checks the length rules in SPEC order, after every required field', () => {
    const allShort = {
      ...form,
      companyName: 'A',
      contactPersonName: 'B',
      companyEmail: 'x@y',
      requiredQty: 0,
      address: 'a',
      deliveryLocation: 'd',
    };
    const expected = [
      [{}, V.quoteCompanyNameMin],
      [{ companyName: form.companyName }, V.quoteContactPersonMin],
      [{ contactPersonName: form.contactPersonName }, V.invalidEmail],
      [{ companyEmail: form.companyEmail }, V.quoteRequiredQtyMin],
      [{ requiredQty: 5 }, V.quoteAddressMin],
      [{ address: form.address }, V.quoteDeliveryLocationMin],
    ] as const;
    let input: Record<string, unknown> = allShort;
    for (const [fix, message] of expected) {
      input = { ...input, ...fix };
      expect(check(input)).toBe(message);
    }
    expect(check({ ...allShort, heardFrom: undefined })).toBe(R.heardFrom);
  });

  it('accepts every packaging type and heard-from option, and nothing else', () => {
    for (const packagingType of PACKAGING_TYPE_VALUES) expect(check({ ...form, packagingType })).toBeUndefined();
    for (const heardFrom of HEARD_FROM_OPTIONS) expect(check({ ...form, heardFrom })).toBeUndefined();
    expect(check({ ...form, packagingType: 'BOX' })).toBe(V.invalidPackagingType);
    expect(check({ ...form, heardFrom: 'TV' })).toBe(V.invalidHeardFrom);
  });

  it('turns form strings into numbers and booleans, and never reads quotedByEmail', () => {
    const r = validate(quoteSchema, quoteMessageOrder, {
      ...form,
      requiredQty: '12.5',
      isUrgent: 'true',
      isCustomPackagingRequired: 'on',
      quotedByEmail: 'someone@else.example',
    });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.data).toMatchObject({ requiredQty: 12.5, isUrgent: true, isCustomPackagingRequired: true });
      expect(r.data).not.toHaveProperty('quotedByEmail');
    }
    expect(check({ ...form, requiredQty: 'many' })).toBe(R.requiredQty);
  });
});
