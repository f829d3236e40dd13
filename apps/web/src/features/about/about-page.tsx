import { SITE } from '@agro/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteSettings } from '@/store/store';
import { AwardIcon, EyeIcon, GlobeIcon, HeartIcon, LeafIcon, MapPinIcon, ShieldIcon, TargetIcon, UsersIcon } from '@/components/ui/icons';
import { fill } from '@/components/ui/fill';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { reveal } from '@/lib/reveal';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Part } from '@/lib/hydrate-in-parts';
import { formatDay } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useOwnerPage } from '@/components/owner-pages/use-owner-page';
import { Loading } from '@/components/ui/load-state';
import { RichText } from '@/components/owner-pages/rich-text';

/** Our values: the catalogue's keys of each (about.*Title, about.*Text). */
const VALUES = [
  { key: 'purity', icon: <LeafIcon size={22} /> },
  { key: 'integrity', icon: <ShieldIcon size={22} /> },
  { key: 'farmers', icon: <UsersIcon size={22} /> },
  { key: 'customers', icon: <HeartIcon size={22} /> },
] as const satisfies readonly { key: string; icon: ReactNode }[];

/** What a certification is, when the site settings name no issuer. */
function certificationName(name: string): string {
  switch (name) {
    case 'ISO':
      return t('about.isoName');
    case 'FSSAI':
      return t('about.fssaiName');
    case 'APEDA':
      return t('about.apedaName');
    case 'HACCP':
      return t('about.haccpName');
    default:
      return t('about.certified');
  }
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export default function AboutPage() {
  const { certifications } = useSiteSettings();
  useDocumentTitle(t('head.aboutName'));
  // The owner's story where they wrote it (issue 43); the original texts otherwise.
  const owner = useOwnerPage('about');
  const written = owner.data?.texts;
  if (owner.loading) return <Loading label={t('nav.loading')} className="mx-auto max-w-7xl px-4 py-16" />;
  const values = written
    ? written.values.map((v, i) => ({ title: v.title, text: v.text, icon: VALUES[i % VALUES.length]!.icon }))
    : VALUES.map((v) => ({ title: t(`about.${v.key}Title`), text: t(`about.${v.key}Text`), icon: v.icon }));
  const founderName = written?.founderName ?? SITE.founder.name;
  return (
    <>
      <PageHero eyebrow={t('about.eyebrow')} title={written?.title ?? t('about.title')}>
        <p className="whitespace-pre-line">{written?.intro ?? t('about.intro')}</p>
      </PageHero>

      <Part name="about:1">
        <section aria-labelledby="story-heading" className="mx-auto grid max-w-7xl gap-12 px-4 py-16 lg:grid-cols-5">
          <div className="lg:col-span-3" {...reveal()}>
            <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t('about.storyEyebrow')}</p>
            <h2 id="story-heading" className="mt-2 text-3xl font-bold text-brand-900">
              {written?.storyHeading ?? t('about.storyHeading')}
            </h2>
            <div className="mt-5 space-y-4 leading-relaxed text-gray-700">
              {owner.data ? (
                <RichText blocks={owner.data.rich.story ?? []} headingLevel={3} />
              ) : (
                <>
                  <p>{t('about.story1')}</p>
                  <p>{t('about.story2')}</p>
                </>
              )}
            </div>
          </div>
          <aside aria-label={t('about.facts')} className="lg:col-span-2" {...reveal('fade-up', 100)}>
            <dl className="grid gap-4 rounded-2xl bg-brand-900 p-6 text-white shadow-xl">
              <div className="relative ps-9">
                <dt className="text-sm text-brand-100">
                  <LeafIcon size={22} className="absolute start-0 top-0.5 text-accent-400" />
                  {t('about.founded')}
                </dt>
                <dd className="text-lg font-bold">{t('site.founded')}</dd>
              </div>
              <div className="relative ps-9">
                <dt className="text-sm text-brand-100">
                  <MapPinIcon size={22} className="absolute start-0 top-0.5 text-accent-400" />
                  {t('about.origin')}
                </dt>
                <dd className="text-lg font-bold">{t('site.origin')}</dd>
              </div>
              <div className="relative ps-9">
                <dt className="text-sm text-brand-100">
                  <GlobeIcon size={22} className="absolute start-0 top-0.5 text-accent-400" />
                  {t('about.markets')}
                </dt>
                <dd className="text-lg font-bold">{t('about.marketsText')}</dd>
              </div>
              <div className="relative ps-9">
                <dt className="text-sm text-brand-100">
                  <AwardIcon size={22} className="absolute start-0 top-0.5 text-accent-400" />
                  {t('about.certifications')}
                </dt>
                <dd className="text-lg font-bold">{certifications.map((c) => c.name).join(t('listSeparator'))}</dd>
              </div>
            </dl>
          </aside>
        </section>
      </Part>

      <Part name="about:2">
        <section aria-label={t('about.missionAndVision')} className="bg-brand-50">
          <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:grid-cols-2">
            <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100" {...reveal()}>
              <TargetIcon size={32} className="text-amber-700" />
              <h2 className="mt-4 text-2xl font-bold text-brand-900">{t('about.mission')}</h2>
              <p className="mt-3 whitespace-pre-line leading-relaxed text-gray-700">{written?.mission ?? t('about.missionText')}</p>
            </div>
            <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100" {...reveal('fade-up', 100)}>
              <EyeIcon size={32} className="text-amber-700" />
              <h2 className="mt-4 text-2xl font-bold text-brand-900">{t('about.vision')}</h2>
              <p className="mt-3 whitespace-pre-line leading-relaxed text-gray-700">{written?.vision ?? t('about.visionText')}</p>
            </div>
          </div>
        </section>
      </Part>

      <Part name="about:3">
        <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="values-heading" className="text-center text-3xl font-bold text-brand-900" {...reveal()}>
            {t('about.values')}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((v, i) => (
              <li key={i} className="rounded-2xl border border-gray-200 p-6 text-center shadow-sm" {...reveal('fade-up', i * 75)}>
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-800 text-accent-400">
                  {v.icon}
                </span>
                <h3 className="mt-4 text-lg font-bold text-gray-900">{v.title}</h3>
                <p className="mt-2 text-gray-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </Part>

      <Part name="about:4">
        <section aria-labelledby="founder-heading" className="bg-gray-50">
          <div className="mx-auto max-w-7xl px-4 py-16">
            <h2 id="founder-heading" className="text-center text-3xl font-bold text-brand-900">
              {t('about.founderHeading')}
            </h2>
            <article
              className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-6 rounded-2xl bg-white p-8 text-center shadow-lg sm:flex-row sm:text-start"
              {...reveal()}
            >
              {written?.founderPhoto ? (
                <img src={written.founderPhoto} alt="" className="h-28 w-28 shrink-0 rounded-full object-cover ring-4 ring-accent-400" />
              ) : (
                <div
                  className="flex h-28 w-28 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-800 to-brand-600 text-3xl font-bold text-white ring-4 ring-accent-400"
                  aria-hidden="true"
                >
                  {initials(founderName)}
                </div>
              )}
              <div>
                <h3 className="text-2xl font-bold text-gray-900">{founderName}</h3>
                <p className="font-medium text-amber-700">{written?.founderRole ?? t('site.founderTitle')}</p>
                <p className="mt-3 whitespace-pre-line leading-relaxed text-gray-700">
                  {written?.founderMessage ?? t('about.founderText', { name: SITE.founder.name.split(' ')[0] })}
                </p>
              </div>
            </article>
          </div>
        </section>
      </Part>

      <Part name="about:5">
        <section aria-labelledby="cert-heading" className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="cert-heading" className="text-center text-3xl font-bold text-brand-900">
            {t('about.certifications')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-gray-700">{t('about.certText')}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {certifications.map((c, i) => (
              <li
                key={`${c.name} ${c.number}`}
                className="rounded-2xl border border-brand-100 bg-white p-6 text-center shadow-sm"
                {...reveal('fade-up', i * 75)}
              >
                <AwardIcon size={36} className="mx-auto text-accent-500" />
                <p className="mt-3 text-2xl font-extrabold text-brand-900">{c.name}</p>
                <p className="mt-1 text-sm text-gray-600">{c.issuer ? <bdi>{c.issuer}</bdi> : certificationName(c.name)}</p>
                {c.number && <p className="mt-1 text-xs text-gray-600">{fill(t('about.certNumber'), { number: <Ltr>{c.number}</Ltr> })}</p>}
                {c.validUntil && <p className="mt-1 text-xs text-gray-600">{t('about.validUntil', { date: formatDay(c.validUntil) })}</p>}
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/products" className="btn-primary px-6 py-3">
              {t('about.seeProducts')}
            </Link>
          </div>
        </section>
      </Part>
    </>
  );
}
