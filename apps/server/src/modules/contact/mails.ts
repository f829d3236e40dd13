import { DEFAULT_LANGUAGE, SITE, TIMINGS, type Language, type SiteSettings } from '@agro/shared';
import type { ContactRow } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import { mailHtml, translator } from '../../lib/i18n.js';
import type { MailMessage } from '../../mail/mailer.js';

function contactRows(c: ContactRow, accountEmail: string): [string, string][] {
  return [
    ['Name', c.full_name],
    ['Email', c.email],
    ['Company', c.company_name],
    ['Country', c.country],
    ['Product', c.product_name || '-'],
    ['Estimated quantity', String(c.estimated_quantity)],
    ['Account', accountEmail],
    ['Received', c.created_at],
  ];
}

/** To the company: the inquiry, with Reply-To set to the sender. */
export function contactNotificationMail(to: string, contact: ContactRow, accountEmail: string): MailMessage {
  const rows = contactRows(contact, accountEmail);
  return {
    to,
    replyTo: contact.email,
    subject: `New inquiry from ${contact.full_name} (${contact.company_name})`.slice(0, 160),
    text: ['A new contact inquiry was sent.', '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Message:', contact.description].join('\n'),
    html: `<p>A new contact inquiry was sent.</p>
<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p><strong>Message:</strong></p>
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
