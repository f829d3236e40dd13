import { z } from 'zod';
import { API } from './api.js';

/**
 * The proof of work of the forms anyone can post (registration, forgot password): the body carries
 * the solved challenge as `altcha`, the payload the altcha widget makes (base64 JSON).
 */
export const ALTCHA_FORMS = ['register', 'forgot-password'] as const;
export type AltchaForm = (typeof ALTCHA_FORMS)[number];

export const altchaChallengeUrl = (form: AltchaForm): string => `${API.altchaChallenge}?form=${form}`;

export const SUCCESS_ALTCHA = 'Challenge created';

/** The body field (documented in the OpenAPI document; checked by the server after the form's own fields). */
export const altchaField = z
  .unknown()
  .optional()
  .meta({
    type: 'string',
    description:
      'The solved proof of work: the base64 payload of the altcha widget, or of altcha-lib solving the challenge of ' +
      'GET /api/v1/altcha/challenge for this form. Missing, wrong, expired or used again: 400.',
  });

export const altchaChallengeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
