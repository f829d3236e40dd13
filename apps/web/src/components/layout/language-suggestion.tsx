import { LANGUAGE_COOKIE, LANGUAGE_INFO, isLanguage, localizedPath, preferredLanguage, type Language, type Translate } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { pageLanguage, translatorOf } from '@/lib/i18n';
import { rememberLanguage } from './language-switcher';

/** Where a dismissed suggestion is remembered (per suggested language). */
const DISMISSED_KEY = 'languageSuggestionDismissed';

function chosenLanguage(): Language | undefined {
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(value) ? value : undefined;
}

/**
 * Accept-Language only suggests (issue 28): when the language chosen before (the cookie) or the
 * browser's own differs from the page's, a banner in that language offers the same page in it.
 * Nothing redirects. Shown after the app has taken the page over, fixed at the bottom (no layout
 * shift), dismissed for good with its button.
 */
export function LanguageSuggestion() {
  const { pathname, search } = useLocation();
  const [offer, setOffer] = useState<{ language: Language; t: Translate } | null>(null);

  useEffect(() => {
    const current = pageLanguage();
    const wanted = chosenLanguage() ?? preferredLanguage(navigator.languages.join(','));
    if (!wanted || wanted === current || localStorage.getItem(DISMISSED_KEY) === wanted) return;
    let live = true;
    void translatorOf(wanted).then((t) => live && setOffer({ language: wanted, t }));
    return () => {
      live = false;
    };
  }, []);

  if (!offer) return null;
  const { language, t } = offer;
  const info = LANGUAGE_INFO[language];
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, language);
    setOffer(null);
  };
  return (
    <div
      role="region"
      aria-label={t('language.switcherLabel')}
      lang={info.tag}
      dir={info.dir}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-brand-200 bg-brand-50 px-4 py-3 shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 text-sm text-brand-900">
        <p>{t('language.suggestion')}</p>
        <div className="flex items-center gap-2">
          <a
            href={localizedPath(`${pathname}${search}`, language)}
            hrefLang={info.tag}
            onClick={() => rememberLanguage(language)}
            className="btn-primary py-1.5 text-sm"
          >
            {t('language.suggestionLink')}
          </a>
          <button type="button" onClick={dismiss} className="rounded-md p-2 hover:bg-brand-100" aria-label={t('language.dismiss')}>
            <CloseIcon size={18} />
          </button>
        </div>
      </div>
    </div>
  );
}
