/**
 * Plurals in the catalogues: i18next picks `key_{form}` by Intl.PluralRules for `count` (and
 * `key_zero` for 0 when it exists). Every catalogue holds all six CLDR forms, so they share one
 * shape (catalogue.ts); a language fills the forms it has and repeats the others.
 */
const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralForm = (typeof FORMS)[number];

/** The six keys of a plural text: `key_zero` ... `key_other`. */
export function plural<K extends string>(key: K, forms: Record<PluralForm, string>): Record<`${K}_${PluralForm}`, string> {
  return Object.fromEntries(FORMS.map((form) => [`${key}_${form}`, forms[form]])) as Record<`${K}_${PluralForm}`, string>;
}

/** The forms of a language with a singular and a plural only; `zero` is what 0 reads (English: the plural). */
export const singularPlural = (one: string, other: string, zero: string = other): Record<PluralForm, string> => ({
  zero,
  one,
  two: other,
  few: other,
  many: other,
  other,
});
