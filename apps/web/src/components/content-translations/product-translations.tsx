/**
 * The product form's languages (issue 28 item 6): a product's name, description, key features and
 * nutrient content in Arabic, Spanish, French and German, saved through
 * PUT /api/v1/product/{id}/translations; an empty field shows the English text to buyers.
 */
import {
  API,
  CONTENT_LANGUAGES,
  LANGUAGE_INFO,
  missingProductFields,
  missingSpecifications,
  type ContentLanguage,
  type ProductTranslation,
  type ProductTranslationsResponse,
  type Specification,
} from '@agro/shared';
import { useCallback, useEffect, useState } from 'react';
import { Field } from '@/components/ui/field';
import { request } from '@/lib/api';
import { t } from '@/lib/i18n';

/** What the inputs hold: the lists as text, one entry per line. */
export interface TranslationDraft {
  productName: string;
  productDescription: string;
  keyFeatures: string;
  nutrientContent: string;
  /** Entry i translates the English specification i. */
  specifications: Specification[];
}
export type TranslationDrafts = Record<ContentLanguage, TranslationDraft>;

const EMPTY_DRAFT: TranslationDraft = { productName: '', productDescription: '', keyFeatures: '', nutrientContent: '', specifications: [] };
export const emptyDrafts = (): TranslationDrafts =>
  Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, { ...EMPTY_DRAFT, specifications: [] as Specification[] }])) as TranslationDrafts;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function translationOf(draft: TranslationDraft): ProductTranslation {
  return {
    productName: draft.productName.trim(),
    productDescription: draft.productDescription.trim(),
    keyFeatures: lines(draft.keyFeatures),
    nutrientContent: lines(draft.nutrientContent),
    specifications: draft.specifications.map((x) => ({ name: x.name.trim(), value: x.value.trim() })),
  };
}

export function draftOf(translation: ProductTranslation): TranslationDraft {
  return {
    productName: translation.productName,
    productDescription: translation.productDescription,
    keyFeatures: translation.keyFeatures.join('\n'),
    nutrientContent: translation.nutrientContent.join('\n'),
    specifications: translation.specifications.map((x) => ({ ...x })),
  };
}

/** The English fields the translations stand beside (what the form holds now). */
export interface EnglishContent {
  productName: string;
  productDescription: string;
  keyFeatures: string[];
  nutrientContent: string[];
  /** The product form's specifications (issue 43). */
  specifications: Specification[];
}

/** True when `language`'s translation lacks a field English has. */
export const isMissing = (english: EnglishContent, draft: TranslationDraft): boolean =>
  missingProductFields(english, translationOf(draft)).length > 0 ||
  missingSpecifications(english.specifications, draft.specifications).length > 0;

/** A product's translations: loaded for an existing product, saved after the product. */
export function useProductTranslations(id?: string) {
  const [drafts, setDrafts] = useState<TranslationDrafts>(emptyDrafts);
  // An existing product's translations are replaced only once they were read: a failed read must not wipe them.
  const [loaded, setLoaded] = useState(!id);
  useEffect(() => {
    if (!id) return;
    let active = true;
    request<ProductTranslationsResponse>('GET', API.productTranslations(id)).then(
      (r) => {
        if (!active) return;
        setDrafts(Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, draftOf(r.translations[l])])) as TranslationDrafts);
        setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [id]);

  /** PUT the translations of product `productId` (nothing to send for a new product without any). */
  const save = useCallback(
    async (productId: string, isNew = false): Promise<void> => {
      const translations = Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, translationOf(drafts[l])]));
      const none = Object.values(translations).every(
        (tr) =>
          !tr.productName &&
          !tr.productDescription &&
          !tr.keyFeatures.length &&
          !tr.nutrientContent.length &&
          !tr.specifications.some((x) => x.name || x.value),
      );
      if ((isNew && none) || !loaded) return;
      await request('PUT', API.updateProductTranslations(productId), { translations });
    },
    [drafts, loaded],
  );

  const update = (language: ContentLanguage, next: Partial<TranslationDraft>) =>
    setDrafts((all) => ({ ...all, [language]: { ...all[language], ...next } }));

  return { drafts, update, save };
}

interface FieldsProps {
  language: ContentLanguage;
  draft: TranslationDraft;
  english: EnglishContent;
  agro: boolean;
  onChange: (next: Partial<TranslationDraft>) => void;
}

/** One language's inputs (right to left for Arabic), each with the English text beside it. */
export function ProductTranslationFields({ language, draft, english, agro, onChange }: FieldsProps) {
  const { nativeName, dir, tag } = LANGUAGE_INFO[language];
  const l = { language: nativeName };
  const hint = (text: string) => (text ? t('contentTranslations.english', { text }) : undefined);
  const inputProps = { lang: tag, dir, className: 'input' };
  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600">{t('contentTranslations.fallback')}</p>
      <Field label={t('contentTranslations.productName', l)} hint={hint(english.productName)}>
        <input {...inputProps} value={draft.productName} onChange={(e) => onChange({ productName: e.target.value })} />
      </Field>
      <Field label={t('contentTranslations.productDescription', l)} hint={hint(english.productDescription)}>
        <textarea
          {...inputProps}
          rows={5}
          value={draft.productDescription}
          onChange={(e) => onChange({ productDescription: e.target.value })}
        />
      </Field>
      <Field label={t('contentTranslations.keyFeatures', l)} hint={hint(english.keyFeatures.join(' · '))}>
        <textarea {...inputProps} rows={4} value={draft.keyFeatures} onChange={(e) => onChange({ keyFeatures: e.target.value })} />
      </Field>
      {agro && (
        <Field label={t('contentTranslations.nutrientContent', l)} hint={hint(english.nutrientContent.join(' · '))}>
          <textarea
            {...inputProps}
            rows={4}
            value={draft.nutrientContent}
            onChange={(e) => onChange({ nutrientContent: e.target.value })}
          />
        </Field>
      )}
      {english.specifications.length > 0 && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-800">{t('contentTranslations.specifications', l)}</legend>
          {english.specifications.map((spec, i) => {
            const entry = draft.specifications[i] ?? { name: '', value: '' };
            const change = (next: Partial<Specification>) => {
              const list = english.specifications.map((_, j) => draft.specifications[j] ?? { name: '', value: '' });
              list[i] = { ...entry, ...next };
              onChange({ specifications: list });
            };
            return (
              <div key={i} className="grid gap-3 sm:grid-cols-2">
                <Field label={t('contentTranslations.specName', { ...l, n: i + 1 })} hint={hint(spec.name)}>
                  <input {...inputProps} value={entry.name} onChange={(e) => change({ name: e.target.value })} />
                </Field>
                <Field label={t('contentTranslations.specValue', { ...l, n: i + 1 })} hint={hint(spec.value)}>
                  <input {...inputProps} value={entry.value} onChange={(e) => change({ value: e.target.value })} />
                </Field>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
