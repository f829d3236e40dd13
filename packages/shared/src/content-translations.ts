/**
 * The company's content in the buyers' languages (issue 28 item 6): a product's name, description,
 * key features and nutrient content, and the FAQ, translated by administrators. Stored apart from
 * the English content (SPEC.md's product answers keep their shape); English stands in, field by
 * field (FAQ: entry by entry), wherever a translation is empty.
 */
import { z } from 'zod';
import { PREFIXED_LANGUAGES, type Language } from './languages.js';
import { isSingleLine } from './validation.js';
import type { Specification } from './product-trade.js';

/** The languages content is translated into (every one but English). */
export type ContentLanguage = Exclude<Language, 'en'>;
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = PREFIXED_LANGUAGES;
export const isContentLanguage = (value: unknown): value is ContentLanguage =>
  typeof value === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(value);

/** The translatable fields of a product ('' and [] = not translated: English is shown). */
export interface ProductTranslation {
  productName: string;
  productDescription: string;
  keyFeatures: string[];
  nutrientContent: string[];
  /** Issue 43: entry i translates the English specification i; a blank name or value shows English's. */
  specifications: Specification[];
}
export const TRANSLATED_PRODUCT_FIELDS = ['productName', 'productDescription', 'keyFeatures', 'nutrientContent'] as const;
export type TranslatedProductField = (typeof TRANSLATED_PRODUCT_FIELDS)[number];
export type ProductTranslations = Partial<Record<ContentLanguage, ProductTranslation>>;

export const EMPTY_PRODUCT_TRANSLATION: ProductTranslation = {
  productName: '',
  productDescription: '',
  keyFeatures: [],
  nutrientContent: [],
  specifications: [],
};

export const CONTENT_TRANSLATION_MESSAGES = {
  body: `Send { translations: { <language>: { productName, productDescription, keyFeatures, nutrientContent } } } with languages among ${CONTENT_LANGUAGES.join(', ')}`,
  productName: (l: string) => `Product name (${l}): at most 200 characters on one line`,
  productDescription: (l: string) => `Product description (${l}): at most 5000 characters`,
  keyFeatures: (l: string) => `Key features (${l}): at most 50 entries of at most 500 characters, one line each`,
  nutrientContent: (l: string) => `Nutrient content (${l}): at most 50 entries of at most 500 characters, one line each`,
  specifications: (l: string) =>
    `Specifications (${l}): at most 30 entries, each a name (at most 100 characters) and a value (at most 200), one line each`,
  faqTranslations: `FAQ translations: per language (${CONTENT_LANGUAGES.join(', ')}) at most 30 entries, each with a question (at most 300 characters) and an answer (at most 2000); empty falls back to English`,
  lang: `lang must be one of en, ${CONTENT_LANGUAGES.join(', ')}`,
} as const;
const M = CONTENT_TRANSLATION_MESSAGES;

export const CONTENT_TRANSLATION_TEXT = {
  fetched: 'Product translations fetched successfully',
  saved: 'Product translations saved successfully',
} as const;

const entryList = (message: string) =>
  z
    .array(z.string({ error: message }).trim().max(500, { error: message }).refine(isSingleLine, { error: message }), { error: message })
    .max(50, { error: message })
    .transform((list) => list.filter((v) => v !== ''));

const specificationText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message }).refine(isSingleLine, { error: message }).default('');
/** Kept in place (entry i translates English entry i), blanks included; trailing empty entries dropped. */
const specificationList = (message: string) =>
  z
    .array(z.strictObject({ name: specificationText(100, message), value: specificationText(200, message) }, { error: message }), {
      error: message,
    })
    .max(30, { error: message })
    .transform((list) => {
      const out = [...list];
      while (out.length > 0 && !out.at(-1)!.name && !out.at(-1)!.value) out.pop();
      return out;
    });

const translationSchema = (l: ContentLanguage) =>
  z.strictObject(
    {
      productName: z
        .string({ error: M.productName(l) })
        .trim()
        .max(200, { error: M.productName(l) })
        .refine(isSingleLine, { error: M.productName(l) })
        .default(''),
      productDescription: z
        .string({ error: M.productDescription(l) })
        .trim()
        .max(5000, { error: M.productDescription(l) })
        .default(''),
      keyFeatures: entryList(M.keyFeatures(l)).default([]),
      nutrientContent: entryList(M.nutrientContent(l)).default([]),
      specifications: specificationList(M.specifications(l)).default([]),
    },
    { error: M.body },
  );

/** PUT /api/v1/product/{id}/translations: every language's translation (a language left out has none). */
export const productTranslationsSchema = z.strictObject(
  {
    translations: z.strictObject(
      Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, translationSchema(l).optional()])) as Record<
        ContentLanguage,
        z.ZodOptional<ReturnType<typeof translationSchema>>
      >,
      { error: M.body },
    ),
  },
  { error: M.body },
);
export type ProductTranslationsInput = z.input<typeof productTranslationsSchema>;

/** Messages in the order fields are checked: the first failing one is answered. */
export const productTranslationsMessageOrder: readonly string[] = [
  M.body,
  ...CONTENT_LANGUAGES.flatMap((l) => [
    M.productName(l),
    M.productDescription(l),
    M.keyFeatures(l),
    M.nutrientContent(l),
    M.specifications(l),
  ]),
];

