import { DEFAULT_LANGUAGE, SITE, TIMINGS, interpolate, type Language, type SiteSettings } from '@agro/shared';
import { COMPANY_TEXTS as C } from '@agro/shared/i18n/company';
import type { ContactRow } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import { mailHtml, translator } from '../../lib/i18n.js';
import type { MailMessage } from '../../mail/mailer.js';

function contactRows(c: ContactRow, accountEmail: string): [string, string][] {
  return [
    [C.rows.name, c.full_name],
    [C.rows.email, c.email],
    [C.rows.company, c.company_name],
    [C.rows.country, c.country],
    [C.rows.product, c.product_name || '-'],
    [C.rows.estimatedQuantity, String(c.estimated_quantity)],
    [C.rows.account, accountEmail],
    [C.rows.received, c.created_at],
  ];
}

/** To the company: the inquiry, with Reply-To set to the sender. */
export function contactNotificationMail(to: string, contact: ContactRow, accountEmail: string): MailMessage {
  const rows = contactRows(contact, accountEmail);
  return {
    to,
    replyTo: contact.email,
    subject: interpolate(C.contact.subject, { name: contact.full_name, company: contact.company_name }).slice(0, 160),
    text: [C.contact.intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', C.contact.message, contact.description].join('\n'),
    html: `<p>${escapeHtml(C.contact.intro)}</p>
<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p><strong>${escapeHtml(C.contact.message)}</strong></p>
<p style="white-space: pre-wrap">${escapeHtml(contact.description)}</p>`,
  };
}

/** To the buyer's account, in its language (issue 28): confirms receipt and the reply promise. */
export function contactAcknowledgementMail(
  to: string,
  contact: ContactRow,
  company: Pick<SiteSettings, 'phone' | 'publicEmail'>,
  language: Language = DEFAULT_LANGUAGE,
): MailMessage {
  const t = translator(language);
  const thanks = contact.product_name ? t('mail.contactThanksAbout', { product: contact.product_name }) : t('mail.contactThanks');
  const sentence = `${thanks} ${t('mail.contactReply', { hours: TIMINGS.replyPromiseHours })}`;
  const dear = t('mail.dear', { name: contact.full_name });
  return {
    to,
    subject: t('mail.contactSubject', { company: SITE.companyName }),
    text: [dear, '', sentence, '', SITE.companyName, `${company.phone} | ${company.publicEmail}`].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(dear)}</p>
<p>${escapeHtml(sentence)}</p>
<p>${escapeHtml(SITE.companyName)}<br>${escapeHtml(company.phone)} | ${escapeHtml(company.publicEmail)}</p>`,
      language,
    ),
  };
}
