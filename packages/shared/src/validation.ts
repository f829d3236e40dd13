import { z } from 'zod';
import { VALIDATION } from './messages.js';

/** something @ something . at-least-two, no spaces (SPEC.md section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** >= 8 chars, a lowercase, an uppercase, a digit and one of @$!%*?&#^; only those characters. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&#^])[A-Za-z\d@$!%*?&#^]{8,}$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
export const isStrongPassword = (value: string): boolean => STRONG_PASSWORD_PATTERN.test(value);

/** A string that must be present and non-blank; later checks are skipped when it is missing. */
export const requiredString = (message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Must be at most ${max} characters` });

/** C0 and C1 control characters (CR, LF, tab, NUL...) and the Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const isSingleLine = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

/**
 * A required single-line field (a name, a company, a country, a phone number): as requiredString,
 * and a line break or control character inside it is refused (it would end up in mail headers
 * and mail text). The message is not one of SPEC.md's, so it comes after all of them.
 */
export const requiredLine = (message: string, max = 500) =>
  requiredString(message, max).refine(isSingleLine, { error: VALIDATION.singleLine });

/** Optional free text: missing or blank becomes "". */
export const optionalString = (max = 2000) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(max));

const emptyToUndefined = (v: unknown): unknown => (v === '' || v === null || v === undefined ? undefined : v);

/** A number that may arrive as a string (forms, multipart); blank or not a number -> `requiredMessage`. */
export const requiredNumber = (requiredMessage: string, min: number, minMessage: string, max = 1_000_000_000) =>
  z.preprocess(
    (v) => {
      const e = emptyToUndefined(typeof v === 'string' ? v.trim() : v);
      return typeof e === 'string' ? Number(e) : e;
    },
    z
      .number({ error: requiredMessage })
      .min(min, { error: minMessage })
      .max(max, { error: `Must be at most ${max}` }),
  );

/** A boolean that may arrive as "true"/"false"/"on" (forms, multipart); missing -> false. */
export const booleanish = () =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return false;
    if (v === 'true' || v === 'on' || v === '1') return true;
    if (v === 'false' || v === 'off' || v === '0') return false;
    return v;
  }, z.boolean());

/** A list of non-blank strings that may arrive as one value or many (repeated multipart fields). */
export const stringList = (max = 50, itemMax = 500) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return [];
      const list = Array.isArray(v) ? v : [v];
      return list.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
    },
    z.array(z.string().max(itemMax)).max(max),
  );

/**
 * SPEC.md section 5 checks rules "in order". Each schema exports the order of its messages; a
 * message's rank is its place in that order (messages not in it come last). This is the one
 * place that orders messages: the server, the forms and the routes all sort with it.
 */
export function specRank(message: string, order: readonly string[]): number {
  const i = order.indexOf(message);
  return i === -1 ? order.length : i;
}

/** `items` sorted by their message's place in spec order (stable: equal ranks keep their order). */
export function inSpecOrder<T extends { message: string }>(items: readonly T[], order: readonly string[]): T[] {
  return [...items].sort((a, b) => specRank(a.message, order) - specRank(b.message, order));
}

/** The earliest failing message in spec order, so the server and the forms agree on what to say first. */
export function firstMessage(error: z.ZodError, order: readonly string[]): string {
  return inSpecOrder(error.issues, order)[0]?.message ?? 'Invalid input';
}

/** Field name -> first message for that field, in spec order (for showing errors beside fields). */
export function messagesByField(error: z.ZodError, order: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of inSpecOrder(error.issues, order)) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export type SafeParse<T> = { ok: true; data: T } | { ok: false; message: string; fields: Record<string, string> };

/** Validate `input` with `schema`, answering either the data or the first message in spec order. */
export function validate<S extends z.ZodType>(schema: S, order: readonly string[], input: unknown): SafeParse<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: firstMessage(result.error, order), fields: messagesByField(result.error, order) };
}
