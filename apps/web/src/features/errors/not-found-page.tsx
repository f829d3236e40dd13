import { GlobeIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { ErrorScreen } from './error-screen';

export default function NotFoundPage() {
  return <ErrorScreen code="404" title={t('errors.notFound')} text={t('errors.notFoundText')} icon={<GlobeIcon size={36} />} />;
}
