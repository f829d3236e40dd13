import { SITE } from '@agro/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteSettings } from '@/app/store';
import { AwardIcon, EyeIcon, GlobeIcon, HeartIcon, LeafIcon, MapPinIcon, ShieldIcon, TargetIcon, UsersIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { reveal } from '@/lib/reveal';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Part } from '@/lib/hydrate-in-parts';

const VALUES: { title: string; text: string; icon: ReactNode }[] = [
  { title: 'Purity', text: 'Natural products without artificial colours, chemicals or shortcuts.', icon: <LeafIcon size={22} /> },
  { title: 'Integrity', text: 'Honest specifications, transparent pricing and documents you can rely on.', icon: <ShieldIcon size={22} /> },
  {
    title: 'Farmer Partnership',
    text: 'Fair, long-term relationships with the growers of the Kolhapur region.',
    icon: <UsersIcon size={22} />,
  },
  {
    title: 'Customer First',
    text: 'Every inquiry answered within 24 hours, every order followed to delivery.',
    icon: <HeartIcon size={22} />,
  },
];

const CERTIFICATION_NAMES: Record<string, string> = {
  ISO: 'Quality management',
  FSSAI: 'Food Safety and Standards Authority of India',
  APEDA: 'Agricultural & Processed Food Products Export Development Authority',
  HACCP: 'Hazard Analysis and Critical Control Points',
};

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
  useDocumentTitle('About Us');
  return (
    <>
      <PageHero eyebrow="About Us" title={`The story of ${SITE.companyName}`}>
        <p>
          Founded in {SITE.founded} in {SITE.origin}, we bring the region&apos;s famous jaggery and carefully processed foods to buyers
          around the world.
        </p>
      </PageHero>

      <Part name="about:1">
        <section aria-labelledby="story-heading" className="mx-auto grid max-w-7xl gap-12 px-4 py-16 lg:grid-cols-5">
          <div className="lg:col-span-3" {...reveal()}>
            <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Our story</p>
            <h2 id="story-heading" className="mt-2 text-3xl font-bold text-brand-900">
              Rooted in Kolhapur, growing worldwide
            </h2>
            <div className="mt-5 space-y-4 leading-relaxed text-gray-700">
              <p>
                Kolhapur&apos;s fertile soil, river water and generations of know-how make its jaggery among the most sought-after in India.
                {` ${SITE.companyName}`} was started in {SITE.founded} to take that heritage beyond local markets and offer it, with modern
                quality control, to importers, wholesalers and food manufacturers abroad.
              </p>
              <p>
                Today we export natural jaggery blocks and powder, crisp fried onions and a growing non-agro range. We source directly from
                farmers and trusted processors, test every lot, and pack each order the way our customer&apos;s market needs it, from bulk
                bags to private-label retail packs.
              </p>
            </div>
          </div>
          <aside aria-label="Company facts" className="lg:col-span-2" {...reveal('fade-up', 100)}>
            <dl className="grid gap-4 rounded-2xl bg-brand-900 p-6 text-white shadow-xl">
              <div className="relative pl-9">
                <dt className="text-sm text-brand-100">
                  <LeafIcon size={22} className="absolute left-0 top-0.5 text-accent-400" />
                  Founded
                </dt>
                <dd className="text-lg font-bold">{SITE.founded}</dd>
              </div>
              <div className="relative pl-9">
                <dt className="text-sm text-brand-100">
                  <MapPinIcon size={22} className="absolute left-0 top-0.5 text-accent-400" />
                  Origin
                </dt>
                <dd className="text-lg font-bold">{SITE.origin}</dd>
              </div>
              <div className="relative pl-9">
                <dt className="text-sm text-brand-100">
                  <GlobeIcon size={22} className="absolute left-0 top-0.5 text-accent-400" />
                  Markets
                </dt>
                <dd className="text-lg font-bold">Buyers across Asia, the Middle East, Europe and the Americas</dd>
              </div>
              <div className="relative pl-9">
                <dt className="text-sm text-brand-100">
                  <AwardIcon size={22} className="absolute left-0 top-0.5 text-accent-400" />
                  Certifications
                </dt>
                <dd className="text-lg font-bold">{certifications.map((c) => c.name).join(', ')}</dd>
              </div>
            </dl>
          </aside>
        </section>
      </Part>

      <Part name="about:2">
        <section aria-label="Mission and vision" className="bg-brand-50">
          <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:grid-cols-2">
            <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100" {...reveal()}>
              <TargetIcon size={32} className="text-amber-700" />
              <h2 className="mt-4 text-2xl font-bold text-brand-900">Our Mission</h2>
              <p className="mt-3 leading-relaxed text-gray-700">
                To deliver pure, safe and consistently graded Indian agricultural products to every customer, on time, while creating fair
                and lasting value for the farmers who grow them.
              </p>
            </div>
            <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100" {...reveal('fade-up', 100)}>
              <EyeIcon size={32} className="text-amber-700" />
              <h2 className="mt-4 text-2xl font-bold text-brand-900">Our Vision</h2>
              <p className="mt-3 leading-relaxed text-gray-700">
                To make Kolhapur jaggery and Indian natural foods a trusted name on shelves and in factories worldwide, and to be the
                exporter buyers recommend for quality and reliability.
              </p>
            </div>
          </div>
        </section>
      </Part>

      <Part name="about:3">
        <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="values-heading" className="text-center text-3xl font-bold text-brand-900" {...reveal()}>
            Our Values
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((v, i) => (
              <li key={v.title} className="rounded-2xl border border-gray-200 p-6 text-center shadow-sm" {...reveal('fade-up', i * 75)}>
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
              Meet Our Founder
            </h2>
            <article
              className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-6 rounded-2xl bg-white p-8 text-center shadow-lg sm:flex-row sm:text-left"
              {...reveal()}
            >
              <div
                className="flex h-28 w-28 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-800 to-brand-600 text-3xl font-bold text-white ring-4 ring-accent-400"
                aria-hidden="true"
              >
                {initials(SITE.founder.name)}
              </div>
              <div>
                <h3 className="text-2xl font-bold text-gray-900">{SITE.founder.name}</h3>
                <p className="font-medium text-amber-700">{SITE.founder.title}</p>
                <p className="mt-3 leading-relaxed text-gray-700">
                  Born and raised among Kolhapur&apos;s sugarcane farms, {SITE.founder.name.split(' ')[0]} founded {SITE.companyName} in{' '}
                  {SITE.founded} with one goal: let the world taste the region&apos;s natural jaggery, made the traditional way and
                  delivered with the reliability international buyers expect.
                </p>
              </div>
            </article>
          </div>
        </section>
      </Part>

      <Part name="about:5">
        <section aria-labelledby="cert-heading" className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="cert-heading" className="text-center text-3xl font-bold text-brand-900">
            Certifications
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-gray-700">
            Our processes follow recognised food safety and export standards.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {certifications.map((c, i) => (
              <li
                key={`${c.name} ${c.number}`}
                className="rounded-2xl border border-brand-100 bg-white p-6 text-center shadow-sm"
                {...reveal('fade-up', i * 75)}
              >
                <AwardIcon size={36} className="mx-auto text-accent-500" />
                <p className="mt-3 text-2xl font-extrabold text-brand-900">{c.name}</p>
                <p className="mt-1 text-sm text-gray-600">{c.issuer || (CERTIFICATION_NAMES[c.name] ?? 'Certified')}</p>
                {c.number && <p className="mt-1 text-xs text-gray-600">{`No. ${c.number}`}</p>}
                {c.validUntil && <p className="mt-1 text-xs text-gray-600">{`Valid until ${c.validUntil}`}</p>}
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/products" className="btn-primary px-6 py-3">
              See Our Products
            </Link>
          </div>
        </section>
      </Part>
    </>
  );
}
