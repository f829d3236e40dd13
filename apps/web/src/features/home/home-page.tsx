import { SITE, type Product } from '@agro/shared';
import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { selectRenderedByServer, selectShownProducts, useAppDispatch, useAppSelector, useSiteSettings } from '@/store/store';
import {
  ArrowRightIcon,
  AwardIcon,
  ClockIcon,
  GlobeIcon,
  LeafIcon,
  PackageIcon,
  ShieldIcon,
  StarIcon,
  TruckIcon,
} from '@/components/ui/icons';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { ProductGrid } from '@/components/products/product-grid';
import { fetchProducts } from '@/store/products-slice';
import { formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useOwnerPage } from '@/components/owner-pages/use-owner-page';
import { Part } from '@/lib/hydrate-in-parts';
import { reveal } from '@/lib/reveal';
import { HillsArt, SunArt } from './hills-art';

const PREMIUM_PAGE_SIZE = 8;

/** Why buyers choose us: the catalogue's keys of each reason (home.*Title, home.*Text). */
const REASONS = [
  { key: 'natural', icon: <LeafIcon size={24} /> },
  { key: 'certified', icon: <AwardIcon size={24} /> },
  { key: 'packaging', icon: <PackageIcon size={24} /> },
  { key: 'logistics', icon: <TruckIcon size={24} /> },
  { key: 'replies', icon: <ClockIcon size={24} /> },
  { key: 'pricing', icon: <ShieldIcon size={24} /> },
] as const satisfies readonly { key: string; icon: ReactNode }[];

function Figure({ value, label, icon, delay }: { value?: string; label: string; icon: ReactNode; delay: number }) {
  return (
    <li
      className="flex flex-col items-center gap-3 rounded-2xl bg-white p-4 text-center shadow-lg ring-1 ring-gray-100 sm:flex-row sm:p-5 sm:text-start"
      {...reveal('fade-up', delay)}
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">{icon}</span>
      <span className="flex flex-col">
        {value !== undefined && <span className="text-3xl font-extrabold leading-none text-brand-900">{value}</span>}
        <span className={value !== undefined ? 'mt-1 text-sm font-medium text-gray-600' : 'font-bold text-brand-900 sm:text-lg'}>
          {label}
        </span>
      </span>
    </li>
  );
}

/** Decorative collage of premium product photos beside the hero text on wide screens. */
function HeroCollage({ products }: { products: Product[] }) {
  const shots = products.filter((p) => p.productThumbnail?.secure_url).slice(0, 3);
  if (shots.length === 0) return null;
  // A decorative arrangement, the same in both directions (not mirrored).
  const place = ['left-0 top-6 w-64 -rotate-3', 'right-0 top-0 w-56 rotate-3', 'left-20 bottom-0 w-60 rotate-1'];
  return (
    <div className="relative hidden h-[420px] lg:block" aria-hidden="true">
      {shots.map((p, i) => (
        <div key={p._id} className={`absolute overflow-hidden rounded-2xl border-4 border-white/90 shadow-2xl ${place[i]}`}>
          <ResponsiveImage
            image={p.productThumbnail}
            alt=""
            width={320}
            height={240}
            sizes="260px"
            // Hidden under 1024 px (display: none): lazy, so a phone does not download them at all.
            loading="lazy"
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </div>
      ))}
    </div>
  );
}

