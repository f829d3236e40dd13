import { WhatsAppButton } from '@/components/ui/whatsapp-button';
import {
  businessHoursSpans,
  faqIn,
  formatPostalAddress,
  SITE,
  telHref,
  timeZoneLabel,
  whatsappLink,
  type BusinessHours,
} from '@agro/shared';
import { useId, type ReactNode } from 'react';
import { ChevronDownIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon, WhatsAppIcon } from '@/components/ui/icons';
import { useSiteSettings } from '@/store/store';
import { ReplyTime } from '@/components/ui/reply-time';
import { formatClock } from '@/lib/format';
import { pageLanguage, t } from '@/lib/i18n';
import { reveal } from '@/lib/reveal';
import { Ltr } from '@/components/ui/ltr';

function InfoRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-600">{title}</p>
        <div className="mt-0.5 break-words font-medium text-gray-900">{children}</div>
      </div>
    </li>
  );
}

/** Phone, WhatsApp, email and address from the site configuration. */
export function ContactDetails() {
  const headingId = useId();
  const settings = useSiteSettings();
  const linkClass = 'hover:text-brand-800 hover:underline underline-offset-2';
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {t('contactForm.details')}
      </h2>
      <ul className="mt-5 space-y-5">
        <InfoRow icon={<PhoneIcon />} title={t('contactForm.phone')}>
          <a href={telHref(settings.phone)} className={linkClass}>
            <Ltr>{settings.phone}</Ltr>
          </a>
        </InfoRow>
        {settings.whatsapp && (
          <InfoRow icon={<WhatsAppIcon />} title="WhatsApp">
            <a
              href={whatsappLink(settings.whatsapp, t('contactForm.whatsappMessage', { company: SITE.companyName }))}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              <Ltr>{settings.whatsapp}</Ltr>
            </a>
          </InfoRow>
        )}
        <InfoRow icon={<MailIcon />} title={t('contactForm.email')}>
          <a href={`mailto:${settings.publicEmail}`} className={linkClass}>
            <Ltr>{settings.publicEmail}</Ltr>
          </a>
        </InfoRow>
        <InfoRow icon={<MapPinIcon />} title={t('contactForm.address')}>
          <address className="not-italic">{formatPostalAddress(settings.address)}</address>
        </InfoRow>
      </ul>
      <WhatsAppButton className="btn-primary mt-6" text={t('contactForm.whatsappMessage', { company: SITE.companyName })} />
    </section>
  );
}

/**
 * The business hours in the page's language (the weekdays and 'Closed' of the public catalogue, as
 * the footer has them; the times through Intl): consecutive days with the same hours as one row.
 */
function hoursRows(hours: BusinessHours): { days: string; hours: string; closed: boolean }[] {
  return businessHoursSpans(hours).map((s) => ({
    days: s.first === s.last ? t(`hours.${s.first}`) : `${t(`hours.${s.first}`)} - ${t(`hours.${s.last}`)}`,
    hours: s.hours ? `${formatClock(s.hours.open)} - ${formatClock(s.hours.close)}` : t('hours.closed'),
    closed: !s.hours,
  }));
}

/** Business hours (IST) and the 24-hour reply promise. */
export function BusinessHours() {
  const headingId = useId();
  const { businessHours } = useSiteSettings();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <ClockIcon className="text-brand-800" /> {t('contactForm.hours', { zone: timeZoneLabel(businessHours.timeZone) })}
      </h2>
      <dl className="mt-4 divide-y divide-gray-100 text-sm">
        {hoursRows(businessHours).map((h) => (
          <div key={h.days} className="flex justify-between gap-4 py-2.5">
            <dt className="text-gray-700">{h.days}</dt>
            <dd className={`font-medium ${h.closed ? 'text-red-700' : 'text-gray-900'}`}>{h.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-accent-400/40">
        <ShieldIcon size={20} className="shrink-0 text-accent-600" />
        <span>
          <strong className="block font-semibold">{t('contactForm.guarantee')}</strong>
          {t('site.replyPromise')}
        </span>
      </p>
      <ReplyTime className="mt-3" />
    </section>
  );
}

/** The four questions of SPEC.md section 2, as native disclosure widgets (keyboard and screen-reader ready). */
export function ContactFaq() {
  const headingId = useId();
  // In the page's language, English per entry where not translated (issue 28).
  const faq = faqIn(useSiteSettings(), pageLanguage());
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl px-4 pb-16 sm:pb-20" {...reveal('fade-up')}>
      <p className="text-center text-sm font-semibold uppercase tracking-widest text-amber-700">{t('contactForm.faqEyebrow')}</p>
      <h2 id={headingId} className="mt-2 text-center text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
        {t('contactForm.faq')}
      </h2>
      <div className="mt-8 space-y-3">
        {faq.map((item) => (
          <details key={item.question} className="group rounded-xl border border-gray-200 bg-white shadow-sm open:shadow-md">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon className="shrink-0 text-brand-800 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            </summary>
            <p className="px-5 pb-5 text-gray-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
