import {
  CONTENT_LANGUAGES,
  IMAGE_FORMAT_NAMES,
  LANGUAGE_INFO,
  LIMITS,
  QUANTITY_TYPES,
  UI_TEXT,
  type ImageRef,
  type ProductType,
} from '@agro/shared';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { FileTextIcon, ImageIcon, PackageIcon, PlusIcon, TrashIcon, UploadIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { MissingMark } from '@/components/content-translations/missing-mark';
import { ProductTranslationFields, isMissing, type useProductTranslations } from '@/components/content-translations/product-translations';
import { localizeMessage, t } from '@/lib/i18n';
import type { ListFieldName, ProductFormValues } from './product-form-data';
import { TradeFieldset } from './trade-fieldset';

const PRODUCT_TYPES: readonly ProductType[] = ['AGRO', 'NONAGRO'];
const MB = LIMITS.imageMaxBytes / 1024 / 1024;

interface ProductFormProps {
  form: UseFormReturn<ProductFormValues>;
  mode: 'add' | 'edit';
  onSubmit: (values: ProductFormValues) => Promise<void>;
  busy: boolean;
  /** The upload (use-product-upload.ts): progress 0..1 while on its way, whether the last was cancelled, and its cancel. */
  upload: { progress: number | null; cancelled: boolean; cancel: () => void };
  /** Edit: the images the product has now (kept unless new files are chosen). */
  current?: { thumbnail?: ImageRef | undefined; images: ImageRef[] };
  /** The product's content in the other languages (issue 28): a tab per language, English first. */
  translations?: ReturnType<typeof useProductTranslations>;
}

/** The add and edit product form (SPEC.md sections 2 and 3). */
export function ProductForm({ form, mode, onSubmit, busy, upload, current, translations }: ProductFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const productType = useWatch({ control, name: 'productType' });
  const { progress, cancelled } = upload;
  const submitButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const [tab, setTab] = useState(0);
  const [name, description, features, nutrients, specifications] = useWatch({
    control,
    name: ['productName', 'productDescription', 'keyFeatures', 'nutrientContent', 'specifications'],
  });
  const english = {
    productName: name ?? '',
    productDescription: description ?? '',
    keyFeatures: (features ?? []).map((f) => f.value.trim()).filter(Boolean),
    nutrientContent: productType === 'AGRO' ? (nutrients ?? []).map((f) => f.value.trim()).filter(Boolean) : [],
    specifications: (specifications ?? []).map((s) => ({ name: s.name.trim(), value: s.value.trim() })).filter((s) => s.name || s.value),
  };

  // "Cancel upload" goes away with the upload: focus moves to the submit button, enabled again.
  useEffect(() => {
    if (!refocus || busy) return;
    submitButton.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  const englishSections = (
    <div className="space-y-6">
      <FormSection title={t('productForm.basic')} icon={<PackageIcon />}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('productForm.name')} error={errors.productName?.message} required>
            <input {...register('productName')} className="input" />
          </Field>
          <Field label={t('productForm.form')} error={errors.productForm?.message} required hint={t('productForm.formHint')}>
            <input {...register('productForm')} className="input" />
          </Field>
          <Field label={t('productForm.type')} error={errors.productType?.message} required>
            <select {...register('productType')} className="input">
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`productForm.types.${type}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('productForm.unit')} error={errors.productQuantityType?.message} required>
            <select {...register('productQuantityType')} className="input">
              {QUANTITY_TYPES.map((q) => (
                <option key={q} value={q}>
                  {t(`productForm.units.${q}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('productForm.shelfLife')} error={errors.productShelfLife?.message} required>
            <input {...register('productShelfLife')} type="number" min={1} step={1} inputMode="numeric" className="input" />
          </Field>
          <Field label={t('productForm.hsCode')} error={errors.hsCode?.message} hint={t('productForm.hsHint')}>
            <input {...register('hsCode')} className="input" inputMode="decimal" autoComplete="off" />
          </Field>
          <div className="flex flex-col justify-end gap-3 pb-1 sm:flex-row sm:items-center sm:justify-start sm:gap-8">
            <CheckboxField {...register('isOrganic')} label={t('productForm.organic')} />
            <CheckboxField {...register('isPremium')} label={t('productForm.premium')} hint={t('productForm.premiumHint')} />
          </div>
          <Field label={t('productForm.description')} error={errors.productDescription?.message} required className="sm:col-span-2">
            <textarea {...register('productDescription')} rows={5} className="input" />
          </Field>
        </div>
      </FormSection>

      <FormSection title={t('productForm.features')} icon={<FileTextIcon />}>
        <div className="grid gap-8 lg:grid-cols-2">
          {productType === 'AGRO' && (
            <ListField
              form={form}
              name="nutrientContent"
              title={t('productForm.nutrients')}
              itemLabel={t('productForm.nutrient')}
              placeholder={t('productForm.nutrientPlaceholder')}
              error={errors.nutrientContent?.message}
            />
          )}
          <ListField
            form={form}
            name="keyFeatures"
            title={t('productForm.keyFeatures')}
            itemLabel={t('productForm.keyFeature')}
            placeholder={t('productForm.keyFeaturePlaceholder')}
            error={errors.keyFeatures?.message}
          />
          <ListField
            form={form}
            name="applications"
            title={t('productForm.applications')}
            itemLabel={t('productForm.application')}
            placeholder={t('productForm.applicationPlaceholder')}
            error={errors.applications?.message}
          />
        </div>
      </FormSection>

      <TradeFieldset form={form} />

      <FormSection title={t('productForm.images')} icon={<ImageIcon />}>
        <ImagePickers form={form} mode={mode} current={current} />
      </FormSection>
    </div>
  );

  return (
    // An invalid English field is shown: its tab comes forward.
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setTab(0))}
      className="space-y-6"
      aria-label={mode === 'add' ? t('productForm.formAdd') : t('productForm.formEdit')}
    >
      {translations ? (
        <Tabs
          label={t('contentTranslations.tabs')}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { key: 'en', label: LANGUAGE_INFO.en.nativeName, lang: 'en', content: englishSections },
            ...CONTENT_LANGUAGES.map((language) => ({
              key: language,
              label: LANGUAGE_INFO[language].nativeName,
              lang: LANGUAGE_INFO[language].tag,
              mark: isMissing(english, translations.drafts[language]) ? <MissingMark /> : undefined,
              content: (
                <ProductTranslationFields
                  language={language}
                  draft={translations.drafts[language]}
                  english={english}
                  agro={productType === 'AGRO'}
                  onChange={(next) => translations.update(language, next)}
                />
              ),
            })),
          ]}
        />
      ) : (
        englishSections
      )}

      <div className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1 sm:max-w-md">
          {progress !== null ? (
            <div className="flex items-center gap-3">
              <div className="min-w-0 flex-1">
                <ProgressBar value={progress} label={mode === 'add' ? t('productForm.uploading') : t('productForm.saving')} />
              </div>
              <button
                type="button"
                className="btn-secondary shrink-0 py-1.5 text-sm"
                onClick={() => {
                  setRefocus(true);
                  upload.cancel();
                }}
              >
                {localizeMessage(UI_TEXT.cancelUpload)}
              </button>
            </div>
          ) : (
            <p role="status" className={`text-sm ${cancelled ? 'font-medium text-gray-900' : 'text-gray-600'}`}>
              {cancelled ? localizeMessage(UI_TEXT.uploadCancelledFormKept) : t('productForm.required')}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Link to="/products" className="btn-secondary">
            {t('productForm.cancel')}
          </Link>
          <button ref={submitButton} type="submit" className="btn-primary px-6" disabled={busy}>
            {busy && <Spinner />}
            {mode === 'add' ? t('productForm.submitAdd') : t('productForm.submitEdit')}
          </button>
        </div>
      </div>
    </form>
  );
}

