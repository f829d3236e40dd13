import { zodResolver } from '@hookform/resolvers/zod';
import { OFFER_LIMITS, QUOTE_DESK_UI, offerSchema, offerToday, type OfferData } from '@agro/shared';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { CURRENCY_ITEMS, INCOTERM_ITEMS, Options } from '@/components/ui/options';
import { SendIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';

/** What the offer form holds: text, as typed (the shared schema turns it into exact amounts). */
export interface OfferFormValues {
  unitPrice: string;
  currency: string;
  incoterm: string;
  portOfLoading: string;
  destination: string;
  leadTimeDays: string;
  paymentTerms: string;
  validUntil: string;
  note: string;
}

const resolver = zodResolver(offerSchema) as unknown as Resolver<OfferFormValues, unknown, OfferData>;

const DAY_MS = 86_400_000;

/** Defaults for a new offer; `initialValues` (e.g. the buyer's trade terms, or the current offer) win. */
export function offerFormDefaults(initialValues: Partial<OfferFormValues> = {}): OfferFormValues {
  return {
    unitPrice: '',
    currency: 'USD',
    incoterm: 'FOB',
    portOfLoading: '',
    destination: '',
    leadTimeDays: '',
    paymentTerms: '',
    validUntil: offerToday(Date.now() + 14 * DAY_MS),
    note: '',
    ...initialValues,
  };
}

interface OfferFormProps {
  /** Prefilled values (destination, trade terms the buyer asked for, the previous offer...). */
  initialValues?: Partial<OfferFormValues>;
  /** The product's unit: the unit price is per this unit. */
  unit: string;
  submitLabel?: string;
  busy?: boolean;
  /** Resolves true when the offer was sent (the form then resets to `initialValues`). */
  onSubmit: (values: OfferFormValues) => Promise<boolean>;
}

/** The administrator's offer: price and currency, Incoterm and ports, lead time, payment terms, validity. */
export function OfferForm({ initialValues, unit, submitLabel = t('offerForm.submit'), busy = false, onSubmit }: OfferFormProps) {
  const suggestionsId = useId();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<OfferFormValues, unknown, OfferData>({ resolver, defaultValues: offerFormDefaults(initialValues) });

  // New initial values (another quote, or values loaded later) replace the form's content.
  const initialKey = JSON.stringify(initialValues ?? {});
  useEffect(() => {
    reset(offerFormDefaults(JSON.parse(initialKey) as Partial<OfferFormValues>));
  }, [initialKey, reset]);

  // The values as typed go to the server, which parses them with the same schema.
  const submit = handleSubmit(async () => {
    if (await onSubmit(getValues())) reset(offerFormDefaults(initialValues));
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label={t('offerForm.unitPrice', { unit })} error={errors.unitPrice?.message} required>
        <input {...register('unitPrice')} className="input" inputMode="decimal" placeholder="12.50" />
      </Field>
      <Field label={t('offerForm.currency')} error={errors.currency?.message} required>
        <select {...register('currency')} className="input">
          <Options items={CURRENCY_ITEMS} />
        </select>
      </Field>
      <Field label={t('offerForm.incoterm')} error={errors.incoterm?.message} required>
        <select {...register('incoterm')} className="input">
          <Options items={INCOTERM_ITEMS} />
        </select>
      </Field>
      <Field label={t('offerForm.leadTime')} error={errors.leadTimeDays?.message} required>
        <input
          {...register('leadTimeDays')}
          className="input"
          type="number"
          inputMode="numeric"
          min={OFFER_LIMITS.leadTimeDaysMin}
          max={OFFER_LIMITS.leadTimeDaysMax}
          step={1}
        />
      </Field>
      {/* Ports, payment terms and notes read in the direction of what is typed (dir=auto): Latin trade terms stay whole on an Arabic page. */}
      <Field label={t('offerForm.portOfLoading')} error={errors.portOfLoading?.message} required>
        <input {...register('portOfLoading')} className="input" dir="auto" placeholder="Nhava Sheva (JNPT), India" />
      </Field>
      <Field label={t('offerForm.destination')} error={errors.destination?.message} required>
        <input {...register('destination')} className="input" dir="auto" />
      </Field>
      <Field label={t('offerForm.paymentTerms')} error={errors.paymentTerms?.message} required>
        <input {...register('paymentTerms')} className="input" dir="auto" list={suggestionsId} />
      </Field>
      <datalist id={suggestionsId}>
        {QUOTE_DESK_UI.paymentTermsSuggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <Field label={t('offerForm.validUntil')} error={errors.validUntil?.message} required hint={t('offerForm.validHint')}>
        <input {...register('validUntil')} className="input" type="date" min={offerToday()} />
      </Field>
      <Field label={t('offerForm.note')} error={errors.note?.message} className="sm:col-span-2">
        <textarea {...register('note')} className="input" dir="auto" rows={3} maxLength={OFFER_LIMITS.noteMax} />
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy || isSubmitting}>
          <SendIcon size={18} /> {submitLabel}
        </button>
      </div>
    </form>
  );
}
