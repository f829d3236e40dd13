import { t } from '@/lib/i18n';
import { useOwnerPage } from '@/components/owner-pages/use-owner-page';
import { LegalLayout, type LegalSection } from './legal-layout';

function sections(): LegalSection[] {
  return [
    { heading: t('terms.useHeading'), body: <p>{t('terms.useText')}</p> },
    { heading: t('terms.productHeading'), body: <p>{t('terms.productText')}</p> },
    {
      heading: t('terms.quotationsHeading'),
      body: (
        <ul>
          <li>{t('terms.quotationsOffer')}</li>
          <li>{t('terms.quotationsMinimum')}</li>
          <li>{t('terms.quotationsContract')}</li>
        </ul>
      ),
    },
    { heading: t('terms.paymentHeading'), body: <p>{t('terms.paymentText')}</p> },
    { heading: t('terms.samplesHeading'), body: <p>{t('terms.samplesText')}</p> },
    { heading: t('terms.deliveryHeading'), body: <p>{t('terms.deliveryText')}</p> },
    { heading: t('terms.ipHeading'), body: <p>{t('terms.ipText')}</p> },
    { heading: t('terms.lawHeading'), body: <p>{t('terms.lawText')}</p> },
  ];
}

export default function TermsPage() {
  const owner = useOwnerPage('terms');
  return <LegalLayout title={t('terms.title')} intro={<p>{t('terms.intro')}</p>} sections={sections()} owner={owner} />;
}
