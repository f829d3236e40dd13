/**
 * The one place where stored representations become API values and back:
 * 0/1 <-> boolean, JSON text <-> string[], snake_case row -> camelCase object with `_id`.
 */
import type { PublicUser, QuoteProductRef } from '@agro/shared';
import type { Flag, UserRow } from './schema.js';

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const fromFlag = (value: Flag | boolean | null | undefined): boolean => value === 1 || value === true;

export const toJsonList = (list: readonly string[]): string => JSON.stringify(list);
export function fromJsonList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const nowIso = (now = Date.now()): string => new Date(now).toISOString();

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.phone_number,
    role: row.role,
    createdAt: row.created_at,
  };
}

/** The product fields a quote shows (SPEC.md section 3), from a joined row. */
export function toQuoteProductRef(row: {
  id: string;
  product_name: string;
  product_type: QuoteProductRef['productType'];
  product_quantity_type: QuoteProductRef['productQuantityType'];
  is_premium: Flag;
  is_organic: Flag;
}): QuoteProductRef {
  return {
    _id: row.id,
    productName: row.product_name,
    productType: row.product_type,
    productQuantityType: row.product_quantity_type,
    isPremium: fromFlag(row.is_premium),
    isOrganic: fromFlag(row.is_organic),
  };
}
