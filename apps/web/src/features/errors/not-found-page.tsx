import { UI_TEXT } from '@agro/shared';
import { GlobeIcon } from '@/components/ui/icons';
import { ErrorScreen } from './error-screen';

export default function NotFoundPage() {
  return (
    <ErrorScreen
      code="404"
      title={UI_TEXT.notFound}
      text="The page you are looking for does not exist or has moved."
      icon={<GlobeIcon size={36} />}
    />
  );
}