interface ListFieldProps {
  form: UseFormReturn<ProductFormValues>;
  name: ListFieldName;
  title: string;
  /** Each input is labelled "<itemLabel> <n>", e.g. "Key feature 1". */
  itemLabel: string;
  placeholder: string;
  error: string | undefined;
}

/**
 * A list of text entries with add/remove; the last entry cannot be removed. The remove button is
 * named "Remove key feature #1" so a label lookup for "Key feature 1" finds only the input.
 */
function ListField({ form, name, title, itemLabel, placeholder, error }: ListFieldProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">
        {title}
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <ol className="mt-2 space-y-2">
        {fields.map((field, i) => {
          const inputId = `${baseId}-${i}`;
          return (
            <li key={field.id} className="flex items-center gap-2">
              <span aria-hidden="true" className="w-5 shrink-0 text-end text-sm tabular-nums text-gray-500">
                {i + 1}.
              </span>
              <label htmlFor={inputId} className="sr-only">
                {`${itemLabel} ${i + 1}`}
              </label>
              <input
                id={inputId}
                {...form.register(`${name}.${i}.value`, {
                  // The list's message sits on the list, not the entry: re-check the list as it changes.
                  onChange: () => {
                    if (form.formState.isSubmitted) void form.trigger(name);
                  },
                })}
                className="input"
                placeholder={placeholder}
                aria-invalid={error && i === 0 ? true : undefined}
              />
              <button
                type="button"
                onClick={() => remove(i)}
                disabled={fields.length === 1}
                aria-label={t(`productForm.remove.${name}`, { n: i + 1 })}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-gray-300 text-gray-600 hover:border-red-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-gray-300 disabled:hover:bg-transparent disabled:hover:text-gray-600"
              >
                <TrashIcon size={16} />
              </button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {localizeMessage(error)}
        </p>
      )}
      <button
        type="button"
        onClick={() => append({ value: '' })}
        className="mt-3 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <PlusIcon size={16} /> {t(`productForm.add.${name}`)}
      </button>
    </fieldset>
  );
}

/** Object URLs for local previews, revoked when the files change or the form goes away. */
function useObjectUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return urls;
}

