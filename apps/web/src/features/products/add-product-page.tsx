import { API, type SiteSettings } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/store/store';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ProductForm } from './product-form';
import { buildProductFormData, EMPTY_PRODUCT, productResolver, type ProductFormValues } from './product-form-data';
import { useProductUpload } from './use-product-upload';
import { useProductTranslations } from '@/components/content-translations/product-translations';
import { showToast } from '@/lib/toast';
import { request } from '@/lib/api';
import { t } from '@/lib/i18n';
import { addProduct } from '@/store/products-slice';

const resolver = productResolver(true);

export default function AddProductPage() {
  useDocumentTitle(t('productForm.submitAdd'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm<ProductFormValues>({ resolver, defaultValues: EMPTY_PRODUCT });
  const [busy, setBusy] = useState(false);
  const upload = useProductUpload();
  const translations = useProductTranslations();
  // A new product's port of loading starts as the settings' (an ADMIN's GET has the quotation defaults).
  const [port, setPort] = useState('');
  useEffect(() => {
    request<{ success: boolean; message: string; settings: Partial<SiteSettings> }>('GET', API.settings).then(
      (r) => setPort(r.settings.quotationDefaults?.portOfLoading ?? ''),
      () => undefined,
    );
  }, []);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (port && !getValues('portOfLoading')) setValue('portOfLoading', port);
  }, [port, getValues, setValue]);

  const onSubmit = async (values: ProductFormValues) => {
    const body = buildProductFormData(values);
    // SPEC.md section 2: the add form resets at submit. The copy restores it if the call fails or
    // is cancelled, so nothing typed (or picked) is lost.
    const snapshot = values;
    form.reset({ ...EMPTY_PRODUCT, portOfLoading: port });
    setBusy(true);
    try {
      const added = await dispatch(addProduct({ form: body, ...upload.start() })).unwrap();
      // The product's other languages, once it exists (nothing is sent when none was typed).
      await translations.save(added.product._id, true).catch(() => showToast('error', t('contentTranslations.saveError')));
      void navigate('/products');
    } catch {
      form.reset(snapshot);
    } finally {
      setBusy(false);
      upload.finish();
    }
  };

  return (
    <>
      <PageHero eyebrow={t('productForm.eyebrow')} title={t('productForm.submitAdd')}>
        {t('productForm.addIntro')}
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <ProductForm form={form} mode="add" onSubmit={onSubmit} busy={busy} upload={upload} translations={translations} />
      </div>
    </>
  );
}
