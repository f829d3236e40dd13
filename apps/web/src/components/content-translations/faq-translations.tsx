/**
 * The settings' FAQ in the other languages (issue 28 item 6): entry i translates English entry i;
 * an empty question or answer shows the English one to buyers.
 */
import { LANGUAGE_INFO, type ContentLanguage, type FaqEntry, type FaqTranslations } from '@agro/shared';
import { Field } from '@/components/ui/field';
import { t } from '@/lib/i18n';

interface Props {
  language: ContentLanguage;
  faq: readonly FaqEntry[];
  translations: FaqTranslations;
  onChange: (next: FaqTranslations) => void;
}

export function FaqTranslationFields({ language, faq, translations, onChange }: Props) {
  const { nativeName, dir, tag } = LANGUAGE_INFO[language];
  const list = translations[language] ?? [];
  const update = (i: number, next: Partial<FaqEntry>) =>
    onChange({
      ...translations,
      // As long as the English list: entry i stays beside English entry i.
      [language]: faq.map((_, j) => ({ question: list[j]?.question ?? '', answer: list[j]?.answer ?? '', ...(j === i ? next : {}) })),
    });
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-600">{t('contentTranslations.fallback')}</p>
      <ol className="space-y-6">
        {faq.map((entry, i) => (
          <li key={i} className="space-y-3 rounded-xl border border-gray-200 p-4">
            <Field
              label={t('contentTranslations.question', { n: i + 1, language: nativeName })}
              hint={t('contentTranslations.english', { text: entry.question })}
            >
              <input
                className="input"
                lang={tag}
                dir={dir}
                value={list[i]?.question ?? ''}
                onChange={(e) => update(i, { question: e.target.value })}
              />
            </Field>
            <Field
              label={t('contentTranslations.answer', { n: i + 1, language: nativeName })}
              hint={t('contentTranslations.english', { text: entry.answer })}
            >
              <textarea
                className="input min-h-20"
                lang={tag}
                dir={dir}
                value={list[i]?.answer ?? ''}
                onChange={(e) => update(i, { answer: e.target.value })}
              />
            </Field>
          </li>
        ))}
      </ol>
    </div>
  );
}
