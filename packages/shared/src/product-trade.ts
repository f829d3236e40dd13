/**
 * A product's trade data (issue 43, item 1): what an importer reads before asking for a price. Every
 * field is optional; the add and update forms are multipart, so an object or a list arrives as JSON
 * text in one form field (`moq={"quantity":1,"unit":"TONS"}`), and certifications may also come as
 * repeated plain fields. On an update the JSON `null` (or `[]` for a list) clears a field and a
 * field left out keeps its value.
 */
import { z } from 'zod';
import { PACKAGING_TYPE_VALUES, QUANTITY_TYPES } from './constants.js';
import { belowMinimumOrder } from './minimum-order.js';
import { productTrade } from '../locales/en/app.json';
import { isSingleLine } from './validation.js';

/** The messages of the trade fields, in the order they are reported (after SPEC.md's product messages). */
export const PRODUCT_TRADE_MESSAGES = productTrade;
const M = PRODUCT_TRADE_MESSAGES;
export const productTradeMessageOrder = [
  M.moq,
  M.moqUnit,
  M.orderMultiple,
  M.leadTimeDays,
  M.supplyPerMonth,
  M.packingOptions,
  M.specifications,
  M.certifications,
  M.certificationUnknown,
  M.portOfLoading,
] as const;

const LIMITS = { quantityMax: 1_000_000_000, leadTimeMax: 365, packingMax: 20, specificationsMax: 30, certificationsMax: 20 } as const;

const quantity = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).gt(0, { error: message }).max(LIMITS.quantityMax, { error: message }),
  );
const quantityWithUnit = (message: string) =>
  z.object({ quantity: quantity(message), unit: z.enum(QUANTITY_TYPES, { error: message }) }, { error: message });
const line = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }).refine(isSingleLine, { error: message });

const packingOptionSchema = z.object(
  {
    packagingType: z.enum(PACKAGING_TYPE_VALUES, { error: M.packingOptions }),
    quantity: quantity(M.packingOptions),
    unit: z.enum(QUANTITY_TYPES, { error: M.packingOptions }),
  },
  { error: M.packingOptions },
);
const specificationSchema = z.object(
  { name: line(100, M.specifications), value: line(200, M.specifications) },
  { error: M.specifications },
);

/** Blank: not sent; `null` or "null": cleared; JSON text: parsed (text that is not JSON is left for the schema to refuse). */
function formValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return undefined;
  if (!/^[[{"\d-]|^null$|^true$|^false$/.test(s)) return s;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}
/** Certifications: a JSON list, or one or more plain names (repeated fields). */
function certificationsValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 1 ? certificationsValue(v[0]) : v;
  if (typeof v === 'string' && !v.trim().startsWith('[') && v.trim() !== 'null') return v.trim() === '' ? undefined : [v];
  return formValue(v);
}

const field = <T extends z.ZodType>(schema: T, read: (v: unknown) => unknown = formValue) =>
  z.preprocess(read, schema.nullable().optional());

const tradeFields = {
  moq: field(quantityWithUnit(M.moq)),
  orderMultiple: field(quantity(M.orderMultiple)),
  leadTimeDays: field(
    z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: M.leadTimeDays })
        .int({ error: M.leadTimeDays })
        .min(1, { error: M.leadTimeDays })
        .max(LIMITS.leadTimeMax, { error: M.leadTimeDays }),
    ),
  ),
  supplyPerMonth: field(quantityWithUnit(M.supplyPerMonth)),
  packingOptions: field(z.array(packingOptionSchema, { error: M.packingOptions }).max(LIMITS.packingMax, { error: M.packingOptions })),
  specifications: field(
    z.array(specificationSchema, { error: M.specifications }).max(LIMITS.specificationsMax, { error: M.specifications }),
  ),
  certifications: field(
    z
      .array(line(100, M.certifications), { error: M.certifications })
      .max(LIMITS.certificationsMax, { error: M.certifications })
      .transform((list) => [...new Set(list)]),
    certificationsValue,
  ),
  portOfLoading: field(line(200, M.portOfLoading)),
};

/** The trade fields of the product add and update forms (multipart text fields). */
export const productTradeShape = tradeFields;
export type ProductTradeInput = z.output<z.ZodObject<typeof tradeFields>>;

/** A quantity and its unit as stored and answered. */
const quantityRecord = z.object({ quantity: z.number(), unit: z.enum(QUANTITY_TYPES) });
export const packingOptionRecordSchema = z.object({
  packagingType: z.enum(PACKAGING_TYPE_VALUES),
  quantity: z.number(),
  unit: z.enum(QUANTITY_TYPES),
});
export const specificationRecordSchema = z.object({ name: z.string(), value: z.string() });
export type PackingOption = z.infer<typeof packingOptionRecordSchema>;
export type Specification = z.infer<typeof specificationRecordSchema>;
export type QuantityWithUnit = z.infer<typeof quantityRecord>;

/** The trade keys of a product answer: each present only when set (a product without any answers SPEC.md's keys alone). */
export const productTradeRecordShape = {
  moq: quantityRecord.optional(),
  orderMultiple: z.number().optional(),
  leadTimeDays: z.number().int().optional(),
  supplyPerMonth: quantityRecord.optional(),
  packingOptions: z.array(packingOptionRecordSchema).optional(),
  specifications: z.array(specificationRecordSchema).optional(),
  certifications: z.array(z.string()).optional(),
  portOfLoading: z.string().optional(),
};

/** The refusal of a quote's quantity under the product's minimum order, in English (the server's answer); null when it meets it. */
export const belowMoqMessage = (product: Parameters<typeof belowMinimumOrder>[0], requiredQty: number): string | null =>
  belowMinimumOrder(product, requiredQty, M.belowMoq);
