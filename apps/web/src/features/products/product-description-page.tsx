import { ReplyTime } from '@/components/ui/reply-time';
import { WhatsAppButton } from '@/components/ui/whatsapp-button';
import { PRODUCT_ID_PARAM, type ImageRef, type Product } from '@agro/shared';
import { memo, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { selectProductPagePath, useAppDispatch, useAppSelector } from '@/store/store';
import { CheckIcon, ChevronRightIcon, ClockIcon, DownloadIcon, LeafIcon, MapPinIcon, PackageIcon, StarIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadBrochure } from './brochure';
import { TradeBlock } from './trade-block';
import { AddToQuoteList } from '@/components/products/add-to-quote-list';
import { fetchProduct } from '@/store/products-slice';
import { Part } from '@/lib/hydrate-in-parts';
import { t } from '@/lib/i18n';

type Status = 'loading' | 'ready' | 'error';

/** The id from navigation state (SPEC.md section 2) or, for shared and reloaded links, from ?id=. */
function useProductIdFromLocation(): string {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state: unknown = location.state;
  const fromState = state && typeof state === 'object' && 'id' in state && typeof state.id === 'string' && state.id ? state.id : undefined;
  const fromQuery = params.get(PRODUCT_ID_PARAM) ?? '';

  // Put a state-only id into the address too, so the page can be shared and reloaded.
  useEffect(() => {
    if (fromState && fromState !== fromQuery) setParams({ [PRODUCT_ID_PARAM]: fromState }, { replace: true, state: { id: fromState } });
  }, [fromState, fromQuery, setParams]);

  return fromState ?? fromQuery;
}

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label={t('product.breadcrumb')} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-gray-600">
        <li>
          <Link to="/" className="hover:text-brand-800 hover:underline">
            {t('head.breadcrumbHome')}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRightIcon size={14} />
        </li>
        <li>
          <Link to="/products" className="hover:text-brand-800 hover:underline">
            {t('head.breadcrumbProducts')}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRightIcon size={14} />
        </li>
        <li>
          <bdi aria-current="page" className="font-medium text-gray-900">
            {name}
          </bdi>
        </li>
      </ol>
    </nav>
  );
}

