import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_INFO, localizedPath, splitLanguage, type Language } from '@agro/shared';
import { useLocation } from 'react-router';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { pageLanguage, t } from '@/lib/i18n';

/** A year, the cookie that remembers the choice. */
const REMEMBER_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${REMEMBER_SECONDS}; SameSite=Lax`;
}

/**
 * A switch made before the app took the page over: the link was followed but its onClick never ran.
 * A page reached from this site's page in another language was reached through the switcher or the
 * suggestion banner (the site's own links keep the language), so that choice is remembered here,
 * at the start of the page it led to.
 */
export function rememberSwitchFrom(referrer: string, language: Language): void {
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return; // none (typed, bookmarked) or not an address
  }
  if (from.origin === window.location.origin && splitLanguage(from.pathname).language !== language) rememberLanguage(language);
}

/**
 * The header's language switcher (issue 28): the same page in each language, as plain links (a
 * page load: the other language's page is rendered by the server, and a crawler follows them too).
 * A <details> element opens it, so it works before the app has taken the page over.
 */
export function LanguageSwitcher() {
  const { pathname, search } = useLocation();
  const current = pageLanguage();
  return (
    <details className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden"
        aria-label={`${t('language.switcherLabel')}: ${LANGUAGE_INFO[current].nativeName}`}
      >
        <GlobeIcon size={18} />
        <span className="uppercase">{current}</span>
        <ChevronDownIcon size={14} className="transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute end-0 z-50 mt-1 min-w-40 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={localizedPath(`${pathname}${search}`, language)}
              hrefLang={LANGUAGE_INFO[language].tag}
              lang={LANGUAGE_INFO[language].tag}
              dir={LANGUAGE_INFO[language].dir}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => rememberLanguage(language)}
              className={`block px-4 py-2 text-start text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700 ${
                language === current ? 'font-semibold text-brand-900' : 'text-gray-800'
              }`}
            >
              {LANGUAGE_INFO[language].nativeName}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
