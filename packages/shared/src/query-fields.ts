/**
 * Query-string fields of the admin lists' filters (leads, audit log): a blank value is no filter,
 * a day is a real calendar day (YYYY-MM-DD), a whole number arrives as text.
 */
import { z } from 'zod';

/** C0 control characters and DEL: a filter's text is one line, and a NUL is never stored. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/**
 * A query field as a filter reads it: a control character as a space (a NUL would end the text
 * SQLite's full-text query reads, and PostgreSQL refuses it in any text: a scanner's probe is a
 * search, not a server error), and nothing but spaces as no filter.
 */
export const blank = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const text = v.replace(CONTROLS, ' ');
  return text.trim() === '' ? undefined : text;
};

export const isoDay = (message: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
        error: message,
      })
      .optional(),
  );

export const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : blank(v)),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).optional(),
  );
