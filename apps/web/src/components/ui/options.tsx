import { CURRENCIES, INCOTERMS } from '@agro/shared';

export interface OptionItem {
  value: string;
  label: string;
}

/** The <option>s of a <select>: an optional blank first option (`blank`), then one per item. */
export function Options({ items, blank }: { items: readonly OptionItem[]; blank?: string }) {
  return (
    <>
      {blank !== undefined && <option value="">{blank}</option>}
      {items.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </>
  );
}

/** Strings as options: the value is its own label. */
export const asItems = (values: readonly string[]): OptionItem[] => values.map((value) => ({ value, label: value }));

/** Incoterms 2020 as 'FOB - Free On Board'. */
export const INCOTERM_ITEMS: OptionItem[] = INCOTERMS.map((i) => ({ value: i.code, label: `${i.code} - ${i.label}` }));
/** Currencies as 'USD - US Dollar'. */
export const CURRENCY_ITEMS: OptionItem[] = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} - ${c.label}` }));
/** Currencies by code only, for narrow selects. */
export const CURRENCY_CODE_ITEMS: OptionItem[] = asItems(CURRENCIES.map((c) => c.code));
