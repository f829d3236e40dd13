import { Loading } from '@/components/ui/load-state';
import { t } from '@/lib/i18n';
import { useAdminTexts } from '@/lib/use-admin-texts';
import { useAppSelector } from '@/store/store';
import SampleRequestsPage from './sample-requests-page';
import SamplesPage from './samples-page';

/**
 * /samples (issue 43, item 2): a buyer's own requests and form; for an administrator, every
 * request (`?id=`: one, with its steps), in the administrators' texts. One route and one chunk for
 * both: the first page's router grows by one line only.
 */
export default function SamplesRoute() {
  const admin = useAppSelector((s) => s.auth.role) === 'ADMIN';
  const adminTexts = useAdminTexts(admin);
  if (!admin) return <SamplesPage />;
  return adminTexts ? <SampleRequestsPage /> : <Loading label={t('samples.loading')} className="mx-auto max-w-7xl px-4 py-10" />;
}
