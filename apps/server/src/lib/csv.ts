/**
 * CSV exports of the leads, written by csv-stringify: UTF-8 with a byte-order mark so
 * Excel reads the accents, CRLF line ends, one header row. A text cell that a spreadsheet would
 * run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an
 * apostrophe, the OWASP advice for CSV injection; numbers and booleans are written as values.
 */
import { Readable } from 'node:stream';
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

const BOM = '\ufeff';

/** Rows as CSV text, each ending in CRLF: a file is its header's text followed by its rows' in any number of pieces. */
const rowsText = (rows: CsvValue[][]): string =>
  stringify(rows, {
    record_delimiter: 'windows',
    cast: {
      string: (value) => neutralise(value),
      boolean: (value) => (value ? 'Yes' : 'No'),
      number: (value) => String(value),
    },
  });

const headerText = <T>(columns: readonly CsvColumn<T>[]): string => BOM + rowsText([columns.map((c) => c.header)]);
const recordsText = <T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string =>
  rowsText(items.map((item) => columns.map((c) => c.value(item))));

export function toCsv<T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string {
  return headerText(columns) + (items.length > 0 ? recordsText(columns, items) : '');
}

/**
 * The same bytes as `toCsv`, written as the batches are read (a 100,000-row export in flat memory).
 * The first batch is read before anything is sent, so a database that is away still gets its 503.
 */
export async function csvStream<T>(columns: readonly CsvColumn<T>[], batches: AsyncIterable<readonly T[]>): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* pieces(): AsyncGenerator<string> {
    try {
      yield headerText(columns) + (first.done || first.value.length === 0 ? '' : recordsText(columns, first.value));
      if (first.done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (next.value.length > 0) yield recordsText(columns, next.value);
      }
    } finally {
      // A client that went away (the stream destroyed) stops the reading here.
      await iterator.return?.();
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** The file as a download named `<name>-<today>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string | Readable): FastifyReply {
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
