import { API, LANGUAGES, LANGUAGE_INFO, isLanguage, type ApiResult, type Language } from '@agro/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { GlobeIcon } from '@/components/ui/icons';
import { request, withToast } from '@/lib/api';
import { t } from '@/lib/i18n';

type LanguageAnswer = ApiResult & { language: Language };

/**
 * The language of the buyer's mails and quotation PDF (issue 28): set at registration from the
 * page's language, changed here. The site's own language is the address's (the header's switcher).
 */
export function LanguageSection() {
  const [language, setLanguage] = useState<Language | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  useEffect(() => {
    let live = true;
    request<LanguageAnswer>('GET', API.userLanguage).then(
      (answer) => live && setLanguage(answer.language),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!language) return;
    setBusy(true);
    try {
      await withToast(() => request<LanguageAnswer>('PATCH', API.updateUserLanguage, { language }), {
        loading: t('profileLanguage.saving'),
        success: t('profileLanguage.saved'),
        error: t('profileLanguage.error'),
      });
    } catch {
      // The toast said so; the choice stays selected.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="profile-language" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="profile-language" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <GlobeIcon size={20} /> {t('profileLanguage.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('profileLanguage.description')}</p>
      <form onSubmit={(e) => void save(e)} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-gray-800">
            {t('profileLanguage.label')}
          </label>
          <select
            id={selectId}
            value={language ?? ''}
            disabled={language === null || busy}
            onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}
            className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm"
          >
            {language === null && <option value="">…</option>}
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={LANGUAGE_INFO[l].tag}>
                {LANGUAGE_INFO[l].nativeName}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={language === null || busy}>
          {t('profileLanguage.save')}
        </button>
      </form>
    </section>
  );
}