/** The first screen: who we are, where from, and the two ways in. */
const HeroSection = memo(function HeroSection({ premium }: { premium: Product[] }) {
  // The owner's words where they wrote them (issue 43); the original ones meanwhile and otherwise.
  const owner = useOwnerPage('home').data?.texts;
  return (
    <Part name="home:hero">
      <section
        aria-labelledby="hero-heading"
        className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
      >
        {/* The sun stays on the side of the collage, away from the text. */}
        <SunArt className="pointer-events-none absolute bottom-8 end-[8%] h-24 w-24 sm:bottom-10 sm:h-56 sm:w-56" />
        <HillsArt className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full sm:h-56" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pb-40 pt-16 sm:pb-48 sm:pt-24 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-accent-400 ring-1 ring-white/20">
              <GlobeIcon size={16} />
              {` ${owner?.heroEyebrow ?? t('home.exportingFrom')}`}
            </p>
            <h1 id="hero-heading" className="mt-6 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
              {owner?.heroTitle ?? SITE.companyName}
            </h1>
            <p className="mt-4 max-w-2xl text-xl text-brand-100 sm:text-2xl">{owner?.heroTagline ?? `${t('site.tagline')}.`}</p>
            <p className="mt-4 max-w-2xl whitespace-pre-line text-brand-100">{owner?.heroText ?? t('home.heroText')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/products" className="btn-primary bg-accent-400 px-6 py-3 text-base text-brand-900 hover:bg-accent-500">
                {t('home.exploreProducts')} <ArrowRightIcon size={18} />
              </Link>
              <Link to="/quote" className="btn-secondary border-white/40 bg-white/10 px-6 py-3 text-base text-white hover:bg-white/20">
                {t('home.requestQuote')}
              </Link>
            </div>
          </div>
          <HeroCollage products={premium} />
        </div>
      </section>
    </Part>
  );
});

/** Key figures under the hero. */
const FiguresSection = memo(function FiguresSection({ premiumCount }: { premiumCount: string }) {
  return (
    <Part name="home:figures">
      <section aria-label={t('home.keyFigures')} className="relative z-10 mx-auto -mt-16 max-w-7xl px-4">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Figure value={premiumCount} label={t('home.premiumProducts')} icon={<StarIcon size={24} />} delay={0} />
          <Figure label={t('home.founded')} icon={<LeafIcon size={24} />} delay={75} />
          <Figure label={t('home.qualityAssured')} icon={<ShieldIcon size={24} />} delay={150} />
          <Figure label={t('home.exportReach')} icon={<GlobeIcon size={24} />} delay={225} />
        </ul>
      </section>
    </Part>
  );
});

/** The premium range, a page of cards at a time. */
const PremiumSection = memo(function PremiumSection({
  premium,
  loading,
  page,
  onPageChange,
}: {
  premium: Product[];
  loading: boolean;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <Part name="home:premium">
      <section aria-labelledby="premium-heading" className="mx-auto max-w-7xl px-4 py-20">
        <div className="mx-auto max-w-2xl text-center" {...reveal()}>
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t('home.premiumEyebrow')}</p>
          <h2 id="premium-heading" className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">
            {t('home.premiumHeading')}
          </h2>
          <p className="mt-3 text-gray-700">{t('home.premiumText')}</p>
        </div>
        <div className="mt-10">
          {premium.length > 0 ? (
            <ProductGrid
              products={premium}
              page={page}
              pageSize={PREMIUM_PAGE_SIZE}
              onPageChange={onPageChange}
              label={t('home.premiumList')}
              pagesLabel={t('home.premiumPages')}
              eagerImages={0}
            />
          ) : loading ? (
            <p role="status" className="text-center text-gray-600">
              {t('home.loadingProducts')}
            </p>
          ) : (
            <p className="text-center text-gray-700">{t('home.premiumRestocking')}</p>
          )}
        </div>
        <div className="mt-10 text-center">
          <Link to="/products" className="btn-secondary px-6 py-3">
            {t('home.viewAllProducts')} <ArrowRightIcon size={18} />
          </Link>
        </div>
      </section>
    </Part>
  );
});