function ImageSwitcher({ product }: { product: Product }) {
  const images: ImageRef[] = [product.productThumbnail, ...product.productImages].filter((i): i is ImageRef => Boolean(i?.secure_url));
  const [active, setActive] = useState(0);
  const shown = images[active] ?? images[0];

  return (
    <div>
      <div className="overflow-hidden rounded-2xl border border-gray-200 bg-brand-50 shadow-sm">
        <ResponsiveImage
          image={shown}
          alt={
            images.length > 1
              ? t('product.imageOf', { name: product.productName, n: active + 1, total: images.length })
              : product.productName
          }
          width={800}
          height={600}
          sizes="(min-width: 1024px) 600px, 100vw"
          // The page's largest element: fetched before anything else still queued.
          fetchPriority="high"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </div>
      {images.length > 1 && (
        <ul className="mt-4 flex flex-wrap gap-3" aria-label={t('product.images')}>
          {images.map((img, i) => (
            <li key={`${img.secure_url}-${i}`}>
              <button
                type="button"
                aria-label={t('product.showImage', { n: i + 1 })}
                aria-pressed={i === active}
                onClick={() => setActive(i)}
                className={`block overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  i === active ? 'border-brand-800 ring-2 ring-brand-200' : 'border-transparent opacity-80 hover:opacity-100'
                }`}
              >
                <ResponsiveImage
                  image={img}
                  alt=""
                  width={80}
                  height={80}
                  sizes="80px"
                  loading="lazy"
                  className="h-16 w-16 object-cover sm:h-20 sm:w-20"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BulletList({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-gray-600">{empty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item, i) => (
        <li key={i} className="flex gap-3 rounded-lg bg-gray-50 p-3 text-gray-800">
          <CheckIcon size={18} className="mt-0.5 shrink-0 text-brand-700" />
          <bdi>{item}</bdi>
        </li>
      ))}
    </ul>
  );
}

/** Memoised: the page renders again when its call answers; the same product is not drawn twice. */
const ProductDetail = memo(function ProductDetail({ product }: { product: Product }) {
  const canDownload = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'USER');
  const isAdmin = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'ADMIN');
  const navigate = useNavigate();
  // The WhatsApp message names the product's canonical address when the server told it.
  const pagePath = useAppSelector((s) => selectProductPagePath(s, product._id));
  useDocumentTitle(product.productName);

  const tabs: TabItem[] = [
    {
      key: 'description',
      label: t('product.description'),
      // The company's own text, in the direction of its own words (an English one reads left to right on an Arabic page).
      content: (
        <p dir="auto" className="max-w-3xl whitespace-pre-line leading-relaxed text-gray-800">
          {product.productDescription}
        </p>
      ),
    },
    { key: 'features', label: t('product.features'), content: <BulletList items={product.keyFeatures} empty={t('product.noFeatures')} /> },
    {
      key: 'applications',
      label: t('product.applications'),
      content: <BulletList items={product.applications} empty={t('product.noApplications')} />,
    },
  ];
  if (product.productType === 'AGRO') {
    tabs.push({
      key: 'nutrition',
      label: t('product.nutrition'),
      content: <BulletList items={product.nutrientContent} empty={t('product.noNutrition')} />,
    });
  }

  const facts = [
    { key: 'origin', icon: <MapPinIcon size={18} />, term: t('product.origin'), value: t('site.origin') },
    {
      key: 'shelfLife',
      icon: <ClockIcon size={18} />,
      term: t('product.shelfLife'),
      value: t('product.months', { count: product.productShelfLife }),
    },
    { key: 'form', icon: <PackageIcon size={18} />, term: t('product.form'), value: <bdi>{product.productForm}</bdi> },
    // A unit as the trade writes it (KG, TONS): Latin on every page.
    { key: 'unit', icon: <StarIcon size={18} />, term: t('product.unit'), value: <Ltr>{product.productQuantityType}</Ltr> },
  ];

  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <Breadcrumb name={product.productName} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <Part name="product:images">
          <ImageSwitcher key={product._id} product={product} />
        </Part>
        <Part name="product:summary">
          <div>
            <ul className="flex flex-wrap gap-2" aria-label={t('product.badges')}>
              <li className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold tracking-wide text-brand-900">
                {product.productType === 'AGRO' ? t('product.agro') : t('product.nonAgro')}
              </li>
              {product.isPremium && (
                <li className="inline-flex items-center gap-1 rounded-full bg-accent-400 px-3 py-1 text-xs font-semibold text-brand-900">
                  <StarIcon size={12} /> {t('card.premium')}
                </li>
              )}
              {product.isOrganic && (
                <li className="inline-flex items-center gap-1 rounded-full bg-brand-800 px-3 py-1 text-xs font-semibold text-white">
                  <LeafIcon size={12} /> {t('card.organic')}
                </li>
              )}
            </ul>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
              <bdi>{product.productName}</bdi>
            </h1>

            <dl className="mt-6 grid gap-3 sm:grid-cols-2">
              {facts.map((f) => (
                <div key={f.key} className="relative rounded-xl border border-gray-200 py-4 ps-12 pe-4">
                  <dt className="text-xs font-semibold uppercase tracking-wider text-gray-600">
                    <span className="absolute start-4 top-4 text-brand-700">{f.icon}</span>
                    {f.term}
                  </dt>
                  <dd className="mt-0.5 font-medium text-gray-900">{f.value}</dd>
                </div>
              ))}
            </dl>
            <TradeBlock key={product._id} product={product} />

            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/quote" state={{ id: product._id }} className="btn-primary px-6 py-3">
                {t('product.requestQuote')}
              </Link>
              {!isAdmin && <AddToQuoteList product={product} variant="wide" openList={() => void navigate('/quote')} />}
              {canDownload && (
                <button type="button" className="btn-secondary px-6 py-3" onClick={downloadBrochure}>
                  <DownloadIcon size={18} />
                  {t('product.downloadBrochure')}
                </button>
              )}
              <WhatsAppButton
                className="btn-secondary px-6 py-3"
                text={t('product.whatsappText', { name: product.productName })}
                path={pagePath}
              />
            </div>
            <p className="mt-4 text-sm">
              <Link to={`/profile/samples?product=${product._id}`} className="font-medium text-brand-800 underline underline-offset-2">
                {t('product.requestSample')}
              </Link>
            </p>
            <ReplyTime className="mt-4" />
          </div>
        </Part>
      </div>

      <Part name="product:details">
        <section aria-label={t('product.details')} className="mt-12">
          <Tabs key={product._id} tabs={tabs} label={t('product.detailsOf', { name: product.productName })} />
        </section>
      </Part>
    </article>
  );
});

function Message({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <PackageIcon size={48} className="text-gray-400" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">{text}</p>
      <Link to="/products" className="btn-primary mt-6">
        {t('product.backToProducts')}
      </Link>
    </section>
  );
}

function ProductFromLocation() {
  return <ProductDescription id={useProductIdFromLocation()} />;
}

/**
 * /products/description (id from navigation state or ?id=), or the product whose page address
 * (/products/{slug}) was resolved to `id` by the router.
 */
export default function ProductDescriptionPage({ id }: { id?: string }) {
  return id === undefined ? <ProductFromLocation /> : <ProductDescription id={id} />;
}

function ProductDescription({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const held = useAppSelector((s) => s.products.productDetails);
  const rendered = useAppSelector((s) => s.serverSnapshot.product);
  // The product the server rendered this page with, until this page's own call has answered.
  const details = held?._id === id ? held : rendered?._id === id ? rendered : held;
  const missing = useAppSelector((s) => s.serverSnapshot.missingProduct === id);
  const [status, setStatus] = useState<Status>(missing ? 'error' : 'loading');

  useEffect(() => {
    if (!id) return;
    let live = true;
    setStatus('loading');
    dispatch(fetchProduct(id))
      .unwrap()
      .then(
        () => live && setStatus('ready'),
        () => live && setStatus('error'),
      );
    return () => {
      live = false;
    };
  }, [id, dispatch]);

  if (!id) return <Message title={t('product.noneSelected')} text={t('product.noneSelectedText')} />;
  if (status === 'error') return <Message title={t('product.notFound')} text={t('product.notFoundText')} />;

  // Details held from an earlier visit are shown only if they are this product's.
  const product = details && details._id === id ? details : null;
  if (!product) {
    // As tall as the screen, so the footer does not jump when the product arrives (layout shift).
    return (
      <div role="status" className="flex min-h-screen justify-center p-16">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800" aria-hidden="true" />
        <span className="sr-only">{t('product.loading')}</span>
      </div>
    );
  }
  return <ProductDetail product={product} />;
}
