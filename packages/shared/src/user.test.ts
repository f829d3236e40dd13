import { describe, expect, it } from 'vitest';
import { VALIDATION as V } from './messages.js';
import {
  changePasswordMessageOrder,
  changePasswordSchema,
  forgotPasswordMessageOrder,
  forgotPasswordSchema,
  loginMessageOrder,
  loginSchema,
  registerFormSchema,
  registerMessageOrder,
  registerSchema,
  resetPasswordFormMessageOrder,
  resetPasswordFormSchema,
  resetPasswordMessageOrder,
  resetPasswordSchema,
  updateProfileMessageOrder,
  updateProfileSchema,
} from './user.js';
import { validate } from './validation.js';

const STRONG = 'Str0ng!Pass';
const register = { fullName: 'Asha Patil', email: 'asha@example.com', phoneNumber: '+91-9876543210', password: STRONG };

function messageOf(schema: Parameters<typeof validate>[0], order: readonly string[], input: unknown): string | undefined {
  const result = validate(schema, order, input);
  return result.ok ? undefined : result.message;
}

describe('register', () => {
  const check = (input: unknown) => messageOf(registerSchema, registerMessageOrder, input);

  it('accepts a valid body and trims text', () => {
    const result = validate(registerSchema, registerMessageOrder, { ...register, fullName: '  Asha Patil ' });
    expect(result).toEqual({ ok: true, data: register });
  });

  it('asks for each required field in order', () => {
    expect(check({})).toBe(V.fullNameRequired);
    expect(check({ fullName: register.fullName })).toBe(V.emailRequired);
    expect(check({ fullName: register.fullName, email: register.email })).toBe(V.phoneRequired);
    expect(check({ ...register, password: undefined })).toBe(V.passwordRequired);
    expect(check({ ...register, fullName: '   ' })).toBe(V.fullNameRequired);
    expect(check({ ...register, password: '' })).toBe(V.passwordRequired);
  });

  it('needs a full name of at least 6 characters', () => {
    expect(check({ ...register, fullName: 'Abcde' })).toBe(V.fullNameMin);
    expect(check({ ...register, fullName: 'Abcdef' })).toBeUndefined();
  });

  it('needs a strong password, a valid email and a phone of at least 5 characters', () => {
    expect(check({ ...register, password: 'weakpass' })).toBe(V.strongPassword);
    expect(check({ ...register, email: 'asha@example' })).toBe(V.invalidEmail);
    expect(check({ ...register, phoneNumber: '+9-1' })).toBe(V.invalidPhone);
    expect(check({ ...register, phoneNumber: '+9-12' })).toBeUndefined();
  });

  it('reports the first failure in SPEC order', () => {
    expect(check({ ...register, fullName: 'Abc', password: 'weak', email: 'x', phoneNumber: '1' })).toBe(V.fullNameMin);
    expect(check({ ...register, password: 'weak', email: 'x', phoneNumber: '1' })).toBe(V.strongPassword);
    expect(check({ ...register, email: 'x', phoneNumber: '1' })).toBe(V.invalidEmail);
    expect(check({ fullName: 'Abc' })).toBe(V.emailRequired);
  });

  it('the form also needs a known country code', () => {
    const form = { ...register, phoneNumber: '9876543210', countryCode: 'IN' };
    expect(messageOf(registerFormSchema, registerMessageOrder, form)).toBeUndefined();
    expect(messageOf(registerFormSchema, registerMessageOrder, { ...form, countryCode: '' })).toBe(V.countryRequired);
    expect(messageOf(registerFormSchema, registerMessageOrder, { ...form, countryCode: 'XX' })).toBe(V.countryRequired);
  });

  it('drops fields the schema does not know (role, _id)', () => {
    const result = validate(registerSchema, registerMessageOrder, { ...register, role: 'ADMIN', _id: 'x' });
    expect(result.ok && Object.keys(result.data).sort()).toEqual(['email', 'fullName', 'password', 'phoneNumber']);
  });
});

