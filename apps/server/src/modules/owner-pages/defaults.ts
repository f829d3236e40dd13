/**
 * The original texts of the pages the owner writes, in each language: what the message files say
 * (public.json's home section, about.json's about, legal.json's privacy and terms), as the form's
 * starting texts and as what a field left empty reads. The privacy and terms pages become Markdown,
 * their numbered sections headings.
 */
import { SITE, type Language, type OwnerPage, type OwnerPageTexts } from '@agro/shared';
import { translator } from '../../lib/i18n.js';

const VALUE_KEYS = ['purity', 'integrity', 'farmers', 'customers'] as const;

/** Markdown's special characters in a text written as it reads. */
const md = (text: string): string => text.replace(/([\\`*_[\]<>#])/g, '\\$1');

function sections(list: Array<{ heading: string; paragraphs?: string[]; items?: string[] }>): string {
  return list
    .map(({ heading, paragraphs = [], items = [] }, i) =>
      [
        `## ${i + 1}. ${md(heading)}`,
        ...paragraphs.map(md),
        ...(items.length ? [items.map((item) => `- ${md(item)}`).join('\n')] : []),
      ].join('\n\n'),
    )
    .join('\n\n');
}

export function originalTexts<P extends OwnerPage>(page: P, language: Language, publicEmail: string): OwnerPageTexts[P] {
  const t = translator(language);
  const texts: { [Q in OwnerPage]: () => OwnerPageTexts[Q] } = {
    home: () => ({
      heroEyebrow: t('home.exportingFrom'),
      heroTitle: SITE.companyName,
      heroTagline: `${t('site.tagline')}.`,
      heroText: t('home.heroText'),
    }),
    about: () => ({
      title: t('about.title'),
      intro: t('about.intro'),
      storyHeading: t('about.storyHeading'),
      story: [t('about.story1'), t('about.story2')].map(md).join('\n\n'),
      mission: t('about.missionText'),
      vision: t('about.visionText'),
      values: VALUE_KEYS.map((key) => ({ title: t(`about.${key}Title`), text: t(`about.${key}Text`) })),
      founderName: SITE.founder.name,
      founderRole: t('site.founderTitle'),
      founderMessage: t('about.founderText', { name: SITE.founder.name.split(' ')[0] }),
      founderPhoto: '',
    }),
    privacy: () => ({
      body: [
        md(t('privacy.intro')),
        sections([
          {
            heading: t('privacy.collectHeading'),
            items: [t('privacy.collectAccount'), t('privacy.collectBusiness'), t('privacy.collectCookie'), t('privacy.collectLogs')],
          },
          { heading: t('privacy.useHeading'), items: [t('privacy.useInquiries'), t('privacy.useAccount'), t('privacy.useOrders')] },
          { heading: t('privacy.sharingHeading'), paragraphs: [t('privacy.sharingText')] },
          { heading: t('privacy.retentionHeading'), paragraphs: [t('privacy.retentionText')] },
          {
            heading: t('privacy.rightsHeading'),
            paragraphs: [t('privacy.rightsText', { email: publicEmail }), t('privacy.rightsSelf')],
          },
          { heading: t('privacy.changesHeading'), paragraphs: [t('privacy.changesText')] },
        ]),
      ].join('\n\n'),
    }),
    terms: () => ({
      body: [
        md(t('terms.intro')),
        sections([
          { heading: t('terms.useHeading'), paragraphs: [t('terms.useText')] },
          { heading: t('terms.productHeading'), paragraphs: [t('terms.productText')] },
          {
            heading: t('terms.quotationsHeading'),
            items: [t('terms.quotationsOffer'), t('terms.quotationsMinimum'), t('terms.quotationsContract')],
          },
          { heading: t('terms.paymentHeading'), paragraphs: [t('terms.paymentText')] },
          { heading: t('terms.samplesHeading'), paragraphs: [t('terms.samplesText')] },
          { heading: t('terms.deliveryHeading'), paragraphs: [t('terms.deliveryText')] },
          { heading: t('terms.ipHeading'), paragraphs: [t('terms.ipText')] },
          { heading: t('terms.lawHeading'), paragraphs: [t('terms.lawText')] },
        ]),
      ].join('\n\n'),
    }),
  };
  return texts[page]() as OwnerPageTexts[P];
}