/** Why buyers choose us (static). */
const WhySection = memo(function WhySection() {
  const certifications = useSiteSettings().certifications.map((c) => c.name);
  // The certifications of the site settings, where there are some.
  const textOf = (key: (typeof REASONS)[number]['key']) =>
    key !== 'certified'
      ? t(`home.${key}Text`)
      : certifications.length > 0
        ? t('home.certifiedText', { certifications: certifications.join(t('listSeparator')) })
        : t('home.certifiedTextGeneric');
  return (
    <Part name="home:why">
      <section aria-labelledby="why-heading" className="bg-brand-50 py-20">
        <div className="mx-auto max-w-7xl px-4">
          <div className="mx-auto max-w-2xl text-center" {...reveal()}>
            <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t('home.whyEyebrow')}</p>
            <h2 id="why-heading" className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">
              {t('home.whyHeading')}
            </h2>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map((r, i) => (
              <li
                key={r.key}
                className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 transition-shadow hover:shadow-md"
                {...reveal('fade-up', (i % 3) * 75)}
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-800 text-accent-400">{r.icon}</span>
                <h3 className="mt-4 text-lg font-bold text-gray-900">{t(`home.${r.key}Title`)}</h3>
                <p className="mt-2 text-gray-700">{textOf(r.key)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </Part>
  );
});

/** Where the products come from. */
const OriginSection = memo(function OriginSection({ isAdmin }: { isAdmin: boolean }) {
  const { certifications } = useSiteSettings();
  return (
    <Part name="home:origin">
      <section aria-labelledby="origin-heading" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-20 lg:grid-cols-2">
        <div {...reveal()}>
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t('home.rootsEyebrow')}</p>
          <h2 id="origin-heading" className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">
            {t('home.rootsHeading')}
          </h2>
          <p className="mt-4 text-gray-700">{t('home.rootsText')}</p>
          {!isAdmin && (
            <Link
              to="/about"
              className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-800 hover:text-brand-900 hover:underline"
            >
              {t('home.readStory')} <ArrowRightIcon size={18} />
            </Link>
          )}
        </div>
        <ul className="grid grid-cols-2 gap-4" {...reveal('fade-up', 100)}>
          {certifications.map((c) => (
            <li
              key={c.name}
              className="flex flex-col items-center justify-center rounded-2xl border border-brand-100 bg-white p-6 text-center shadow-sm"
            >
              <AwardIcon size={32} className="text-accent-500" />
              <span className="mt-2 text-xl font-bold text-brand-900">{c.name}</span>
              <span className="text-sm text-gray-600">{t('home.certified')}</span>
            </li>
          ))}
        </ul>
      </section>
    </Part>
  );
});

/** The closing call to action (static). */
const CtaSection = memo(function CtaSection() {
  return (
    <Part name="home:cta">
      <section aria-labelledby="cta-heading" className="px-4 pb-20">
        <div
          className="mx-auto flex max-w-7xl flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-brand-900 to-brand-700 p-8 text-white shadow-xl sm:p-12 lg:flex-row lg:items-center lg:justify-between"
          {...reveal()}
        >
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
              {t('home.ctaHeading')}
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">{t('home.ctaText')}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to="/quote" className="btn-primary bg-accent-400 px-6 py-3 text-brand-900 hover:bg-accent-500">
              {t('home.freeQuote')}
            </Link>
            <Link to="/products" className="btn-secondary border-white/40 bg-transparent px-6 py-3 text-white hover:bg-white/10">
              {t('home.browseCatalogue')}
            </Link>
          </div>
        </div>
      </section>
    </Part>
  );
});

export default function HomePage() {
  const dispatch = useAppDispatch();
  const held = useAppSelector((s) => s.products.products);
  const products = useAppSelector(selectShownProducts);
  const renderedByServer = useAppSelector(selectRenderedByServer);
  const isAdmin = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'ADMIN');
  const [loading, setLoading] = useState(false);
  const [page, setPage] = useState(1);
  // The first paint holds the first screen only (hero, figures); the sections below render right
  // after it, in a second render (a transition: Preact runs it whole; docs/performance.md).
  // The server renders the whole page (what crawlers read), so its hydration starts with all of it.
  const [belowTheFold, setBelowTheFold] = useState(renderedByServer);
  useEffect(() => startTransition(() => setBelowTheFold(true)), []);
  const premium = useMemo(() => products.filter((p) => p.isPremium), [products]);

  // SPEC.md section 2: the home page loads products only when none are held.
  // Read once, on entry: a list that later becomes empty must not refetch in a loop.
  const [needsLoad] = useState(() => held.length === 0);
  useEffect(() => {
    if (!needsLoad) return;
    setLoading(true);
    void dispatch(fetchProducts()).finally(() => setLoading(false));
  }, [dispatch, needsLoad]);

  // The server's figure stays while the call runs (no flicker); without one, '…'.
  const premiumCount = loading && needsLoad && premium.length === 0 ? '…' : formatNumber(premium.length);

  // Each section is memoised: the loading flag of the page's call draws only what shows it.
  return (
    <>
      <HeroSection premium={premium} />
      <FiguresSection premiumCount={premiumCount} />
      {belowTheFold ? (
        <>
          <PremiumSection premium={premium} loading={loading} page={page} onPageChange={setPage} />
          <WhySection />
          <OriginSection isAdmin={isAdmin} />
          <CtaSection />
        </>
      ) : (
        // Holds the footer below the first screen until the sections arrive (no layout shift).
        <div className="min-h-screen" />
      )}
    </>
  );
}
