import { useAppSelector } from '@/store/store';
import { t } from '@/lib/i18n';

export interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (Home would otherwise be "active" everywhere). */
  end?: boolean;
}

/**
 * The header's links for the current person (SPEC.md section 2, "Header and footer"): Home, Products,
 * Gallery always; About and Contact hidden for an admin; Add Product (and the Inquiries inbox) for an admin; Register and Login
 * when logged out; Profile when logged in (Logout is a button, not a link).
 */
export function useNavItems(): NavItem[] {
  const { isLoggedIn, role } = useAppSelector((s) => s.auth);
  const isAdmin = isLoggedIn && role === 'ADMIN';
  const items: NavItem[] = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/products', label: t('nav.products') },
    { to: '/gallery', label: t('nav.gallery') },
  ];
  if (!isAdmin) items.push({ to: '/about', label: t('nav.about') }, { to: '/contact', label: t('nav.contact') });
  // The inquiry inbox beside Add Product, the site settings beside the inbox.
  if (isAdmin) {
    items.push(
      { to: '/add-product', label: t('nav.addProduct') },
      { to: '/inquiries', label: t('nav.inquiries') },
      { to: '/settings', label: t('nav.settings') },
    );
  }
  if (isLoggedIn) items.push({ to: '/profile', label: t('nav.profile') });
  else items.push({ to: '/register', label: t('nav.register') }, { to: '/login', label: t('nav.login') });
  return items;
}
