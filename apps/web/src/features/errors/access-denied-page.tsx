import { UI_TEXT } from '@agro/shared';
import { ShieldIcon } from '@/components/ui/icons';
import { ErrorScreen } from './error-screen';

export function AccessDeniedPage() {
  return (
    <ErrorScreen
      code="403"
      title={UI_TEXT.accessDenied}
      text="You do not have permission to view this page."
      icon={<ShieldIcon size={36} />}
    />
  );
}
