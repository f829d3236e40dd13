import { splitLanguage, type Role } from '@agro/shared';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Loading } from '@/components/ui/load-state';
import { MyInquiries } from '@/features/contact/my-inquiries';
import NotFoundPage from '@/features/errors/not-found-page';
import ProfilePage from '@/features/profile/profile-page';
import { QuoteList } from '@/features/quotes/quote-list';
import { t } from '@/lib/i18n';
import { useAdminTexts } from '@/lib/use-admin-texts';

/** The way to the orders and the samples: a buyer's own ('My Orders', 'Samples'), every one for an administrator (in the administrators' texts). */
function OrdersLink({ role }: { role: Role }) {
  const admin = role === 'ADMIN';
  const adminTexts = useAdminTexts(admin);
  if (admin && !adminTexts) return null;
  return (
    <p className="mt-12 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-sm text-gray-800">
      <Link to={admin ? '/orders' : '/my-orders'} className="font-semibold text-brand-800 underline underline-offset-2">
        {t(admin ? 'allQuotes.ordersLink' : 'order.myOrders')}
      </Link>{' '}
      {admin ? t('allQuotes.ordersLinkText') : t('order.profileLinkText')}
      <br />
      <Link to="/profile/samples" className="font-semibold text-brand-800 underline underline-offset-2">
        {t(admin ? 'sampleRequests.link' : 'samples.title')}
      </Link>{' '}
      {admin ? t('sampleRequests.linkText') : t('samples.profileLinkText')}
    </p>
  );
}

/**
 * /profile/samples (issue 43): the samples' screens, their own chunk loaded from here rather than
 * from the router, so the first page's router gains nothing but '/*' (its JavaScript budget).
 */
const SamplesRoute = lazy(() => import('@/features/samples/samples-route'));

/** /profile: the profile page with the person's orders link and quotes (features composed here); /profile/samples. */
export default function ProfileRoute() {
  const { pathname } = useLocation();
  const path = splitLanguage(pathname).path.replace(/\/$/, '');
  if (path === '/profile/samples') {
    return (
      <Suspense fallback={<Loading label={t('samples.loading')} className="mx-auto max-w-5xl px-4 py-10" />}>
        <SamplesRoute />
      </Suspense>
    );
  }
  if (path !== '/profile') return <NotFoundPage />;
  return (
    <ProfilePage
      renderQuotes={(role) => (
        <>
          <OrdersLink role={role} />
          <QuoteList role={role} />
          {role === 'USER' && <MyInquiries />}
        </>
      )}
    />
  );
}
