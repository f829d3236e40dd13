import ProfilePage from '@/features/profile/profile-page';
import { QuoteList } from '@/features/quotes/quote-list';

/** /profile: the profile page with the person's quotes (two features, composed here). */
export default function ProfileRoute() {
  return <ProfilePage renderQuotes={(role) => <QuoteList role={role} />} />;
}
