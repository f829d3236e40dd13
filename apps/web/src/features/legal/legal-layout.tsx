import { formatPostalAddress, SITE } from '@agro/shared';
import type { ReactNode } from 'react';
import { useSiteSettings } from '@/store/store';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Part } from '@/lib/hydrate-in-parts';
import { t } from '@/lib/i18n';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Shared frame of the privacy and terms pages: title band, numbered sections, contact block. */
/** The company's public e-mail address (site settings), for the legal texts. */
export function PublicEmail() {
  return <>{useSiteSettings().publicEmail}</>;
}

export function LegalLayout({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const settings = useSiteSettings();
  useDocumentTitle(title);
  return (
    <>
      <PageHero eyebrow={t('legal.eyebrow')} title={title}>
        <p>{t('legal.lastUpdated')}</p>
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-12">
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
