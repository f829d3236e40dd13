/**
 * The one place where stored representations become API values and back:
 * 0/1 <-> boolean, JSON text <-> string[], snake_case row -> camelCase object with `_id`.
 */
import {
  CERTIFICATION_VALUES,
  CONTAINER_VALUES,
  QUANTITY_TYPES,
  isCurrency,
  isIncoterm,
  minorDigits,
  minorToDecimal,
  parseMinorUnits,
  type Certification,
  type ContainerType,
  type PublicUser,
  type QuoteProductRef,
  type TradeTerms,
  type TradeTermsInput,
} from '@agro/shared';
import type { Flag, ProductRow, UserRow } from './schema.js';

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

const isCertification = (v: string): v is Certification => (CERTIFICATION_VALUES as readonly string[]).includes(v);
const isContainer = (v: string | null): v is ContainerType => (CONTAINER_VALUES as readonly (string | null)[]).includes(v);

/** JSON text -> the entries of a list that match `schema` (a hand-edited row's junk is left out). */
export function fromJsonObjects<T>(
  text: string | null | undefined,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((v) => {
      const parsed = schema.safeParse(v);
      return parsed.success ? [parsed.data as T] : [];
    });
  } catch {
    return [];
  }
}

/** A product row's minimum order and quantity type (the quote's quantity is checked against them). */
export function moqOf(row: Pick<ProductRow, 'product_quantity_type' | 'moq_quantity' | 'moq_unit'>): {
  productQuantityType: ProductRow['product_quantity_type'];
  moq?: { quantity: number; unit: NonNullable<ProductRow['moq_unit']> };
} {
  const moq = row.moq_quantity !== null && row.moq_unit ? { quantity: Number(row.moq_quantity), unit: row.moq_unit } : undefined;
  return { productQuantityType: row.product_quantity_type, ...(moq ? { moq } : {}) };
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

/**
 * A left-joined product's columns (selected as `p_id`, `p_name`, ...) -> the quote's or a line's
 * product (null when it was deleted).
 */
export function joinedProductRef(row: {
  p_id: string | null;
  p_name: string | null;
  p_type: QuoteProductRef['productType'] | null;
  p_quantity_type: QuoteProductRef['productQuantityType'] | null;
  p_is_premium: Flag | null;
  p_is_organic: Flag | null;
}): QuoteProductRef | null {
  if (row.p_id === null) return null;
  return toQuoteProductRef({
    id: row.p_id,
    product_name: row.p_name ?? '',
    product_type: row.p_type ?? 'AGRO',
    product_quantity_type: row.p_quantity_type ?? 'NOS',
    is_premium: row.p_is_premium ?? 0,
    is_organic: row.p_is_organic ?? 0,
  });
}

/** A quote row's trade-term columns -> the API's `tradeTerms` (null when the buyer gave none). */
export function toTradeTerms(row: {
  trade_incoterm: string | null;
  trade_destination: string | null;
  trade_container: string | null;
  trade_target_price_minor: number | string | null;
  trade_target_currency: string | null;
  trade_target_unit: string | null;
  trade_certifications: string;
  trade_sample_first: Flag;
}): TradeTerms | null {
  const certifications = fromJsonList(row.trade_certifications).filter(isCertification);
  const minor = row.trade_target_price_minor === null ? null : Number(row.trade_target_price_minor);
  const currency = isCurrency(row.trade_target_currency) ? row.trade_target_currency : null;
  const terms: TradeTerms = {
    incoterm: isIncoterm(row.trade_incoterm) ? row.trade_incoterm : null,
    destinationPort: row.trade_destination,
    container: isContainer(row.trade_container) ? row.trade_container : null,
    targetPrice: minor === null || currency === null ? null : minorToDecimal(minor, minorDigits(currency)),
    targetPriceMinor: minor,
    targetCurrency: currency,
    targetPriceUnit: (QUANTITY_TYPES as readonly (string | null)[]).includes(row.trade_target_unit)
      ? (row.trade_target_unit as TradeTerms['targetPriceUnit'])
      : null,
    certifications,
    sampleFirst: fromFlag(row.trade_sample_first),
  };
  const given =
    terms.incoterm ??
    terms.destinationPort ??
    terms.container ??
    terms.targetPrice ??
    (certifications.length > 0 || terms.sampleFirst ? true : null);
  return given === null ? null : terms;
}

/** Validated trade terms -> the quote row's columns (all empty when none were given). */
export function fromTradeTerms(t: TradeTermsInput | undefined) {
  const currency = t?.targetCurrency;
  return {
    trade_incoterm: t?.incoterm ?? null,
    trade_destination: t?.destinationPort ?? null,
    trade_container: t?.container ?? null,
    trade_target_price_minor: t?.targetPrice && currency ? parseMinorUnits(t.targetPrice, minorDigits(currency)) : null,
    trade_target_currency: currency ?? null,
    trade_target_unit: t?.targetPriceUnit ?? null,
    trade_certifications: toJsonList(t?.certifications ?? []),
    trade_sample_first: toFlag(t?.sampleFirst === true),
  };
}
