import { zodResolver } from '@hookform/resolvers/zod';
import {
  OFFER_LIMITS,
  QUOTE_DESK_UI,
  minorDigits,
  offerSchema,
  offerToday,
  parseMinorUnits,
  totalMinorUnits,
  type Currency,
  type OfferData,
} from '@agro/shared';
import { useEffect, useId } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { formatNumber } from '@/lib/format';
import { moneyText } from '@/lib/money';
import { packagingText } from '@/lib/option-labels';
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
  /** Issue 45: a price (and optionally another quantity) per quote line; only for a quote of several lines. */
  lines?: OfferLineValues[];
}

export interface OfferLineValues {
  itemId: string;
  unitPrice: string;
  quantity: string;
}

/** A quote line the offer prices (issue 45). */
export interface OfferLineItem {
  itemId: string;
  productName: string;
  unit: string;
  requiredQty: number;
  packagingType: string;
}

/**
 * What is validated and sent: with lines, the offer's own unit price is the first line's (the shared
 * schema's rule), and a line whose other quantity is left empty sends none (the quantity asked).
 */
export function withLinePrices(values: OfferFormValues): OfferFormValues {
  if (!values.lines?.[0]) return values;
  const lines = values.lines.map(({ quantity, ...line }) => (quantity.trim() === '' ? line : { ...line, quantity: quantity.trim() }));
  return { ...values, unitPrice: values.lines[0].unitPrice, lines: lines as OfferLineValues[] };
}

const schemaResolver = zodResolver(offerSchema) as unknown as Resolver<OfferFormValues, unknown, OfferData>;
const resolver: Resolver<OfferFormValues, unknown, OfferData> = (values, context, options) =>
  schemaResolver(withLinePrices(values), context, options);

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
  /** Issue 45: the quote's lines when it has several (each priced on its own); absent or one: today's form. */
  items?: readonly OfferLineItem[];
  submitLabel?: string;
  busy?: boolean;
  /** Resolves true when the offer was sent (the form then resets to `initialValues`). */
  onSubmit: (values: OfferFormValues) => Promise<boolean>;
}

/** The administrator's offer: price and currency, Incoterm and ports, lead time, payment terms, validity. */
export function OfferForm({ initialValues, unit, items, submitLabel = t('offerForm.submit'), busy = false, onSubmit }: OfferFormProps) {
  const suggestionsId = useId();
  const several = items !== undefined && items.length > 1;
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<OfferFormValues, unknown, OfferData>({ resolver, defaultValues: offerFormDefaults(initialValues) });
  const watchedLines = useWatch({ control, name: 'lines' });
  const currency = useWatch({ control, name: 'currency' });

  // New initial values (another quote, or values loaded later) replace the form's content.
  const initialKey = JSON.stringify(initialValues ?? {});
  useEffect(() => {
    reset(offerFormDefaults(JSON.parse(initialKey) as Partial<OfferFormValues>));
  }, [initialKey, reset]);

  // The values as typed go to the server, which parses them with the same schema.
  const submit = handleSubmit(async () => {
    if (await onSubmit(withLinePrices(getValues()))) reset(offerFormDefaults(initialValues));
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
      {several ? (
        <OfferLines
          items={items}
          register={register}
          errors={errors.lines as readonly (FieldErrors<OfferLineValues> | undefined)[] | undefined}
          lines={watchedLines}
          currency={currency}
        />
      ) : (
        <Field label={t('offerForm.unitPrice', { unit })} error={errors.unitPrice?.message} required>
          <input {...register('unitPrice')} className="input" inputMode="decimal" placeholder="12.50" />
        </Field>
      )}
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

interface OfferLinesProps {
  items: readonly OfferLineItem[];
  register: UseFormRegister<OfferFormValues>;
  errors: readonly (FieldErrors<OfferLineValues> | undefined)[] | undefined;
  lines: OfferLineValues[] | undefined;
  currency: string;
}

/**
 * Issue 45: a unit price per line and, optionally, another quantity than asked (shown as changed);
 * each line's total and the offer's, exact in minor units (the shared helpers the server uses).
 */
function OfferLines({ items, register, errors, lines, currency }: OfferLinesProps) {
  const code = currency as Currency;
  const digits = minorDigits(code);
  const totals = items.map((item, i) => {
    const line = lines?.[i];
    const price = parseMinorUnits(line?.unitPrice ?? '', digits);
    const typed = line?.quantity.trim() ?? '';
    const quantity = typed === '' ? item.requiredQty : Number(typed);
    return price === null || !(quantity > 0) ? null : totalMinorUnits(price, quantity);
  });
  const complete = totals.every((total) => total !== null);
  const sum = totals.reduce<number>((a, b) => a + (b ?? 0), 0);
  return (
    <div className="space-y-4 sm:col-span-2">
      <h4 className="font-semibold text-gray-900">{t('offerLines.title')}</h4>
      {items.map((item, i) => {
        const typed = lines?.[i]?.quantity.trim() ?? '';
        const changed = typed !== '' && Number(typed) !== item.requiredQty;
        const total = totals[i];
        return (
          <fieldset key={item.itemId} className="rounded-xl border border-gray-200 p-4">
            <legend className="px-1 font-medium text-gray-900">
              <bdi>{item.productName}</bdi>
            </legend>
            <input type="hidden" {...register(`lines.${i}.itemId`)} />
            <p className="text-sm text-gray-700">
              {t('offerLines.asked', {
                quantity: `${formatNumber(item.requiredQty)} ${item.unit}`,
                packaging: packagingText(item.packagingType),
              })}
            </p>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <Field label={t('offerForm.unitPrice', { unit: item.unit })} error={errors?.[i]?.unitPrice?.message} required>
                <input {...register(`lines.${i}.unitPrice`)} className="input" inputMode="decimal" placeholder="12.50" />
              </Field>
              <Field
                label={t('offerLines.quantity', { unit: item.unit })}
                error={errors?.[i]?.quantity?.message}
                hint={changed ? t('offerLines.changed') : t('offerLines.quantityHint')}
              >
                <input {...register(`lines.${i}.quantity`)} className="input" inputMode="decimal" />
              </Field>
            </div>
            <p className="mt-2 text-sm font-medium text-gray-900">
              {t('offerLines.lineTotal', { total: total === null ? '-' : moneyText(total, code) })}
            </p>
          </fieldset>
        );
      })}
      <p className="text-base font-semibold text-gray-900" aria-live="polite">
        {t('offerLines.offerTotal', { total: complete ? moneyText(sum, code) : '-' })}
      </p>
    </div>
  );
}
