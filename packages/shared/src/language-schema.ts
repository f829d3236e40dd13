import { z } from 'zod';
import { LANGUAGES } from './languages.js';

/** The answers of GET and PATCH /api/v1/user/language (issue 28). */
export const LANGUAGE_TEXT = {
  fetched: 'Your language',
  saved: 'Language saved',
  invalid: `Choose one of the site's languages: ${LANGUAGES.join(', ')}`,
} as const;

/** PATCH /api/v1/user/language: the language of the buyer's mails and quotation PDF. */
export const userLanguageSchema = z.object({
  language: z.enum(LANGUAGES, { error: LANGUAGE_TEXT.invalid }),
});
export type UserLanguageInput = z.infer<typeof userLanguageSchema>;
