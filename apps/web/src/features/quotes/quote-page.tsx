import { zodResolver } from '@hookform/resolvers/zod';
import {
  HEARD_FROM_OPTIONS,
  QUOTE_ITEMS_MAX,
  belowMinimumOrder,
  minimumOrder,
  quoteFormSchema,
  inSpecOrder,
  quoteMessageOrder,
  telHref,
  type Product,
} from '@agro/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch, useSiteSettings } from '@/store/store';
import { useHeldProducts } from '@/components/products/use-held-products';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { ProductSelect } from '@/components/ui/product-select';
import { BuildingIcon, FileTextIcon, MailIcon, PackageIcon, PhoneIcon, SendIcon, TruckIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { Spinner } from '@/components/ui/spinner';
import { UnitInput } from '@/components/ui/unit-input';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addQuote } from '@/store/quote-slice';
import { heardFromText, packagingText } from '@/lib/option-labels';
import { TradeTermsSection, emptyTradeTerms, type TradeTermsFormValues } from './trade-terms-section';
import { WhatHappensNext } from './what-happens-next';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { t } from '@/lib/i18n';
import { Ltr, LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { formatNumber } from '@/lib/format';
import { TrashIcon } from '@/components/ui/icons';
import { quoteListLines, setQuoteList, useQuoteList, type QuoteListLine } from '@/lib/quote-list';
import {
  AddLineButton,
  ContainerEstimate,
  ExtraLineFields,
  PackagingOptions,
  checkExtraLines,
  emptyLine,
  lineFromList,
  listFromLines,
  type ExtraLine,
} from './quote-lines';

/** "1,000 KG": a quantity and its unit as the trade writes them. */
const quantityText = (q: { quantity: number; unit: string }): string => `${formatNumber(q.quantity)} ${q.unit}`;

type QuoteOut = z.output<typeof quoteFormSchema>;
/**
 * The terms box starts unticked; the schema only accepts `true`, which is the point. The trade
 * terms are held as blank strings and lists; the schema drops what is blank.
 */
type QuoteIn = Omit<z.input<typeof quoteFormSchema>, 'agreeToTerms' | 'tradeTerms' | 'items'> & {
  agreeToTerms: boolean;
  tradeTerms: TradeTermsFormValues;
  /** Issue 45: the lines after the first (the first is SPEC.md's own product fields). */
  extraLines: ExtraLine[];
};
type QuoteField = keyof QuoteIn;

const schemaResolver = zodResolver(quoteFormSchema) as unknown as Resolver<QuoteIn, unknown, QuoteOut>;

/**
 * The schema's checks, then the chosen product's minimum order (issue 43): refused in the page's
 * language with the server's words, only once the quantity passes SPEC.md's own checks.
 */
function minimumOrderResolver(productOf: (id: string) => Product | undefined): Resolver<QuoteIn, unknown, QuoteOut> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const product = productOf(values.productId);
    const quantity = Number(values.requiredQty);
    if (!product || result.errors.requiredQty || !Number.isFinite(quantity)) return result;
    const message = belowMinimumOrder(product, quantity, t('productTrade.belowMoq'));
    if (!message) return result;
    return { values: {}, errors: { ...result.errors, requiredQty: { type: 'moq', message } } };
  };
}

/** The first line's checks (SPEC.md's form), then the other lines' (issue 45). */
function linesResolver(productOf: (id: string) => Product | undefined): Resolver<QuoteIn, unknown, QuoteOut> {
  const first = minimumOrderResolver(productOf);
  return async (values, context, options) => {
    const result = await first(values, context, options);
    if (values.extraLines.length === 0) return result;
    const { items, errors } = checkExtraLines(values.productId, values.extraLines, productOf);
    if (errors) return { values: {}, errors: { ...result.errors, extraLines: errors } } as Awaited<ReturnType<typeof first>>;
    if (Object.keys(result.errors).length > 0) return result;
    const head = result.values as QuoteOut;
    const firstLine = {
      productId: head.productId,
      requiredQty: head.requiredQty,
      packagingType: head.packagingType,
      isCustomPackagingRequired: head.isCustomPackagingRequired,
    };
    return { values: { ...head, items: [firstLine, ...items] }, errors: {} };
  };
}

