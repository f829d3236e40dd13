import { PRODUCT_FILTER_PARAMS, PRODUCT_LIST_PARAMS, type ProductType } from '@agro/shared';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { selectShownProducts, useAppDispatch, useAppSelector } from '@/store/store';
import { Field } from '@/components/ui/field';
import { PackageIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { reveal } from '@/lib/reveal';
import { ProductGrid } from '@/components/products/product-grid';
import { productTextsLoader, WhenTextsLoaded } from './trade-details';
import { fetchProducts } from '@/store/products-slice';
import { Part } from '@/lib/hydrate-in-parts';
import { formatNumber } from '@/lib/format';
import { addPart, pageLanguage, t } from '@/lib/i18n';

const PAGE_SIZE = 24;
/** The packaging options (site.ts) in the catalogue's order. */
const PACKAGING = ['bulk25kg', 'bulk50kg', 'retail500g', 'retail1kg', 'retail2kg', 'privateLabel', 'export'] as const;
type TypeFilter = 'ALL' | ProductType;

function CardSkeletons() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-[repeat(auto-fill,300px)] justify-center gap-x-4 gap-y-8">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="h-[500px] w-[300px] animate-pulse rounded-2xl border border-gray-200 bg-gray-50">
          <div className="h-[200px] rounded-t-2xl bg-gray-200" />
          <div className="space-y-3 p-5">
            <div className="h-3 w-24 rounded bg-gray-200" />
            <div className="h-5 w-48 rounded bg-gray-200" />
            <div className="h-3 w-56 rounded bg-gray-200" />
            <div className="h-3 w-40 rounded bg-gray-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function ProductsPage() {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectShownProducts);
  const [loading, setLoading] = useState(true);
  const [params, setParams] = useSearchParams();
  const query = params.get(PRODUCT_LIST_PARAMS.search) ?? '';
  const type = (params.get(PRODUCT_LIST_PARAMS.type) ?? 'ALL') as TypeFilter;
  const page = Number(params.get(PRODUCT_LIST_PARAMS.page) ?? '1') || 1;
  const certification = params.get(PRODUCT_FILTER_PARAMS.certification) ?? '';
  const organicOnly = params.get(PRODUCT_FILTER_PARAMS.organic) === 'true';
  // The certifications the catalogue's products have, for the filter's choices.
  const certifications = useMemo(() => [...new Set(products.flatMap((p) => p.certifications ?? []))].sort(), [products]);

  // SPEC.md section 2: /products always reloads every product on entry.
  useEffect(() => {
    setLoading(true);
    void dispatch(fetchProducts()).finally(() => setLoading(false));
  }, [dispatch]);

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return products.filter(
      (p) =>
        (type === 'ALL' || p.productType === type) &&
        (!certification || (p.certifications ?? []).includes(certification)) &&
        (!organicOnly || p.isOrganic) &&
        (!q || p.productName.toLowerCase().includes(q) || p.productForm.toLowerCase().includes(q)),
    );
  }, [products, query, type, certification, organicOnly]);

  const update = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true, preventScrollReset: true });
  };

  const first = filtered.length === 0 ? 0 : (Math.min(page, Math.ceil(filtered.length / PAGE_SIZE)) - 1) * PAGE_SIZE + 1;
  const last = Math.min(first + PAGE_SIZE - 1, filtered.length);

  return (
    <>
      <PageHero eyebrow={t('products.eyebrow')} title={t('products.title')}>
        <p>{t('products.intro')}</p>
      </PageHero>

      <Part name="products:1">
        <section aria-labelledby="catalogue-heading" className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="catalogue-heading" className="sr-only">
            {t('products.catalogueHeading')}
          </h2>
          {products.length > 0 && (
            <div className="mb-8 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-gray-50 p-4 sm:flex-row sm:items-end">
              <Field label={t('products.search')} className="flex-1">
                <input
                  type="search"
                  className="input"
                  value={query}
                  placeholder={t('products.searchPlaceholder')}
                  onChange={(e) => update({ [PRODUCT_LIST_PARAMS.search]: e.target.value, [PRODUCT_LIST_PARAMS.page]: null })}
                />
              </Field>
              <Field label={t('products.type')} className="sm:w-56">
                <select
                  className="input"
                  value={type}
                  onChange={(e) =>
                    update({
                      [PRODUCT_LIST_PARAMS.type]: e.target.value === 'ALL' ? null : e.target.value,
                      [PRODUCT_LIST_PARAMS.page]: null,
                    })
                  }
                >
                  <option value="ALL">{t('products.allTypes')}</option>
                  <option value="AGRO">{t('products.agroTypes')}</option>
                  <option value="NONAGRO">{t('products.nonAgroTypes')}</option>
                </select>
              </Field>
              {/* One element: while the page is taken over, it keeps the server's HTML until its texts are here. */}
              <Suspense fallback={null}>
                <WhenTextsLoaded
                  has={Boolean(t('productFilters.organicOnly', { defaultValue: '' }))}
                  load={() => addPart('product', productTextsLoader(pageLanguage()))}
                >
                  <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
                    {certifications.length > 0 && (
                      <Field label={t('productFilters.certification')} className="sm:w-56">
                        <select
                          className="input"
                          value={certification}
                          onChange={(e) =>
                            update({ [PRODUCT_FILTER_PARAMS.certification]: e.target.value, [PRODUCT_LIST_PARAMS.page]: null })
                          }
                        >
                          <option value="">{t('productFilters.allCertifications')}</option>
                          {certifications.map((c) => (
                            <option key={c} value={c}>
                              {c}
                            </option>
                          ))}
                        </select>
                      </Field>
                    )}
                    <label className="flex items-center gap-3 text-sm font-medium text-gray-800 sm:pb-2.5">
                      <input
                        type="checkbox"
                        checked={organicOnly}
                        onChange={(e) =>
                          update({ [PRODUCT_FILTER_PARAMS.organic]: e.target.checked ? 'true' : null, [PRODUCT_LIST_PARAMS.page]: null })
                        }
                        className="size-5 cursor-pointer rounded border-gray-400 accent-brand-800"
                      />
                      {t('productFilters.organicOnly')}
                    </label>
                  </div>
                </WhenTextsLoaded>
              </Suspense>
            </div>
          )}

          {products.length === 0 ? (
            loading ? (
              <>
                <p role="status" className="sr-only">
                  {t('products.loading')}
                </p>
                <CardSkeletons />
              </>
            ) : (
              <div className="rounded-2xl border border-dashed border-gray-300 p-12 text-center">
                <PackageIcon size={40} className="mx-auto text-gray-400" />
                <p className="mt-4 text-lg font-medium text-gray-800">{t('products.none')}</p>
                <p className="mt-1 text-gray-600">{t('products.noneText')}</p>
              </div>
            )
          ) : filtered.length === 0 ? (
            <p role="status" className="rounded-2xl border border-dashed border-gray-300 p-12 text-center text-gray-700">
              {t('products.noMatch')}
            </p>
          ) : (
            <>
              <p role="status" className="mb-6 text-sm text-gray-600">
                {t('products.showing', {
                  count: filtered.length,
                  first: formatNumber(first),
                  last: formatNumber(last),
                  total: formatNumber(filtered.length),
                })}
              </p>
              <ProductGrid
                products={filtered}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(p) => update({ [PRODUCT_LIST_PARAMS.page]: p === 1 ? null : String(p) })}
                label={t('products.list')}
                pagesLabel={t('products.pages')}
              />
            </>
          )}
        </section>
      </Part>

      <Part name="products:2">
        <section aria-labelledby="packaging-heading" className="bg-brand-50">
          <div className="mx-auto max-w-7xl px-4 py-16">
            <div className="max-w-2xl" {...reveal()}>
              <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t('products.packagingEyebrow')}</p>
              <h2 id="packaging-heading" className="mt-2 text-3xl font-bold text-brand-900">
                {t('products.packagingHeading')}
              </h2>
              <p className="mt-3 text-gray-700">{t('products.packagingText')}</p>
            </div>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {PACKAGING.map((option, i) => (
                <li
                  key={option}
                  className="flex items-center gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
                  {...reveal('fade-up', (i % 4) * 75)}
                >
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-800 text-accent-400">
                    <PackageIcon size={20} />
                  </span>
                  <span className="font-medium text-gray-900">{t(`packaging.${option}`)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl bg-brand-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h3 className="text-xl font-bold">{t('products.customHeading')}</h3>
                <p className="mt-1 text-brand-100">{t('products.customText')}</p>
              </div>
              <Link to="/quote" className="btn-primary shrink-0 bg-accent-400 text-brand-900 hover:bg-accent-500">
                {t('products.requestQuote')}
              </Link>
            </div>
          </div>
        </section>
      </Part>
    </>
  );
}
