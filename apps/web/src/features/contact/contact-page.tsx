import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema } from '@agro/shared';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { useHeldProducts } from '@/components/products/use-held-products';
import { Field } from '@/components/ui/field';
import { ProductSelect } from '@/components/ui/product-select';
import { SendIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { Spinner } from '@/components/ui/spinner';
import { UnitInput } from '@/components/ui/unit-input';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BusinessHours, ContactDetails, ContactFaq } from './contact-info';
import { sendContact } from '@/store/contact-slice';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { t } from '@/lib/i18n';

type ContactIn = z.input<typeof contactSchema>;
type ContactOut = z.output<typeof contactSchema>;

const EMPTY: ContactIn = {
  fullName: '',
  email: '',
  companyName: '',
  country: '',
  productId: '',
  estimatedQuantity: '',
  description: '',
  productName: '',
};

export default function ContactPage() {
  useDocumentTitle(t('contactForm.title'));
  const dispatch = useAppDispatch();
  const products = useHeldProducts();
  const signals = useBotSignals('inquiry');
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ContactIn, unknown, ContactOut>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });

  const productId = useWatch({ control, name: 'productId' });
  const unit = products.find((p) => p._id === productId)?.productQuantityType;

  const onSubmit = async (values: ContactOut) => {
    // productName goes with the id; productQuantityType is only shown (SPEC.md section 3).
    const productName = products.find((p) => p._id === values.productId)?.productName ?? '';
    try {
      await dispatch(sendContact({ ...values, productName, ...(await signals.take()) })).unwrap();
    } catch {
      return; // keep the message after a server error
    }
    reset(EMPTY);
  };

  return (
    <>
      <PageHero eyebrow={t('contactForm.eyebrow')} title={t('contactForm.title')}>
        {t('contactForm.intro')}
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="contact-form-title" className="text-xl font-semibold text-gray-900">
            {t('contactForm.heading')}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t('contactForm.required')}</p>
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative mt-6 grid gap-5 sm:grid-cols-2">
            <Honeypot inputRef={signals.trap} />
            <Field label={t('contactForm.fullName')} error={errors.fullName?.message} required>
              <input {...register('fullName')} className="input" autoComplete="name" />
            </Field>
            <Field label={t('contactForm.email')} error={errors.email?.message} required>
              <input {...register('email')} type="email" inputMode="email" className="input" autoComplete="email" />
            </Field>
            <Field label={t('contactForm.companyName')} error={errors.companyName?.message} required>
              <input {...register('companyName')} className="input" autoComplete="organization" />
            </Field>
            <Field label={t('contactForm.country')} error={errors.country?.message} required>
              <input {...register('country')} className="input" autoComplete="country-name" />
            </Field>
            <Field label={t('contactForm.product')} error={errors.productId?.message} required>
              <ProductSelect products={products} {...register('productId')} />
            </Field>
            <Field
              label={t('contactForm.quantity')}
              error={errors.estimatedQuantity?.message}
              required
              hint={unit ? t('contactForm.quantityIn', { unit }) : t('contactForm.chooseProduct')}
            >
              <UnitInput unit={unit} {...register('estimatedQuantity')} />
            </Field>
            <Field label={t('contactForm.description')} error={errors.description?.message} required className="sm:col-span-2">
              <textarea {...register('description')} rows={5} className="input" placeholder={t('contactForm.descriptionPlaceholder')} />
            </Field>
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary w-full px-6 py-3 sm:w-auto" disabled={isSubmitting}>
                {isSubmitting ? <Spinner /> : <SendIcon size={18} />}
                {t('contactForm.submit')}
              </button>
            </div>
          </form>
        </section>
        <div className="space-y-6">
          <ContactDetails />
          <BusinessHours />
        </div>
      </div>
      <ContactFaq />
    </>
  );
}
