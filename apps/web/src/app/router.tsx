import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, useParams, useRoutes, type RouteObject } from 'react-router';
import { splitLanguage, type Role } from '@agro/shared';
import { useAppSelector } from '@/store/store';
import { Layout } from '@/components/layout/layout';
import { loadAdminTexts, loadAppTexts, loadPageTexts, type PagePart } from '@/lib/i18n';
import { RouteGuard } from '@/app/route-guard';
import HomePage from '@/features/home/home-page';

type PageComponent<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Route-level code splitting: only the home page is in the first bundle. A page whose chunk has
 * been loaded (`preload`: the server before rendering it, the browser before hydrating the
 * server's HTML) renders at once instead of suspending, so the first render matches that HTML.
 */
function page<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): PageComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  const Page = (props: P) => {
    // Chosen once per mount: swapping Lazy for the loaded page while its boundary is still
    // suspended would leave Preact's boundary suspended for good (docs/decisions/004-preact-compat.md).
    const [direct] = useState(() => loaded);
    return createElement((direct ?? Lazy) as ComponentType<object>, props);
  };
  return Object.assign(Page, { preload });
}

/**
 * A public page whose texts are not on the first page (about, privacy, terms): its code and its
 * texts (`about.json` or `legal.json` of the page's language, lib/i18n.ts), both in before it
 * renders, so the browser hydrates the server's HTML with the same texts
 * (docs/decisions/044-page-texts-with-their-page.md).
 */
function textPage<P extends object = object>(texts: PagePart, load: () => Promise<{ default: ComponentType<P> }>): PageComponent<P> {
  return page(() => Promise.all([load(), loadPageTexts(texts)]).then(([m]) => m));
}

/** A private screen: its code and the private screens' texts of the page's language (lib/i18n.ts). */
function appPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): PageComponent<P> {
  return page(() => Promise.all([load(), loadAppTexts()]).then(([m]) => m));
}

/** An administrator's screen: its code, the private screens' texts and the administrators'. */
function adminPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): PageComponent<P> {
  return page(() => Promise.all([load(), loadAppTexts(), loadAdminTexts()]).then(([m]) => m));
}

const AboutPage = textPage('about', () => import('@/features/about/about-page'));
const ProductsPage = page(() => import('@/features/products/products-page'));
const ProductDescriptionPage = page(() => import('@/features/products/product-description-page'));
const GalleryPage = page(() => import('@/features/gallery/gallery-page'));
const RegisterPage = appPage(() => import('@/features/auth/register-page'));
const LoginPage = appPage(() => import('@/features/auth/login-page'));
const SecondFactorPage = appPage(() => import('@/features/auth/second-factor-page'));
const ForgotPasswordPage = appPage(() => import('@/features/auth/forgot-password-page'));
const ResetPasswordPage = appPage(() => import('@/features/auth/reset-password-page'));
const PrivacyPage = textPage('legal', () => import('@/features/legal/privacy-page'));
const TermsPage = textPage('legal', () => import('@/features/legal/terms-page'));
const QuotePage = appPage(() => import('@/features/quotes/quote-page'));
const QuoteDescriptionPage = adminPage(() => import('@/features/quotes/quote-description-page'));
const ProfilePage = appPage(() => import('@/app/profile-route'));
const ContactPage = appPage(() => import('@/features/contact/contact-page'));
const AddProductPage = adminPage(() => import('@/features/products/add-product-page'));
const EditProductPage = adminPage(() => import('@/features/products/edit-product-page'));
const InquiriesPage = adminPage(() => import('@/features/inquiries/inquiries-page'));
const DashboardPage = adminPage(() => import('@/features/dashboard/dashboard-page'));
const MyOrdersPage = appPage(() => import('@/features/orders/my-orders-page'));
const OrdersPage = adminPage(() => import('@/features/orders/orders-page'));
const OrderPage = appPage(() => import('@/features/orders/order-page'));
const SettingsPage = adminPage(() => import('@/features/settings/settings-page'));
const AuditPage = adminPage(() => import('@/features/audit/audit-page'));
const TeamPage = adminPage(() => import('@/features/team/team-page'));
const HeldRepliesPage = adminPage(() => import('@/features/held-replies/held-replies-page'));
const AcceptInvitePage = adminPage(() => import('@/features/team/accept-invite-page'));
const NotFoundPage = page(() => import('@/features/errors/not-found-page'));

