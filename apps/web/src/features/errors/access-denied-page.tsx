import { ShieldIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { ErrorScreen } from './error-screen';

export function AccessDeniedPage() {
  return <ErrorScreen code="403" title={t('errors.accessDenied')} text={t('errors.accessDeniedText')} icon={<ShieldIcon size={36} />} />;
}
