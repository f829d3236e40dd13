import { PACKAGING_TYPE_VALUES, QUANTITY_TYPES } from '@agro/shared';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { PlusIcon, TrashIcon, TruckIcon } from '@/components/ui/icons';
import { packagingText } from '@/lib/option-labels';
import { localizeMessage, t } from '@/lib/i18n';
import { useSiteSettings } from '@/store/store';
import type { ProductFormValues } from './product-form-data';

type Form = UseFormReturn<ProductFormValues>;

/**
 * The product form's trade details (issue 43): minimum order, order multiple, lead time, supply per
 * month, packing options and specifications (lists with add and remove), the certifications of the
 * settings as checkboxes, and the port of loading. All optional.
 */
export function TradeFieldset({ form }: { form: Form }) {
  const {
    register,
    formState: { errors },
  } = form;
  const unitOptions = (
    <>
      <option value="">{t('productForm.tradeDetails.noUnit')}</option>
      {QUANTITY_TYPES.map((q) => (
        <option key={q} value={q}>
          {t(`productForm.units.${q}`)}
        </option>
      ))}
    </>
  );
  const number = { type: 'number', min: 0, step: 'any', inputMode: 'decimal', className: 'input' } as const;
  return (
    <FormSection title={t('productForm.tradeDetails.heading')} icon={<TruckIcon />}>
      <p className="-mt-3 mb-6 text-sm text-gray-600">{t('productForm.tradeDetails.intro')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('productForm.tradeDetails.moq')} error={errors.moqQuantity?.message}>
          <input {...register('moqQuantity')} {...number} />
        </Field>
        <Field label={t('productForm.tradeDetails.moqUnit')}>
          <select {...register('moqUnit')} className="input">
            {unitOptions}
          </select>
        </Field>
        <Field label={t('productForm.tradeDetails.supply')} error={errors.supplyQuantity?.message}>
          <input {...register('supplyQuantity')} {...number} />
        </Field>
        <Field label={t('productForm.tradeDetails.supplyUnit')}>
          <select {...register('supplyUnit')} className="input">
            {unitOptions}
          </select>
        </Field>
        <Field
          label={t('productForm.tradeDetails.orderMultiple')}
          error={errors.orderMultiple?.message}
          hint={t('productForm.tradeDetails.orderMultipleHint')}
        >
          <input {...register('orderMultiple')} {...number} />
        </Field>
        <Field label={t('productForm.tradeDetails.leadTime')} error={errors.leadTimeDays?.message}>
          <input {...register('leadTimeDays')} type="number" min={1} max={365} step={1} inputMode="numeric" className="input" />
        </Field>
        <Field
          label={t('productForm.tradeDetails.portOfLoading')}
          error={errors.portOfLoading?.message}
          hint={t('productForm.tradeDetails.portHint')}
          className="sm:col-span-2"
        >
          <input {...register('portOfLoading')} className="input" autoComplete="off" />
        </Field>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <PackingOptions form={form} unitOptions={unitOptions} />
        <Specifications form={form} />
      </div>
      <Certifications form={form} />
    </FormSection>
  );
}

/** A fieldset of rows with an add button and a remove button per row (any row may go: the list is optional). */
function ListEditor({
  legend,
  error,
  addLabel,
  onAdd,
  children,
}: {
  legend: string;
  error: string | undefined;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <ol className="mt-2 space-y-3">{children}</ol>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {localizeMessage(error)}
        </p>
      )}
      <button
        type="button"
        onClick={onAdd}
        className="mt-3 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <PlusIcon size={16} /> {addLabel}
      </button>
    </fieldset>
  );
}

function RemoveRow({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex size-10 shrink-0 items-center justify-center self-end rounded-lg border border-gray-300 text-gray-600 hover:border-red-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <TrashIcon size={16} />
    </button>
  );
}

function PackingOptions({ form, unitOptions }: { form: Form; unitOptions: ReactNode }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'packingOptions' });
  const d = 'productForm.tradeDetails';
  return (
    <ListEditor
      legend={t(`${d}.packingOptions`)}
      error={form.formState.errors.packingOptions?.message}
      addLabel={t(`${d}.addPacking`)}
      onAdd={() => append({ packagingType: '', quantity: '', unit: '' })}
    >
      {fields.map((field, i) => (
        <li key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg bg-gray-50 p-3">
          <Field label={t(`${d}.packagingType`, { n: i + 1 })} className="min-w-40 flex-1">
            <select {...form.register(`packingOptions.${i}.packagingType`)} className="input">
              <option value="">{t(`${d}.choosePackaging`)}</option>
              {PACKAGING_TYPE_VALUES.map((p) => (
                <option key={p} value={p}>
                  {packagingText(p)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t(`${d}.packingQuantity`, { n: i + 1 })} className="w-28">
            <input
              {...form.register(`packingOptions.${i}.quantity`)}
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              className="input"
            />
          </Field>
          <Field label={t(`${d}.packingUnit`, { n: i + 1 })} className="w-36">
            <select {...form.register(`packingOptions.${i}.unit`)} className="input">
              {unitOptions}
            </select>
          </Field>
          <RemoveRow label={t(`${d}.removePacking`, { n: i + 1 })} onClick={() => remove(i)} />
        </li>
      ))}
    </ListEditor>
  );
}

function Specifications({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'specifications' });
  const d = 'productForm.tradeDetails';
  return (
    <ListEditor
      legend={t(`${d}.specifications`)}
      error={form.formState.errors.specifications?.message}
      addLabel={t(`${d}.addSpec`)}
      onAdd={() => append({ name: '', value: '' })}
    >
      {fields.map((field, i) => (
        <li key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg bg-gray-50 p-3">
          <Field label={t(`${d}.specName`, { n: i + 1 })} className="min-w-32 flex-1">
            <input {...form.register(`specifications.${i}.name`)} className="input" placeholder={t(`${d}.specNamePlaceholder`)} />
          </Field>
          <Field label={t(`${d}.specValue`, { n: i + 1 })} className="min-w-32 flex-1">
            <input {...form.register(`specifications.${i}.value`)} className="input" placeholder={t(`${d}.specValuePlaceholder`)} />
          </Field>
          <RemoveRow label={t(`${d}.removeSpec`, { n: i + 1 })} onClick={() => remove(i)} />
        </li>
      ))}
    </ListEditor>
  );
}

/** The settings' certifications as checkboxes; one the product has that the settings no longer list stays ticked. */
function Certifications({ form }: { form: Form }) {
  const settings = useSiteSettings().certifications.map((c) => c.name);
  const chosen = useWatch({ control: form.control, name: 'certifications' });
  const names = [...new Set([...settings, ...chosen])];
  const error = form.formState.errors.certifications?.message;
  const errorId = useId();
  return (
    <fieldset className="mt-8" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">{t('productForm.tradeDetails.certifications')}</legend>
      {names.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t('productForm.tradeDetails.noCertifications')}</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-x-8 gap-y-3">
          {names.map((name) => (
            <CheckboxField key={name} {...form.register('certifications')} value={name} label={<bdi>{name}</bdi>} />
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {localizeMessage(error)}
        </p>
      )}
    </fieldset>
  );
}