/**
 * /products/{slug}: the product the server rendered at this address (the address is reached by a
 * page load: links in the app keep the spec's /products/description); any other address under
 * /products/ is the spec's page-not-found.
 */
function ProductPageBySlug() {
  const { slug = '' } = useParams();
  const id = useAppSelector((s) => s.serverSnapshot.slugs[slug]);
  return id ? <ProductDescriptionPage id={id} /> : <NotFoundPage />;
}
ProductPageBySlug.preload = () => Promise.all([ProductDescriptionPage.preload(), NotFoundPage.preload()]);

const USER_OR_ADMIN: readonly Role[] = ['USER', 'ADMIN'];
const USER_ONLY: readonly Role[] = ['USER'];
const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

const guarded = (roles: readonly Role[], Page: ComponentType) => (
  <RouteGuard roles={roles}>
    <Page />
  </RouteGuard>
);

/** SPEC.md section 2, route for route. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/products/description', element: <ProductDescriptionPage /> },
      // Beyond the spec: the product's shareable address (docs/decisions/010-product-urls.md).
      { path: '/products/:slug', element: <ProductPageBySlug /> },
      { path: '/gallery', element: <GalleryPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/login/second-factor', element: <SecondFactorPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/quote', element: guarded(USER_OR_ADMIN, QuotePage) },
      { path: '/quote/description', element: guarded(ADMIN_ONLY, QuoteDescriptionPage) },
      // /profile/samples too (issue 43): the profile's chunk holds the samples' screens (app/profile-route.tsx).
      { path: '/profile/*', element: guarded(USER_OR_ADMIN, ProfilePage) },
      { path: '/contact', element: guarded(USER_ONLY, ContactPage) },
      { path: '/add-product', element: guarded(ADMIN_ONLY, AddProductPage) },
      { path: '/edit-product', element: guarded(ADMIN_ONLY, EditProductPage) },
      // Trade desk.
      { path: '/inquiries', element: guarded(ADMIN_ONLY, InquiriesPage) },
      { path: '/dashboard', element: guarded(ADMIN_ONLY, DashboardPage) },
      // After the deal: orders (issue 27).
      { path: '/my-orders', element: guarded(USER_ONLY, MyOrdersPage) },
      { path: '/orders', element: guarded(ADMIN_ONLY, OrdersPage) },
      { path: '/orders/:id', element: guarded(USER_OR_ADMIN, OrderPage) },
      // The owner's console (issue 26).
      { path: '/settings', element: guarded(ADMIN_ONLY, SettingsPage) },
      { path: '/audit', element: guarded(ADMIN_ONLY, AuditPage) },
      { path: '/team', element: guarded(ADMIN_ONLY, TeamPage) },
      { path: '/held-replies', element: guarded(ADMIN_ONLY, HeldRepliesPage) },
      { path: '/team/accept/:token', element: <AcceptInvitePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Loads the code of the page at `pathname`, when it is a lazily loaded one. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, splitLanguage(pathname).path);
  const type: unknown =
    matches?.[matches.length - 1]?.route.element && (matches[matches.length - 1]!.route.element as { type?: unknown }).type;
  const preload = (type as Partial<PageComponent> | undefined)?.preload;
  if (typeof preload === 'function') await preload();
}

/**
 * The routes above rendered inside a <BrowserRouter>. The declarative router is enough for this app
 * (no loaders, actions or fetchers) and weighs about 16 kB gzip less on the first page than
 * createBrowserRouter (docs/performance.md); tests still mount `routes` in a memory data router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
