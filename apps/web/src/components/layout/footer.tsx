import { businessHoursSpans, formatPostalAddress, SITE, telHref, timeZoneLabel, type BusinessHours } from '@agro/shared';
import { Link } from 'react-router';
import { selectShownProducts, useAppSelector, useSiteSettings } from '@/store/store';
import { ClockIcon, LogoMark, MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { SocialLinks } from '@/components/ui/social-links';
import { formatClock } from '@/lib/format';
import { Part } from '@/lib/hydrate-in-parts';
import { t } from '@/lib/i18n';
import { useNavItems } from './nav-items';

/** How many product names the footer lists. */
const FOOTER_PRODUCTS = 5;

const headingClass = 'text-sm font-semibold uppercase tracking-wider text-accent-400';
const linkClass = 'text-brand-100 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-accent-400';

/** The business hours in the page's language: consecutive days with the same hours as one row. */
function hoursRows(hours: BusinessHours): { days: string; hours: string }[] {
  return businessHoursSpans(hours).map((s) => ({
    days: s.first === s.last ? t(`hours.${s.first}`) : `${t(`hours.${s.first}`)} - ${t(`hours.${s.last}`)}`,
    hours: s.hours ? `${formatClock(s.hours.open)} - ${formatClock(s.hours.close)}` : t('hours.closed'),
  }));
}

// Texts with values in them are one template string each: one text node, as in the server's HTML,
// so hydrating keeps it instead of splitting it (docs/decisions/016-hydration-in-parts.md).
export function Footer() {
  const products = useAppSelector(selectShownProducts);
  const settings = useSiteSettings();
  // Quick links follow the header's rules, minus the account links and the admin's inbox and console.
  const quickLinks = useNavItems().filter(
    (i) => !['/register', '/login', '/profile', '/inquiries', '/settings', '/team', '/audit'].includes(i.to),
  );
  const year = new Date().getFullYear();

  return (
    <footer id="site-footer" className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <Part name="footer:about">
          <div className="col-span-2 lg:col-span-1">
            <Link to="/" className="inline-flex items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-accent-400">
              <LogoMark size={36} className="rounded-lg ring-1 ring-brand-700" />
              <span className="text-lg font-bold text-white">{SITE.companyName}</span>
            </Link>
            <p className="mt-4 text-sm leading-relaxed">{`${t('site.tagline')}.`}</p>
            <p className="mt-2 text-sm">{t('layout.exportingSince')}</p>
            <SocialLinks
              className="mt-4 -ms-1.5"
              linkClassName="text-brand-100 hover:bg-brand-800 hover:text-white focus-visible:outline-accent-400"
            />
          </div>
        </Part>

        <Part name="footer:links">
          <nav aria-label={t('layout.quickLinksLabel')}>
            <h2 className={headingClass}>{t('layout.quickLinks')}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {quickLinks.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/quote" className={linkClass}>
                  {t('layout.requestQuote')}
                </Link>
              </li>
            </ul>
          </nav>
        </Part>

        <Part name="footer:products">
          <nav aria-label={t('layout.productsLabel')}>
            <h2 className={headingClass}>{t('layout.products')}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {products.slice(0, FOOTER_PRODUCTS).map((p) => (
                <li key={p._id}>
                  <Link to={`/products/description?id=${encodeURIComponent(p._id)}`} state={{ id: p._id }} className={linkClass}>
                    <bdi>{p.productName}</bdi>
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/products" className={`${linkClass} font-medium`}>
                  {t('layout.viewAllProducts')}
                </Link>
              </li>
            </ul>
          </nav>
        </Part>

        <div className="col-span-2 lg:col-span-1">
          <h2 className={headingClass}>{t('layout.contactUs')}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPinIcon size={16} className="mt-0.5 shrink-0 text-accent-400" />
              <span>
                <bdi>{formatPostalAddress(settings.address)}</bdi>
              </span>
            </p>
            <p className="flex gap-2">
              <PhoneIcon size={16} className="mt-0.5 shrink-0 text-accent-400" />
              <a href={telHref(settings.phone)} className={linkClass}>
                <Ltr>{settings.phone}</Ltr>
              </a>
            </p>
            <p className="flex gap-2">
              <MailIcon size={16} className="mt-0.5 shrink-0 text-accent-400" />
              <a href={`mailto:${settings.publicEmail}`} className={`${linkClass} break-all`}>
                <Ltr>{settings.publicEmail}</Ltr>
              </a>
            </p>
          </address>
          <div className="mt-4 flex gap-2 text-sm">
            <ClockIcon size={16} className="mt-0.5 shrink-0 text-accent-400" />
            <div>
              <p className="font-medium text-white">
                {t('layout.businessHours', { zone: timeZoneLabel(settings.businessHours.timeZone) })}
              </p>
              <ul className="mt-1 space-y-0.5">
                {hoursRows(settings.businessHours).map((h) => (
                  <li key={h.days}>{`${h.days}: ${h.hours}`}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>

      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row">
          <p>{t('layout.copyright', { year })}</p>
          <ul className="flex gap-5">
            <li>
              <Link to="/privacy" className={linkClass}>
                {t('layout.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                {t('layout.terms')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      {/* The first paint waits until the parser is here (index.html's rel=expect): a browser that unblocks
          rendering at the target's start tag would otherwise paint a footer half parsed, and the page's
          main area, which fills the screen above it, shrinks when the rest arrives (a layout shift). */}
      <span id="site-footer-end" hidden />
    </footer>
  );
}
