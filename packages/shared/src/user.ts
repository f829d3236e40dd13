import { z } from 'zod';
import { COUNTRY_CODES } from './constants.js';
import { VALIDATION as V } from './messages.js';
import { isEmail, isStrongPassword, requiredLine, requiredString } from './validation.js';
import { LIMITS } from './constants.js';

const email = (requiredMessage: string, invalidMessage: string) =>
  requiredString(requiredMessage, 254).refine(isEmail, { error: invalidMessage });

const fullName = requiredLine(V.fullNameRequired, 100).refine((v) => v.length >= LIMITS.fullNameMin, {
  error: V.fullNameMin,
});

const phoneNumber = requiredLine(V.phoneRequired, 30).refine((v) => v.length >= LIMITS.phoneMin, {
  error: V.invalidPhone,
});

const strongPassword = (requiredMessage: string, weakMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(128, { error: weakMessage })
    .refine(isStrongPassword, { error: weakMessage });

const countryIsos = COUNTRY_CODES.map((c) => c.iso) as [string, ...string[]];

/** The register form: the phone number is typed without its country code, chosen by ISO code. */
export const registerFormSchema = z.object({
  fullName,
  email: email(V.emailRequired, V.invalidEmail),
  phoneNumber,
  password: strongPassword(V.passwordRequired, V.strongPassword),
  countryCode: requiredString(V.countryRequired, 2).refine((v) => countryIsos.includes(v), {
    error: V.countryRequired,
  }),
});
export type RegisterFormValues = z.infer<typeof registerFormSchema>;

export const registerMessageOrder = [
  V.fullNameRequired,
  V.emailRequired,
  V.phoneRequired,
  V.passwordRequired,
  V.countryRequired,
  V.fullNameMin,
  V.strongPassword,
  V.invalidEmail,
  V.invalidPhone,
] as const;

/** POST /api/v1/user/register body: phoneNumber already "+CC-number". */
export const registerSchema = z.object({
  fullName,
  email: email(V.emailRequired, V.invalidEmail),
  phoneNumber,
  password: strongPassword(V.passwordRequired, V.strongPassword),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: email(V.emailRequired, V.invalidEmail),
  password: strongPassword(V.passwordRequired, V.invalidPassword),
});
export type LoginInput = z.infer<typeof loginSchema>;
export const loginMessageOrder = [V.emailRequired, V.passwordRequired, V.invalidPassword, V.invalidEmail] as const;

/** POST /api/v1/user/update body. */
export const updateProfileSchema = z.object({
  fullName,
  email: email(V.emailRequired, V.invalidEmail),
  phoneNumber,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export const updateProfileMessageOrder = [
  V.fullNameRequired,
  V.emailRequired,
  V.phoneRequired,
  V.fullNameMin,
  V.invalidEmail,
  V.invalidPhone,
] as const;

/** POST /api/v1/user/change-password body. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: V.oldPasswordRequired }).min(1, { error: V.oldPasswordRequired, abort: true }).max(128),
    newPassword: strongPassword(V.newPasswordRequired, V.strongNewPassword),
  })
  .refine((v) => v.oldPassword !== v.newPassword, { error: V.samePassword, path: ['newPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const changePasswordMessageOrder = [V.oldPasswordRequired, V.newPasswordRequired, V.samePassword, V.strongNewPassword] as const;

/** The reset-password form (the server only receives `password`). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: strongPassword(V.resetNewPasswordRequired, V.strongPassword),
    confirmPassword: z.string({ error: V.confirmPasswordRequired }).min(1, { error: V.confirmPasswordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: V.passwordMismatch, path: ['confirmPassword'] });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
export const resetPasswordFormMessageOrder = [
  V.confirmPasswordRequired,
  V.resetNewPasswordRequired,
  V.passwordMismatch,
  V.strongPassword,
] as const;

/** PATCH /api/v1/user/reset-password/{token} body. */
export const resetPasswordSchema = z.object({
  password: strongPassword(V.passwordRequired, V.strongPassword),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export const resetPasswordMessageOrder = [V.passwordRequired, V.strongPassword] as const;

/** POST /api/v1/user/forgot-password body. */
export const forgotPasswordSchema = z.object({
  email: email(V.forgotEmailRequired, V.forgotInvalidEmail),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export const forgotPasswordMessageOrder = [V.forgotEmailRequired, V.forgotInvalidEmail] as const;
