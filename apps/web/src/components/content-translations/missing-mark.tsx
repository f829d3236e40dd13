import { t } from '@/lib/i18n';

/** The mark an administrator sees on a language whose content is not (all) translated (issue 28). */
export function MissingMark() {
  return (
    <span className="ms-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
      {t('contentTranslations.missing')}
    </span>
  );
}
