import { formatPostalAddress, SITE, type OwnerPageData } from '@agro/shared';
import type { ReactNode } from 'react';
import { useSiteSettings } from '@/store/store';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Part } from '@/lib/hydrate-in-parts';
import { t } from '@/lib/i18n';
import { formatDay } from '@/lib/format';
import { Loading } from '@/components/ui/load-state';
import { RichText } from '@/components/owner-pages/rich-text';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Shared frame of the privacy and terms pages: title band, numbered sections, contact block. */
/** The company's public e-mail address (site settings), for the legal texts. */
export function PublicEmail() {
  return <>{useSiteSettings().publicEmail}</>;
}

/**
 * `owner`: the text the owner wrote for the page (issue 43), which replaces the intro and sections
 * when there is one; while it is being fetched (a page the app draws itself) the page says so.
 */
export function LegalLayout({
  title,
  intro,
  sections,
  owner,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  owner: { data: OwnerPageData | null; loading: boolean };
}) {
  const settings = useSiteSettings();
  useDocumentTitle(title);
  const written = owner.data;
  return (
    <>
      <PageHero eyebrow={t('legal.eyebrow')} title={title}>
        <p>{written?.updatedAt ? t('legal.updatedOn', { date: formatDay(written.updatedAt.slice(0, 10)) }) : t('legal.lastUpdated')}</p>
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-12">
        {owner.loading ? (
          <Loading label={t('nav.loading')} />
        ) : written ? (
          <Part name="legal:owner">
            <div className="space-y-3 leading-relaxed text-gray-700">
              <RichText blocks={written.rich.body ?? []} />
            </div>
          </Part>
        ) : (
          <>
            <div className="text-lg leading-relaxed text-gray-700">{intro}</div>
            {sections.map((s, i) => (
              <Part key={s.heading} name={`legal:${i + 1}`}>
                <section className="mt-10">
                  <h2 className="text-xl font-bold text-brand-900">
                    {i + 1}. {s.heading}
                  </h2>
                  <div className="mt-3 space-y-3 leading-relaxed text-gray-700 [&_li]:ms-5 [&_ul]:list-disc [&_ul]:space-y-1">{s.body}</div>
                </section>
              </Part>
            ))}
          </>
        )}
        <Part name="legal:contact">
          <section className="mt-10 rounded-2xl bg-brand-50 p-6">
            <h2 className="text-xl font-bold text-brand-900">{t('legal.contact')}</h2>
            <address className="mt-3 not-italic leading-relaxed text-gray-700">
              {SITE.companyName}
              <br />
              <bdi>{formatPostalAddress(settings.address)}</bdi>
              <br />
              {`${t('legal.email')} `}
              <a href={`mailto:${settings.publicEmail}`} className="font-medium text-brand-800 underline">
                <Ltr>{settings.publicEmail}</Ltr>
              </a>
              <br />
              {`${t('legal.phone')} `}
              <Ltr>{settings.phone}</Ltr>
            </address>
          </section>
        </Part>
      </article>
    </>
  );
}
