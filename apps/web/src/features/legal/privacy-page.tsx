import { fill } from '@/components/ui/fill';
import { Ltr } from '@/components/ui/ltr';
import { t } from '@/lib/i18n';
import { useOwnerPage } from '@/components/owner-pages/use-owner-page';
import { LegalLayout, PublicEmail, type LegalSection } from './legal-layout';

function sections(): LegalSection[] {
  return [
    {
      heading: t('privacy.collectHeading'),
      body: (
        <ul>
          <li>{t('privacy.collectAccount')}</li>
          <li>{t('privacy.collectBusiness')}</li>
          <li>{t('privacy.collectCookie')}</li>
          <li>{t('privacy.collectLogs')}</li>
        </ul>
      ),
    },
    {
      heading: t('privacy.useHeading'),
      body: (
        <ul>
          <li>{t('privacy.useInquiries')}</li>
          <li>{t('privacy.useAccount')}</li>
          <li>{t('privacy.useOrders')}</li>
        </ul>
      ),
    },
    { heading: t('privacy.sharingHeading'), body: <p>{t('privacy.sharingText')}</p> },
    { heading: t('privacy.retentionHeading'), body: <p>{t('privacy.retentionText')}</p> },
    {
      heading: t('privacy.rightsHeading'),
      body: (
        <>
          <p>
            {fill(t('privacy.rightsText'), {
              email: (
                <Ltr>
                  <PublicEmail />
                </Ltr>
              ),
            })}
          </p>
          <p>{t('privacy.rightsSelf')}</p>
        </>
      ),
    },
    { heading: t('privacy.changesHeading'), body: <p>{t('privacy.changesText')}</p> },
  ];
}

export default function PrivacyPage() {
  const owner = useOwnerPage('privacy');
  return <LegalLayout title={t('privacy.title')} intro={<p>{t('privacy.intro')}</p>} sections={sections()} owner={owner} />;
}