describe('login', () => {
  const check = (input: unknown) => messageOf(loginSchema, loginMessageOrder, input);
  it('checks email required, password required, password strength, then email format', () => {
    expect(check({})).toBe(V.emailRequired);
    expect(check({ email: 'a@b.co' })).toBe(V.passwordRequired);
    expect(check({ email: 'a@b.co', password: 'password' })).toBe(V.invalidPassword);
    expect(check({ email: 'a@b', password: STRONG })).toBe(V.invalidEmail);
    expect(check({ email: 'a@b', password: 'password' })).toBe(V.invalidPassword);
    expect(check({ email: 'a@b.co', password: STRONG })).toBeUndefined();
  });
});

describe('profile update', () => {
  const check = (input: unknown) => messageOf(updateProfileSchema, updateProfileMessageOrder, input);
  const profile = { fullName: 'Asha Patil', email: 'asha@example.com', phoneNumber: '+91-98765' };
  it('has the registration checks for name, email and phone', () => {
    expect(check(profile)).toBeUndefined();
    expect(check({})).toBe(V.fullNameRequired);
    expect(check({ fullName: profile.fullName })).toBe(V.emailRequired);
    expect(check({ fullName: profile.fullName, email: profile.email })).toBe(V.phoneRequired);
    expect(check({ ...profile, fullName: 'Asha' })).toBe(V.fullNameMin);
    expect(check({ ...profile, email: 'asha' })).toBe(V.invalidEmail);
    expect(check({ ...profile, phoneNumber: '1234' })).toBe(V.invalidPhone);
  });
});

describe('change password', () => {
  const check = (input: unknown) => messageOf(changePasswordSchema, changePasswordMessageOrder, input);
  it('checks old required, new required, same as old, then strength', () => {
    expect(check({})).toBe(V.oldPasswordRequired);
    expect(check({ oldPassword: STRONG })).toBe(V.newPasswordRequired);
    expect(check({ oldPassword: STRONG, newPassword: '' })).toBe(V.newPasswordRequired);
    expect(check({ oldPassword: STRONG, newPassword: STRONG })).toBe(V.samePassword);
    expect(check({ oldPassword: STRONG, newPassword: 'weak' })).toBe(V.strongNewPassword);
    expect(check({ oldPassword: 'weak', newPassword: 'weak' })).toBe(V.samePassword);
    expect(check({ oldPassword: STRONG, newPassword: 'N3w!Password' })).toBeUndefined();
  });
  it('keeps the double spaces of the quoted messages', () => {
    expect(V.newPasswordRequired).toBe('New password is a required field  !');
    expect(V.samePassword).toBe('Old password and New password are same  !');
  });
});

describe('reset password', () => {
  const form = (input: unknown) => messageOf(resetPasswordFormSchema, resetPasswordFormMessageOrder, input);
  it('the form checks confirm required, new required, mismatch, then strength', () => {
    expect(form({})).toBe(V.confirmPasswordRequired);
    expect(form({ confirmPassword: STRONG })).toBe(V.resetNewPasswordRequired);
    expect(form({ newPassword: STRONG, confirmPassword: 'Other!Pass1' })).toBe(V.passwordMismatch);
    expect(form({ newPassword: 'weak', confirmPassword: 'other' })).toBe(V.passwordMismatch);
    expect(form({ newPassword: 'weak', confirmPassword: 'weak' })).toBe(V.strongPassword);
    expect(form({ newPassword: STRONG, confirmPassword: STRONG })).toBeUndefined();
  });
  it('the API body needs a strong password', () => {
    const body = (input: unknown) => messageOf(resetPasswordSchema, resetPasswordMessageOrder, input);
    expect(body({})).toBe(V.passwordRequired);
    expect(body({ password: 'weak' })).toBe(V.strongPassword);
    expect(body({ password: STRONG })).toBeUndefined();
  });
});

describe('forgot password', () => {
  const check = (input: unknown) => messageOf(forgotPasswordSchema, forgotPasswordMessageOrder, input);
  it('uses its own messages', () => {
    expect(check({})).toBe('Email is required!');
    expect(check({ email: '  ' })).toBe('Email is required!');
    expect(check({ email: 'asha@' })).toBe('Enter a valid email!');
    expect(check({ email: 'asha@example.com' })).toBeUndefined();
  });
});