/** The form's product fields from the quote list (issue 45): the first line, and the others. */
function linesFromList(
  list: readonly QuoteListLine[],
  preselected: string,
): Pick<QuoteIn, 'productId' | 'requiredQty' | 'packagingType' | 'isCustomPackagingRequired' | 'extraLines'> | null {
  if (list.length === 0) return null;
  const lines = list.map(lineFromList);
  if (preselected && !lines.some((l) => l.productId === preselected)) lines.push(emptyLine(preselected));
  const [head, ...rest] = lines as [ExtraLine, ...ExtraLine[]];
  return { ...head, extraLines: rest.slice(0, QUOTE_ITEMS_MAX - 1) };
}

function emptyQuote(productId = ''): QuoteIn {
  return {
    companyName: '',
    contactPersonName: '',
    companyEmail: '',
    mobileNumber: '',
    country: '',
    address: '',
    productId,
    requiredQty: '',
    packagingType: '',
    isCustomPackagingRequired: false,
    deliveryLocation: '',
    isUrgent: false,
    additionalInfo: '',
    heardFrom: '',
    tradeTerms: emptyTradeTerms(),
    agreeToTerms: false,
    extraLines: [],
  };
}

/** The product to pre-select: navigation state `id` (from a product page) or `?productId=`. */
function usePreselectedProduct(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { id?: unknown } | null;
  if (state && typeof state.id === 'string') return state.id;
  return params.get('productId') ?? '';
}

