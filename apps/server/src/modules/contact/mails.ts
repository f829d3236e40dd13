import { SITE, TIMINGS, type SiteSettings } from '@agro/shared';
import type { ContactRow } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mailer.js';

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

/** To the buyer's account: confirms receipt and the reply promise. */
export function contactAcknowledgementMail(
  to: string,
  contact: ContactRow,
  company: Pick<SiteSettings, 'phone' | 'publicEmail'>,
): MailMessage {
  const hours = TIMINGS.replyPromiseHours;
  return {
    to,
    subject: `Thank you for contacting ${SITE.companyName}`,
    text: [
      `Dear ${contact.full_name},`,
      '',
      `Thank you for your inquiry${contact.product_name ? ` about ${contact.product_name}` : ''}. We will reply within ${hours} hours.`,
      '',
      SITE.companyName,
      `${company.phone} | ${company.publicEmail}`,
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(contact.full_name)},</p>
<p>Thank you for your inquiry${contact.product_name ? ` about ${escapeHtml(contact.product_name)}` : ''}. We will reply within ${hours} hours.</p>
<p>${escapeHtml(SITE.companyName)}<br>${escapeHtml(company.phone)} | ${escapeHtml(company.publicEmail)}</p>`,
  };
}
