import { CERTIFICATIONS, CONTAINER_TYPES, QUANTITY_TYPES, TRADE_TERMS_MESSAGES } from '@agro/shared';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { asItems, CURRENCY_CODE_ITEMS, INCOTERM_ITEMS, Options } from '@/components/ui/options';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { localizeMessage, t } from '@/lib/i18n';

/** Containers as the trade writes them (20' FCL, LCL...); only air freight is words. */
const containerItems = () =>
  CONTAINER_TYPES.map((c) => ({ value: c.value, label: c.value === 'AIR' ? t('tradeTerms.airFreight') : c.label }));

/** Certifications by their names; the two that are words in the page's language. */
function certificationLabel(value: string, label: string): string {
  if (value === 'EU_ORGANIC') return t('tradeTerms.euOrganic');
  if (value === 'FDA') return t('tradeTerms.fdaRegistration');
  return label;
}

/** The section's fields as the form holds them (blank: not given). */
export interface TradeTermsFormValues {
  incoterm: string;
  destinationPort: string;
  container: string;
  targetPrice: string;
  targetCurrency: string;
  targetPriceUnit: string;
  certifications: string[];
  sampleFirst: boolean;
}

export const emptyTradeTerms = (): TradeTermsFormValues => ({
  incoterm: '',
  destinationPort: '',
  container: '',
  targetPrice: '',
  targetCurrency: '',
  targetPriceUnit: '',
  certifications: [],
  sampleFirst: false,
});

interface TradeTermsSectionProps {
  open: boolean;
  onToggle: () => void;
  register: UseFormRegister<{ tradeTerms: TradeTermsFormValues }>;
  errors: FieldErrors<TradeTermsFormValues> | undefined;
}

/**
 * 'Trade Terms (optional)': what an exporter needs to price a shipment. Collapsed until opened;
 * left empty, nothing of it is sent.
 */
export function TradeTermsSection({ open, onToggle, register, errors }: TradeTermsSectionProps) {
  const regionId = useId();
  const certId = useId();
  return (
    <section aria-labelledby={`${regionId}-title`} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={`${regionId}-title`} className="text-lg font-semibold text-gray-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? regionId : undefined}
          onClick={onToggle}
          className="flex w-full items-center gap-3 rounded-lg text-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
            <GlobeIcon />
          </span>
          <span className="flex-1">{t('tradeTerms.section')}</span>
          <ChevronDownIcon size={20} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <p className="mt-2 text-sm text-gray-600">{t('tradeTerms.intro')}</p>
      {/* Rendered only while open; react-hook-form keeps the values of closed fields. */}
      {open && (
        <div id={regionId} className="mt-6">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('tradeTerms.incoterm')} error={errors?.incoterm?.message} hint="Incoterms 2020">
              <select {...register('tradeTerms.incoterm')} className="input">
                <Options items={INCOTERM_ITEMS} blank={t('tradeTerms.noPreference')} />
              </select>
            </Field>
            <Field label={t('tradeTerms.destination')} error={errors?.destinationPort?.message}>
              <input {...register('tradeTerms.destinationPort')} className="input" placeholder={t('tradeTerms.destinationPlaceholder')} />
            </Field>
            <Field label={t('tradeTerms.container')} error={errors?.container?.message}>
              <select {...register('tradeTerms.container')} className="input">
                <Options items={containerItems()} blank={t('tradeTerms.noPreference')} />
              </select>
            </Field>
            <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-3 sm:col-span-2">
              <Field label={t('tradeTerms.targetPrice')} error={errors?.targetPrice?.message}>
                <input {...register('tradeTerms.targetPrice')} inputMode="decimal" className="input" placeholder="1.25" />
              </Field>
              <Field label={t('tradeTerms.currency')} error={errors?.targetCurrency?.message}>
                <select {...register('tradeTerms.targetCurrency')} className="input">
                  <Options items={CURRENCY_CODE_ITEMS} blank="-" />
                </select>
              </Field>
              <Field label={t('tradeTerms.perUnit')} error={errors?.targetPriceUnit?.message}>
                <select {...register('tradeTerms.targetPriceUnit')} className="input">
                  <Options items={asItems(QUANTITY_TYPES)} blank="-" />
                </select>
              </Field>
            </div>
            <fieldset className="sm:col-span-2" aria-describedby={errors?.certifications ? `${certId}-error` : undefined}>
              <legend className="mb-2 text-sm font-medium text-gray-800">{t('tradeTerms.certifications')}</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {CERTIFICATIONS.map((c) => (
                  <CheckboxField
                    key={c.value}
                    {...register('tradeTerms.certifications')}
                    value={c.value}
                    label={certificationLabel(c.value, c.label)}
                  />
                ))}
              </div>
              {errors?.certifications && (
                <p id={`${certId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {localizeMessage(errors.certifications.message ?? TRADE_TERMS_MESSAGES.certifications)}
                </p>
              )}
            </fieldset>
            <CheckboxField
              {...register('tradeTerms.sampleFirst')}
              label={t('tradeTerms.sampleFirst')}
              hint={t('tradeTerms.sampleHint')}
              className="sm:col-span-2"
            />
          </div>
        </div>
      )}
    </section>
  );
}