interface ImagePickersProps {
  form: UseFormReturn<ProductFormValues>;
  mode: 'add' | 'edit';
  current: ProductFormProps['current'];
}

function ImagePickers({ form, mode, current }: ImagePickersProps) {
  const { control, setValue, getValues, formState } = form;
  const thumbnail = useWatch({ control, name: 'productThumbnail' });
  const images = useWatch({ control, name: 'productImages' });
  const thumbFiles = useMemo(() => (thumbnail ? [thumbnail] : []), [thumbnail]);
  const [thumbUrl] = useObjectUrls(thumbFiles);
  const imageUrls = useObjectUrls(images);
  const thumbInput = useRef<HTMLInputElement>(null);
  const imagesInput = useRef<HTMLInputElement>(null);
  const validate = formState.isSubmitted;

  // After a reset (add form at submit), the file inputs must not keep showing old names; when a
  // failed or cancelled add puts the chosen thumbnail back, its input names it again.
  useEffect(() => {
    const input = thumbInput.current;
    if (!input) return;
    if (!thumbnail) input.value = '';
    else if (input.files?.[0] !== thumbnail && typeof DataTransfer === 'function') {
      const files = new DataTransfer();
      files.items.add(thumbnail);
      input.files = files.files;
    }
  }, [thumbnail]);
  useEffect(() => {
    if (images.length === 0 && imagesInput.current) imagesInput.current.value = '';
  }, [images]);

  const fileClass =
    'block w-full cursor-pointer rounded-lg border border-dashed border-gray-300 bg-gray-50 p-2 text-sm text-gray-700 file:me-4 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-800 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700';

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <Field
          label={t('productForm.thumbnail')}
          error={formState.errors.productThumbnail?.message}
          required={mode === 'add'}
          hint={
            mode === 'edit'
              ? t('productForm.thumbEditHint', { mb: MB })
              : t('productForm.thumbAddHint', {
                  formats: IMAGE_FORMAT_NAMES.slice(0, -1).join(', '),
                  last: IMAGE_FORMAT_NAMES.at(-1),
                  mb: MB,
                })
          }
        >
          <input
            ref={thumbInput}
            type="file"
            accept="image/*"
            className={fileClass}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              setValue('productThumbnail', file, { shouldDirty: true, shouldValidate: validate });
            }}
          />
        </Field>
        <div className="mt-4">
          {thumbnail && thumbUrl ? (
            <Preview src={thumbUrl} alt={t('productForm.newThumb', { name: thumbnail.name })} caption={thumbnail.name}>
              <RemoveButton
                label={t('productForm.removeThumb', { name: thumbnail.name })}
                onClick={() => setValue('productThumbnail', null, { shouldDirty: true, shouldValidate: validate })}
              />
            </Preview>
          ) : current?.thumbnail?.secure_url ? (
            <Preview
              src={current.thumbnail.secure_url}
              srcSet={current.thumbnail.srcset}
              alt={t('productForm.currentThumb')}
              caption={t('productForm.currentThumb')}
            />
          ) : (
            <EmptyPreview />
          )}
        </div>
      </div>

      <div>
        <Field
          label={t('productForm.imagesLabel')}
          hint={t(mode === 'edit' ? 'productForm.imagesEditHint' : 'productForm.imagesAddHint', { mb: MB, files: LIMITS.imagesPerRequest })}
        >
          <input
            ref={imagesInput}
            type="file"
            accept="image/*"
            multiple
            className={fileClass}
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              if (picked.length) setValue('productImages', [...getValues('productImages'), ...picked], { shouldDirty: true });
              e.target.value = ''; // so picking the same file again still fires change
            }}
          />
        </Field>
        <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {images.length > 0
            ? images.map((file, i) => (
                <li key={`${file.name}-${i}`}>
                  {imageUrls[i] && (
                    <Preview src={imageUrls[i]} alt={t('productForm.newImage', { name: file.name })} caption={file.name} small>
                      <RemoveButton
                        label={t('productForm.removeImage', { name: file.name })}
                        onClick={() =>
                          setValue(
                            'productImages',
                            getValues('productImages').filter((_, j) => j !== i),
                            { shouldDirty: true },
                          )
                        }
                      />
                    </Preview>
                  )}
                </li>
              ))
            : current?.images.map((img, i) => (
                <li key={img.secure_url}>
                  <Preview
                    src={img.secure_url}
                    srcSet={img.srcset}
                    alt={t('productForm.currentImage', { n: i + 1 })}
                    caption={t('productForm.currentN', { n: i + 1 })}
                    small
                  />
                </li>
              ))}
        </ul>
      </div>
    </div>
  );
}

