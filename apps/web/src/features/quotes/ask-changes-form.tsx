import { zodResolver } from '@hookform/resolvers/zod';
import {
  API,
  THREAD_LIMITS,
  requestChangesSchema,
  type QuoteOffer,
  type RequestChangesData,
  type RequestChangesResponse,
} from '@agro/shared';
import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { INCOTERM_ITEMS, Options } from '@/components/ui/options';
import { errorMessage, request } from '@/lib/api';
import { localizeMessage, t } from '@/lib/i18n';

/** What the form holds: text as typed (the shared schema checks and parses it, as the server does). */
interface AskChangesValues {
  offerId: string;
  note: string;
  unitPrice: string;
  requiredQty: string;
  incoterm: string;
  destination: string;
  paymentTerms: string;
  leadTimeDays: string;
}

const resolver = zodResolver(requestChangesSchema) as unknown as Resolver<AskChangesValues, unknown, RequestChangesData>;

interface AskChangesFormProps {
  quoteId: string;
  offer: QuoteOffer;
  /** The quote's lines (issue 45): with several, the buyer may say which products the changes are about. */
  lines?: Array<{ id: string; name: string }>;
  /** The quote's unit (the quantity is in it). */
  unit: string;
  onSent: (answer: RequestChangesResponse) => void;
  onCancel: () => void;
}

/** The buyer's request for changes to the current offer (issue 40): a note, and any terms proposed instead. */
export function AskChangesForm({ quoteId, offer, lines = [], unit, onSent, onCancel }: AskChangesFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const linesLegendId = useId();
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AskChangesValues, unknown, RequestChangesData>({
    resolver,
    defaultValues: {
      offerId: offer._id,
      note: '',
      unitPrice: '',
      requiredQty: '',
      incoterm: '',
      destination: '',
      paymentTerms: '',
      leadTimeDays: '',
    },
  });

  // Opened by a button that goes away: the keyboard continues in the note.
  useEffect(() => setFocus('note'), [setFocus]);

  const submit = handleSubmit(async () => {
    setFailure(null);
    // Only the terms filled in are sent: the empty ones keep the offer's.
    const body = {
      ...Object.fromEntries(Object.entries(getValues()).filter(([, v]) => v.trim() !== '')),
      // None ticked: the whole offer. In the quote's order, whatever the order they were ticked in.
      ...(chosen.length > 0 ? { itemIds: lines.map((l) => l.id).filter((id) => chosen.includes(id)) } : {}),
    };
    try {
      onSent(await request<RequestChangesResponse>('POST', API.quoteRequestChanges(quoteId), body));
    } catch (error) {
      setFailure(localizeMessage(errorMessage(error, t('askChanges.failed'))));
    }
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-4 grid gap-4 rounded-xl border border-violet-300 bg-violet-50/50 p-4 sm:grid-cols-2"
    >
      <h3 className="text-lg font-semibold text-gray-900 sm:col-span-2">{t('askChanges.title', { number: offer.quotationNumber })}</h3>
      <p className="text-sm text-gray-700 sm:col-span-2">{t('askChanges.hint')}</p>
      <Field label={t('askChanges.note')} error={errors.note?.message} required className="sm:col-span-2">
        <textarea {...register('note')} className="input" dir="auto" rows={3} maxLength={THREAD_LIMITS.noteMax} />
      </Field>
      {lines.length > 1 && (
        <fieldset aria-labelledby={linesLegendId} className="sm:col-span-2">
          <legend id={linesLegendId} className="text-sm font-medium text-gray-900">
            {t('askChanges.lines')}
          </legend>
          <p className="text-xs text-gray-700">{t('askChanges.linesHint')}</p>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {lines.map((line) => (
              <li key={line.id}>
                <label className="inline-flex items-center gap-2 text-sm text-gray-900">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.includes(line.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, line.id] : c.filter((id) => id !== line.id)))}
                  />
                  <span dir="auto">{line.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <Field label={t('askChanges.unitPrice', { currency: offer.currency })} error={errors.unitPrice?.message}>
        <input {...register('unitPrice')} className="input" inputMode="decimal" placeholder={offer.unitPrice} />
      </Field>
      <Field label={`${t('conversation.proposal.requiredQty')} (${unit})`} error={errors.requiredQty?.message}>
        <input {...register('requiredQty')} className="input" type="number" inputMode="decimal" min={0} step="any" />
      </Field>
      <Field label={t('conversation.proposal.incoterm')} error={errors.incoterm?.message}>
        <select {...register('incoterm')} className="input">
          <option value="">{t('askChanges.asOffered')}</option>
          <Options items={INCOTERM_ITEMS} />
        </select>
      </Field>
      <Field label={t('conversation.proposal.leadTimeDays')} error={errors.leadTimeDays?.message}>
        <input {...register('leadTimeDays')} className="input" type="number" inputMode="numeric" min={1} max={365} step={1} />
      </Field>
      <Field label={t('conversation.proposal.destination')} error={errors.destination?.message}>
        <input {...register('destination')} className="input" dir="auto" placeholder={offer.destination} />
      </Field>
      <Field label={t('conversation.proposal.paymentTerms')} error={errors.paymentTerms?.message}>
        <input {...register('paymentTerms')} className="input" dir="auto" placeholder={offer.paymentTerms} />
      </Field>
      {failure && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('askChanges.sending') : t('askChanges.submit')}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('nav.cancel')}
        </button>
      </div>
    </form>
  );
}
