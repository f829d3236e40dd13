import { useAppSelector } from '@/app/store';

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
    { to: '/', label: 'Home', end: true },
    { to: '/products', label: 'Products' },
    { to: '/gallery', label: 'Gallery' },
  ];
  if (!isAdmin) items.push({ to: '/about', label: 'About' }, { to: '/contact', label: 'Contact' });
  // The inquiry inbox beside Add Product, the site settings beside the inbox.
  if (isAdmin) {
    items.push(
      { to: '/add-product', label: 'Add Product' },
      { to: '/inquiries', label: 'Inquiries' },
      { to: '/settings', label: 'Settings' },
    );
  }
  if (isLoggedIn) items.push({ to: '/profile', label: 'Profile' });
  else items.push({ to: '/register', label: 'Register' }, { to: '/login', label: 'Login' });
  return items;
}
