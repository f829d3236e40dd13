/**
 * The filters 'All Quotes' and the inquiry inbox share, as SQL conditions on either
 * table: product, country (case-insensitive, served by the lower(country) indexes), a date range
 * of whole UTC days, and a search in the company, person and email columns.
 */
import { LEAD_PAGE_SIZE, type LeadPage } from '@agro/shared';
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export interface LeadFilter {
  productId?: string | undefined;
  country?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

export type Condition = RawBuilder<SqlBool>;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The day after an ISO day ('2026-02-28' -> '2026-03-01'). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function leadConditions(table: 'quotes' | 'contacts', filter: LeadFilter, searchColumns: readonly string[]): Condition[] {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const conditions: Condition[] = [];
  if (filter.productId !== undefined) conditions.push(sql<boolean>`${col('product_id')} = ${filter.productId}`);
  if (filter.country !== undefined) conditions.push(sql<boolean>`lower(${col('country')}) = ${filter.country.trim().toLowerCase()}`);
  // created_at is ISO-8601 UTC text: a range of whole days is a range of strings.
  if (filter.from !== undefined) conditions.push(sql<boolean>`${col('created_at')} >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to !== undefined) conditions.push(sql<boolean>`${col('created_at')} < ${`${nextDay(filter.to)}T00:00:00.000Z`}`);
  if (filter.q !== undefined) {
    const pattern = likePattern(filter.q);
    const any = searchColumns.map((c) => sql<boolean>`lower(${col(c)}) like ${pattern} escape '\\'`);
    conditions.push(sql<boolean>`(${sql.join(any, sql` or `)})`);
  }
  return conditions;
}

/** Conditions joined with AND (true when there are none). */
export const allOf = (conditions: Condition[]): Condition =>
  conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(conditions, sql` and `)}`;

/** Whether the caller asked for a page (lists answer everything otherwise, as SPEC.md's client expects). */
export const wantsPage = (filter: LeadFilter): boolean => filter.page !== undefined || filter.limit !== undefined;

export function pageOf(filter: LeadFilter, total: number, countries: string[]): LeadPage {
  const limit = filter.limit ?? LEAD_PAGE_SIZE;
  return { total, page: filter.page ?? 1, limit, pageCount: Math.max(1, Math.ceil(total / limit)), countries };
}

/** Distinct countries as people typed them, one spelling per country (case-insensitive; capitals win). */
export function distinctCountries(values: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const v of [...values].sort()) {
    const key = v.trim().toLowerCase();
    if (key && !byKey.has(key)) byKey.set(key, v.trim());
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
