import type { Role } from '@agro/shared';
import { Link } from 'react-router';
import { MyInquiries } from '@/features/contact/my-inquiries';
import ProfilePage from '@/features/profile/profile-page';
import { QuoteList } from '@/features/quotes/quote-list';
import { t } from '@/lib/i18n';
import { useAdminTexts } from '@/lib/use-admin-texts';

/** The way to the orders: a buyer's own ('My Orders'), every order for an administrator (in the administrators' texts). */
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
    </p>
  );
}

/** /profile: the profile page with the person's orders link and quotes (features composed here). */
export default function ProfileRoute() {
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
