/**
 * Query-string fields of the admin lists' filters (leads, audit log): a blank value is no filter,
 * a day is a real calendar day (YYYY-MM-DD), a whole number arrives as text.
 */
import { z } from 'zod';

export const blank = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);

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
