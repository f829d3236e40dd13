/**
 * CSV exports of the leads, written by csv-stringify: UTF-8 with a byte-order mark so
 * Excel reads the accents, CRLF line ends, one header row. A text cell that a spreadsheet would
 * run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an
 * apostrophe, the OWASP advice for CSV injection; numbers and booleans are written as values.
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export type CsvValue = string | number | boolean | null;
export interface CsvColumn<T> {
  header: string;
  value: (item: T) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that cannot run in a spreadsheet. */
export const neutralise = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export function toCsv<T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string {
  const records = items.map((item) => columns.map((c) => c.value(item)));
  return (
    '\ufeff' +
    stringify([columns.map((c) => c.header), ...records], {
      record_delimiter: 'windows',
      cast: {
        string: (value) => neutralise(value),
        boolean: (value) => (value ? 'Yes' : 'No'),
        number: (value) => String(value),
      },
    })
  );
}

/** The file as a download named `<name>-<today>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The 200 answer of a CSV route in its `response` schema (the OpenAPI document shows it as text/csv). */
export const csvAnswer = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string().meta({ description: 'UTF-8 CSV with a byte-order mark, one header row' }) } },
});