export default function QuotePage() {
  const { phone, publicEmail } = useSiteSettings();
  useDocumentTitle(t('quoteForm.title'));
  const dispatch = useAppDispatch();
  const products = useHeldProducts();
  const preselected = usePreselectedProduct();
  // 'Request a quote' from a delivered sample (issue 43): the quote remembers its sample.
  const [params] = useSearchParams();
  const sampleId = params.get('sample') ?? '';
  const termsHintId = useId();
  const [tradeTermsOpen, setTradeTermsOpen] = useState(false);
  const signals = useBotSignals('quote');
  const held = useRef(products);
  held.current = products;
  const resolver = useMemo(() => linesResolver((id) => held.current.find((p) => p._id === id)), []);

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    control,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<QuoteIn, unknown, QuoteOut>({
    resolver,
    defaultValues: { ...emptyQuote(preselected), ...linesFromList(quoteListLines(), preselected) },
    shouldFocusError: false,
  });
  const { fields: extraFields, append, remove } = useFieldArray({ control, name: 'extraLines' });

  // The lines' selects had no option for their products until the list arrived (issue 45: every line).
  useEffect(() => {
    if (products.length === 0) return;
    getValues('extraLines').forEach((line, i) => {
      if (line.productId) setValue(`extraLines.${i}.productId`, line.productId);
    });
    const first = getValues('productId');
    if (first && first !== preselected) setValue('productId', first);
  }, [products, preselected, setValue, getValues]);

  // A signed-in buyer's list arrives from the server after the page opens: an untouched form takes it.
  const list = useQuoteList();
  useEffect(() => {
    const fromList = linesFromList(list, preselected);
    if (!fromList || isDirty) return;
    if (getValues('productId') === fromList.productId && getValues('extraLines').length === fromList.extraLines.length) return;
    reset({ ...getValues(), ...fromList });
  }, [list, preselected, isDirty, getValues, reset]);

  // The select had no option for the pre-selected product until the list arrived.
  useEffect(() => {
    if (preselected && products.some((p) => p._id === preselected) && getValues('productId') === preselected) {
      setValue('productId', preselected);
    }
  }, [products, preselected, setValue, getValues]);

  const productId = useWatch({ control, name: 'productId' });
  const requiredQty = useWatch({ control, name: 'requiredQty' });
  const extraLines = useWatch({ control, name: 'extraLines' });
  const lineCount = 1 + extraFields.length;
  // A removed line takes its focused button with it: the keyboard goes on from 'Add another product'.
  const addLineId = useId();
  const removeLine = (index: number) => {
    remove(index);
    requestAnimationFrame(() => document.getElementById(addLineId)?.focus());
  };
  // Removing the first line: the second becomes SPEC.md's product fields.
  const removeFirstLine = () => {
    const [next] = getValues('extraLines');
    if (!next) return;
    setValue('productId', next.productId);
    setValue('requiredQty', next.requiredQty);
    setValue('packagingType', next.packagingType);
    setValue('isCustomPackagingRequired', next.isCustomPackagingRequired);
    removeLine(0);
  };
  // The form's lines are the quote list's (issue 45): a change made here stays when the buyer goes on
  // browsing. Only for a request with a list or several lines (SPEC.md's one-product form adds nothing to it).
  const packagingType = useWatch({ control, name: 'packagingType' });
  const customPacking = useWatch({ control, name: 'isCustomPackagingRequired' });
  useEffect(() => {
    if (!isDirty || (quoteListLines().length === 0 && extraLines.length === 0)) return;
    const formLines = [
      { productId, requiredQty: String(requiredQty ?? ''), packagingType, isCustomPackagingRequired: Boolean(customPacking) },
      ...extraLines,
    ];
    const timer = setTimeout(() => setQuoteList(listFromLines(formLines, quoteListLines())), 400);
    return () => clearTimeout(timer);
  }, [isDirty, productId, requiredQty, packagingType, customPacking, extraLines]);
  const agreed = useWatch({ control, name: 'agreeToTerms' });
  const chosen = products.find((p) => p._id === productId);
  const unit = chosen?.productQuantityType;
  const minimum = chosen ? minimumOrder(chosen) : null;

  const onSubmit = async ({ agreeToTerms: _terms, ...quote }: QuoteOut) => {
    // The schema keeps only QuoteInput's fields: no product, productName or productQuantityType.
    try {
      await dispatch(addQuote({ ...quote, ...(await signals.take()), ...(sampleId ? { sampleId } : {}) })).unwrap();
    } catch {
      return; // keep everything typed after a server error
    }
    reset(emptyQuote());
    setTradeTermsOpen(false);
    // Sent: the quote list has done its work.
    setQuoteList([]);
  };

  // Focus the field whose message comes first in SPEC.md section 5's order.
  const onInvalid = (errs: FieldErrors<QuoteIn>) => {
    const first = firstInOrder(errs);
    if (first === 'extraLines') {
      // Only a later line is wrong: its first bad field.
      const lines = (errs.extraLines ?? []) as readonly (FieldErrors<ExtraLine> | undefined)[];
      const index = lines.findIndex(Boolean);
      const bad = lines[index];
      const field = bad && (['productId', 'requiredQty', 'packagingType'] as const).find((f) => bad[f]);
      if (field) setFocus(`extraLines.${index}.${field}`);
      return;
    }
    if (first === 'tradeTerms') {
      // Only the optional section is wrong: open it and go to its first bad field.
      setTradeTermsOpen(true);
      const field = Object.keys(errs.tradeTerms ?? {})[0] as keyof TradeTermsFormValues | undefined;
      if (field) setTimeout(() => setFocus(`tradeTerms.${field}`), 0);
    } else if (first) {
      setFocus(first);
    }
  };

  return (
    <>
      <PageHero eyebrow={t('quoteForm.eyebrow')} title={t('quoteForm.title')}>
        {t('quoteForm.intro')} {t('site.replyPromise')}
        {sampleId && <span className="mt-2 block">{t('samples.fromSample')}</span>}
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:py-14 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="relative space-y-6" aria-label={t('quoteForm.formLabel')}>
          <Honeypot inputRef={signals.trap} />
          <FormSection title={t('quoteForm.company')} icon={<BuildingIcon />}>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label={t('quoteForm.companyName')} error={errors.companyName?.message} required>
                <input {...register('companyName')} className="input" autoComplete="organization" />
              </Field>
              <Field label={t('quoteForm.contactPerson')} error={errors.contactPersonName?.message} required>
                <input {...register('contactPersonName')} className="input" autoComplete="name" />
              </Field>
              <Field label={t('quoteForm.companyEmail')} error={errors.companyEmail?.message} required>
                <input {...register('companyEmail')} type="email" inputMode="email" className="input" autoComplete="email" />
              </Field>
              <Field
                label={t('quoteForm.mobile')}
                error={errors.mobileNumber?.message}
                required
                hint={withLtr(t('quoteForm.mobileHint', { example: LTR_SLOT }), '+44 20 7946 0958')}
              >
                <input {...register('mobileNumber')} type="tel" inputMode="tel" className="input" autoComplete="tel" />
              </Field>
              <Field label={t('quoteForm.country')} error={errors.country?.message} required>
                <input {...register('country')} className="input" autoComplete="country-name" />
              </Field>
              <Field label={t('quoteForm.address')} error={errors.address?.message} required className="sm:col-span-2">
                <textarea {...register('address')} rows={2} className="input" autoComplete="street-address" />
              </Field>
            </div>
          </FormSection>

          <FormSection title={t('quoteForm.product')} icon={<PackageIcon />}>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label={t('quoteForm.productLabel')} error={errors.productId?.message} required className="sm:col-span-2">
                <ProductSelect products={products} {...register('productId')} />
              </Field>
              <Field
                label={t('quoteForm.quantity')}
                error={errors.requiredQty?.message}
                required
                hint={
                  unit ? (
                    <>
                      {/* Its own element: 'Quantity in KG' reads as SPEC.md's form says it, whatever follows. */}
                      <span>{t('quoteForm.quantityIn', { unit })}</span>
                      {minimum !== null && (
                        <> {withLtr(t('quoteForm.minimumOrder', { quantity: LTR_SLOT }), quantityText({ quantity: minimum, unit }))}</>
                      )}
                    </>
                  ) : (
                    t('quoteForm.chooseProduct')
                  )
                }
              >
                <UnitInput unit={unit} {...register('requiredQty')} />
              </Field>
              <Field label={t('quoteForm.packaging')} error={errors.packagingType?.message} required>
                <select {...register('packagingType')} className="input">
                  <PackagingOptions />
                </select>
              </Field>
              {chosen?.packingOptions && (
                <p className="text-sm text-gray-700 sm:col-span-2">
                  {t('quoteForm.packingOptions', {
                    list: chosen.packingOptions.map((o) => `${packagingText(o.packagingType)} ${quantityText(o)}`).join(t('listSeparator')),
                  })}
                </p>
              )}
              <CheckboxField
                {...register('isCustomPackagingRequired')}
                label={t('quoteForm.customPackaging')}
                hint={t('quoteForm.customPackagingHint')}
                className="sm:col-span-2"
              />
              {lineCount > 1 && (
                <div className="sm:col-span-2">
                  <button type="button" className="btn-secondary text-sm" onClick={removeFirstLine}>
                    <TrashIcon size={16} /> {t('quoteLineForm.removeLine', { n: 1 })}
                  </button>
                </div>
              )}
            </div>
            {extraFields.map((field, index) => (
              <div key={field.id} className="mt-5">
                <ExtraLineFields
                  index={index}
                  products={products}
                  line={extraLines[index]}
                  register={register as unknown as UseFormRegister<{ extraLines: ExtraLine[] }>}
                  errors={errors.extraLines?.[index]}
                  onRemove={() => removeLine(index)}
                />
              </div>
            ))}
            <div className="mt-5 space-y-4">
              <AddLineButton id={addLineId} count={lineCount} onAdd={() => append(emptyLine())} />
              <ContainerEstimate lines={[{ productId, requiredQty: String(requiredQty ?? '') }, ...extraLines]} products={products} />
            </div>
          </FormSection>

          <FormSection title={t('quoteForm.shipping')} icon={<TruckIcon />}>
            <div className="grid gap-5">
              <Field label={t('quoteForm.delivery')} error={errors.deliveryLocation?.message} required hint={t('quoteForm.deliveryHint')}>
                <input {...register('deliveryLocation')} className="input" />
              </Field>
              <CheckboxField {...register('isUrgent')} label={t('quoteForm.urgent')} hint={t('quoteForm.urgentHint')} />
            </div>
          </FormSection>

          <FormSection title={t('quoteForm.additional')} icon={<FileTextIcon />}>
            <div className="grid gap-5">
              <Field label={t('quoteForm.details')} error={errors.additionalInfo?.message}>
                <textarea {...register('additionalInfo')} rows={4} className="input" placeholder={t('quoteForm.detailsPlaceholder')} />
              </Field>
              <Field label={t('quoteForm.heardFrom')} error={errors.heardFrom?.message} required>
                <select {...register('heardFrom')} className="input">
                  <option value="">{t('quoteForm.selectOption')}</option>
                  {HEARD_FROM_OPTIONS.map((o) => (
                    <option key={o} value={o}>
                      {heardFromText(o)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </FormSection>

          <TradeTermsSection
            open={tradeTermsOpen}
            onToggle={() => setTradeTermsOpen((o) => !o)}
            register={register as unknown as UseFormRegister<{ tradeTerms: TradeTermsFormValues }>}
            errors={errors.tradeTerms}
          />

          <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <CheckboxField
              {...register('agreeToTerms')}
              error={errors.agreeToTerms?.message}
              label={
                <>
                  {t('quoteForm.agree')}{' '}
                  <Link to="/terms" className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
                    {t('quoteForm.terms')}
                  </Link>
                </>
              }
            />
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p id={termsHintId} className="text-sm text-gray-600">
                {agreed ? t('quoteForm.ready') : t('quoteForm.agreeFirst')}
              </p>
              <button type="submit" className="btn-primary px-6 py-3" disabled={!agreed || isSubmitting} aria-describedby={termsHintId}>
                {isSubmitting ? <Spinner /> : <SendIcon size={18} />}
                {t('quoteForm.submit')}
              </button>
            </div>
          </div>
        </form>

        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <WhatHappensNext />
          <div className="rounded-2xl bg-brand-900 p-6 text-white shadow-sm">
            <h2 className="text-lg font-semibold">{t('quoteForm.talk')}</h2>
            <p className="mt-1 text-sm text-brand-100">{t('quoteForm.talkText')}</p>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <a href={telHref(phone)} className="inline-flex items-center gap-2 hover:text-accent-400">
                  <PhoneIcon size={16} /> <Ltr>{phone}</Ltr>
                </a>
              </li>
              <li>
                <a href={`mailto:${publicEmail}`} className="inline-flex items-center gap-2 break-all hover:text-accent-400">
                  <MailIcon size={16} className="shrink-0" /> <Ltr>{publicEmail}</Ltr>
                </a>
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}

/** The field whose message comes first in spec order (focused after a failed submit). */
function firstInOrder(errs: FieldErrors<QuoteIn>): QuoteField | undefined {
  const fields = Object.entries(errs).map(([name, error]) => ({
    name: name as QuoteField,
    message: error && typeof error.message === 'string' ? error.message : '',
  }));
  return inSpecOrder(fields, quoteMessageOrder)[0]?.name;
}