const text = z.string();
const translationOut = z.object({
  productName: text,
  productDescription: text,
  keyFeatures: z.array(text),
  nutrientContent: z.array(text),
  specifications: z.array(z.object({ name: text, value: text })),
});
export const productTranslationsResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  translations: z.object(
    Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, translationOut])) as Record<ContentLanguage, typeof translationOut>,
  ),
});
export interface ProductTranslationsResponse {
  success: boolean;
  message: string;
  translations: Record<ContentLanguage, ProductTranslation>;
}

/** `product` with the fields `translation` has set (English per field otherwise). */
export function translateProduct<P extends Pick<ProductTranslation, TranslatedProductField> & { specifications?: Specification[] }>(
  product: P,
  translation: ProductTranslation | undefined,
): P {
  if (!translation) return product;
  const specifications = translatedSpecifications(product.specifications, translation.specifications);
  return {
    ...product,
    ...(translation.productName ? { productName: translation.productName } : {}),
    ...(translation.productDescription ? { productDescription: translation.productDescription } : {}),
    ...(translation.keyFeatures.length ? { keyFeatures: translation.keyFeatures } : {}),
    // A NONAGRO product has no nutrients: a translation cannot give it some.
    ...(translation.nutrientContent.length && product.nutrientContent.length ? { nutrientContent: translation.nutrientContent } : {}),
    ...(specifications ? { specifications } : {}),
  };
}

/** English specifications with each translated name and value laid over it where set. */
function translatedSpecifications(english: Specification[] | undefined, translated: Specification[]): Specification[] | undefined {
  if (!english?.length || translated.length === 0) return undefined;
  return english.map((s, i) => ({ name: translated[i]?.name || s.name, value: translated[i]?.value || s.value }));
}

/** The English specifications (their indexes) a translation lacks a name or a value for. */
export function missingSpecifications(english: readonly Specification[], translated: readonly Specification[] | undefined): number[] {
  return english.flatMap((_, i) => (translated?.[i]?.name.trim() && translated[i]?.value.trim() ? [] : [i]));
}

/**
 * The fields of a translation that are empty where English has content (what an administrator
 * sees marked as missing).
 */
export function missingProductFields(
  english: Pick<ProductTranslation, TranslatedProductField>,
  translation: ProductTranslation | undefined,
): TranslatedProductField[] {
  const t = translation ?? EMPTY_PRODUCT_TRANSLATION;
  return TRANSLATED_PRODUCT_FIELDS.filter((f) => {
    const value = t[f];
    const source = english[f];
    const empty = Array.isArray(value) ? value.length === 0 : value.trim() === '';
    const has = Array.isArray(source) ? source.length > 0 : source.trim() !== '';
    return empty && has;
  });
}

/** A question of the FAQ and its answer: the English one of the site settings, or a translation of it. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** The FAQ translations: per language, entry i translates English entry i ('' = English shown). */
export type FaqTranslations = Partial<Record<ContentLanguage, FaqEntry[]>>;

const faqEntry = z.strictObject(
  {
    question: z.string({ error: M.faqTranslations }).trim().max(300, { error: M.faqTranslations }),
    answer: z.string({ error: M.faqTranslations }).trim().max(2000, { error: M.faqTranslations }),
  },
  { error: M.faqTranslations },
);
/** PATCH /api/v1/settings `faqTranslations`: replaced whole. */
export const faqTranslationsSchema = z.strictObject(
  Object.fromEntries(
    CONTENT_LANGUAGES.map((l) => [l, z.array(faqEntry, { error: M.faqTranslations }).max(30, { error: M.faqTranslations }).optional()]),
  ) as Record<ContentLanguage, z.ZodOptional<z.ZodArray<typeof faqEntry>>>,
  { error: M.faqTranslations },
);

/** The FAQ in `language`: each entry's translated question and answer where set, English otherwise. */
export function faqIn(
  settings: { faq: readonly FaqEntry[]; faqTranslations?: FaqTranslations | undefined },
  language: Language,
): FaqEntry[] {
  const translated = language === 'en' ? undefined : settings.faqTranslations?.[language];
  return settings.faq.map((entry, i) => ({
    question: translated?.[i]?.question || entry.question,
    answer: translated?.[i]?.answer || entry.answer,
  }));
}

/** The FAQ entries (their indexes) of `language` that lack a question or an answer. */
export function missingFaqEntries(
  faq: readonly FaqEntry[],
  translations: FaqTranslations | undefined,
  language: ContentLanguage,
): number[] {
  const list = translations?.[language] ?? [];
  return faq.flatMap((_, i) => (list[i]?.question.trim() && list[i]?.answer.trim() ? [] : [i]));
}

/**
 * The translations after the English FAQ was reordered or an entry removed: `from[i]` is the old
 * index of the entry now at i (an added entry: past the old end). Each language's entries follow
 * their English one, so moving or removing a question never leaves another's translation in its place.
 */
export function followFaq(translations: FaqTranslations | undefined, from: readonly number[]): FaqTranslations {
  const out: FaqTranslations = {};
  for (const language of CONTENT_LANGUAGES) {
    const list = translations?.[language];
    if (!list) continue;
    const next = from.map((old) => list[old] ?? { question: '', answer: '' });
    while (next.length > 0 && !next.at(-1)!.question && !next.at(-1)!.answer) next.pop();
    out[language] = next;
  }
  return out;
}
