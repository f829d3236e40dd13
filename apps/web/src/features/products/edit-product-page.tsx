import type { Product } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/store/store';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ProductForm } from './product-form';
import { buildProductFormData, EMPTY_PRODUCT, productResolver, valuesFromProduct, type ProductFormValues } from './product-form-data';
import { useProductUpload } from './use-product-upload';
import { useProductTranslations } from '@/components/content-translations/product-translations';
import { showToast } from '@/lib/toast';
import { t } from '@/lib/i18n';
import { fetchProduct, updateProduct } from '@/store/products-slice';

const resolver = productResolver(false);

/** SPEC.md section 2: the id comes as navigation state `id`; `?id=` also works so the page survives a reload. */
function useProductId(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { id?: unknown } | null;
  if (state && typeof state.id === 'string' && state.id) return state.id;
  return params.get('id') ?? '';
}

export default function EditProductPage() {
  useDocumentTitle(t('productForm.editTitle'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = useProductId();
  const form = useForm<ProductFormValues>({ resolver, defaultValues: EMPTY_PRODUCT });
  const [product, setProduct] = useState<Product | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(id ? 'loading' : 'failed');
  const [busy, setBusy] = useState(false);
  const upload = useProductUpload();
  const translations = useProductTranslations(id || undefined);
  const { reset } = form;

  useEffect(() => {
    if (!id) return;
    let active = true;
    dispatch(fetchProduct({ id, english: true }))
      .unwrap()
      .then((res) => {
        if (!active) return;
        setProduct(res.product);
        reset(valuesFromProduct(res.product));
        setStatus('ready');
      })
      .catch(() => {
        if (active) setStatus('failed');
      });
    return () => {
      active = false;
    };
  }, [id, dispatch, reset]);

  const onSubmit = async (values: ProductFormValues) => {
    setBusy(true);
    try {
      await dispatch(updateProduct({ id, form: buildProductFormData(values, id), ...upload.start() })).unwrap();
      // The English product first (as today), then its other languages.
      try {
        await translations.save(id);
      } catch {
        showToast('error', t('contentTranslations.saveError'));
        return;
      }
      void navigate('/products');
    } catch {
      // The toast shows the server's message (or that the upload was cancelled); the form keeps the edits.
    } finally {
      setBusy(false);
      upload.finish();
    }
  };

  return (
    <>
      <PageHero eyebrow={t('productForm.eyebrow')} title={t('productForm.editTitle')}>
        {product ? product.productName : t('productForm.editIntro')}
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        {status === 'loading' && (
          <div role="status" className="space-y-6">
            <span className="sr-only">{t('productForm.loading')}</span>
            {[0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-gray-100" />
            ))}
          </div>
        )}
        {status === 'failed' && (
          <div className="rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
            <p className="font-medium text-gray-900">{id ? t('productForm.loadFailed') : t('productForm.noneChosen')}</p>
            <p className="mt-1 text-sm text-gray-600">{t('productForm.pick')}</p>
            <Link to="/products" className="btn-primary mt-6">
              {t('productForm.goProducts')}
            </Link>
          </div>
        )}
        {status === 'ready' && product && (
          <ProductForm
            form={form}
            mode="edit"
            onSubmit={onSubmit}
            busy={busy}
            upload={upload}
            current={{ thumbnail: product.productThumbnail, images: product.productImages ?? [] }}
            translations={translations}
          />
        )}
      </div>
    </>
  );
}
