import { COUNTRY_CODES, type CountryIso } from '@agro/shared';
import type { ComponentPropsWithRef } from 'react';
import { CountryFlag } from './country-flag';
import { t } from '@/lib/i18n';

type CountrySelectProps = ComponentPropsWithRef<'select'> & {
  /** ISO code of the chosen country ('' for none): the flag shown beside the select. */
  selectedIso: string | undefined;
};

/**
 * The registration country picker: a native <select> (works with every keyboard, screen reader
 * and automation tool) whose options read "India (+91)"; the chosen country's flag is an inline
 * SVG drawn beside it, since an <option> holds text only and emoji flags need a font.
 * id/aria-* from <Field> go to the select itself.
 */
const isCountryIso = (v: string | undefined): v is CountryIso => COUNTRY_CODES.some((c) => c.iso === v);

export function CountrySelect({ selectedIso, className, ...props }: CountrySelectProps) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center" aria-hidden="true">
        {isCountryIso(selectedIso) ? (
          <CountryFlag iso={selectedIso} />
        ) : (
          <span className="inline-block h-4 w-6 rounded-sm border border-dashed border-gray-400" />
        )}
      </span>
      <select {...props} className={`input ps-12  ${className ?? ''}`} autoComplete="country">
        <option value="">{t('auth.selectCountry')}</option>
        {COUNTRY_CODES.map((c) => (
          <option key={c.iso} value={c.iso}>
            {`${c.name} (${c.dialCode})`}
          </option>
        ))}
      </select>
    </div>
  );
}
