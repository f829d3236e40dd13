import { describe, expect, it } from 'vitest';
import { contactMessageOrder, contactSchema } from './contact.js';
import { VALIDATION as V } from './messages.js';
import { validate } from './validation.js';

const contact = {
  fullName: 'Hans Muller',
  email: 'hans@import.example',
  companyName: 'Muller Import',
  country: 'Germany',
  productId: '0123456789abcdef01234567',
  estimatedQuantity: 500,
  description: 'Prices please',
  productName: 'Jaggery',
};
const check = (input: unknown) => {
  const r = validate(contactSchema, contactMessageOrder, input);
  return r.ok ? undefined : r.message;
};

describe('contact (SPEC.md section 5)', () => {
  it('accepts a complete inquiry; productName is optional; quantity may be a numeric string', () => {
    expect(check(contact)).toBeUndefined();
    expect(check({ ...contact, productName: undefined })).toBeUndefined();
    const r = validate(contactSchema, contactMessageOrder, { ...contact, estimatedQuantity: '750' });
    expect(r.ok && r.data.estimatedQuantity).toBe(750);
  });

  it.each(['fullName', 'email', 'country', 'description', 'companyName', 'estimatedQuantity', 'productId'])('needs %s', (field) => {
    expect(check({ ...contact, [field]: undefined })).toBe('Please fill in all required fields.');
    expect(check({ ...contact, [field]: '' })).toBe(V.contactRequired);
  });

  it('refuses a bad email, after the required check', () => {
    expect(check({ ...contact, email: 'hans@import' })).toBe('Enter a valid email !');
    expect(check({ ...contact, email: 'hans@import', description: '' })).toBe(V.contactRequired);
  });
});