function Preview({
  src,
  srcSet,
  alt,
  caption,
  small = false,
  children,
}: {
  src: string;
  /** The server's other widths of a stored image, when it made them. */
  srcSet?: string | undefined;
  alt: string;
  caption: string;
  small?: boolean;
  children?: ReactNode;
}) {
  const size = small ? 112 : 192;
  return (
    <figure className={`relative ${small ? '' : 'w-48'}`}>
      <img
        src={src}
        srcSet={srcSet || undefined}
        sizes={srcSet ? `${size}px` : undefined}
        loading="lazy"
        decoding="async"
        alt={alt}
        width={size}
        height={size}
        className="aspect-square w-full rounded-xl border border-gray-200 bg-gray-50 object-cover"
      />
      <figcaption className="mt-1 truncate text-xs text-gray-600">{caption}</figcaption>
      {children}
    </figure>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="absolute end-1.5 top-1.5 inline-flex size-7 items-center justify-center rounded-full bg-white/95 text-red-700 shadow ring-1 ring-gray-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
    >
      <TrashIcon size={14} />
    </button>
  );
}

function EmptyPreview() {
  return (
    <div className="flex aspect-square w-48 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-gray-300 bg-gray-50 text-gray-500">
      <UploadIcon size={28} />
      <span className="text-xs">{t('productForm.noThumb')}</span>
    </div>
  );
}
