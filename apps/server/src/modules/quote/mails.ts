import { PACKAGING_TYPES, SITE, TIMINGS, type Quote } from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mailer.js';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const quantity = (quote: Quote) => [quote.requiredQty, quote.productId?.productQuantityType].filter(Boolean).join(' ');
const packagingLabel = (value: string) => PACKAGING_TYPES.find((p) => p.value === value)?.label ?? value;

function quoteRows(quote: Quote): [string, string][] {
  return [
    ['Product', quote.productId?.productName ?? '-'],
    ['Required quantity', quantity(quote)],
    ['Packaging', packagingLabel(quote.packagingType)],
    ['Custom packaging', yesNo(quote.isCustomPackagingRequired)],
    ['Urgent', yesNo(quote.isUrgent)],
    ['Company', quote.companyName],
    ['Contact person', quote.contactPersonName],
    ['Company email', quote.companyEmail],
    ['Mobile', quote.mobileNumber],
    ['Country', quote.country],
    ['Address', quote.address],
    ['Delivery location', quote.deliveryLocation],
    ['Heard from', quote.heardFrom],
    ['Additional information', quote.additionalInfo || '-'],
    ['Account', quote.quotedByEmail],
    ['Received', quote.createdAt],
  ];
}

/** To the company: everything the buyer sent (user text escaped in the HTML part). */
export function quoteNotificationMail(to: string, quote: Quote): MailMessage {
  const rows = quoteRows(quote);
  return {
    to,
    replyTo: quote.companyEmail,
    subject: `New quote request from ${quote.companyName}`.slice(0, 160),
    text: ['A new quote request was submitted.', '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Quote id: ${quote._id}`].join('\n'),
    html: `<p>A new quote request was submitted.</p>
<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>Quote id: ${escapeHtml(quote._id)}</p>`,
  };
}

/** To the buyer's account: confirms receipt and the reply promise. */
export function quoteAcknowledgementMail(to: string, quote: Quote): MailMessage {
  const product = quote.productId?.productName ?? 'our products';
  const hours = TIMINGS.replyPromiseHours;
  return {
    to,
    subject: `We received your quote request - ${SITE.companyName}`,
    text: [
      `Dear ${quote.contactPersonName},`,
      '',
      `Thank you for requesting a quote for ${product} (${quantity(quote)}).`,
      `Our export team will reply within ${hours} hours.`,
      '',
      `${SITE.companyName}`,
      `${SITE.phone} | ${SITE.email}`,
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(quote.contactPersonName)},</p>
<p>Thank you for requesting a quote for ${escapeHtml(product)} (${escapeHtml(quantity(quote))}).</p>
<p>Our export team will reply within ${hours} hours.</p>
<p>${escapeHtml(SITE.companyName)}<br>${escapeHtml(SITE.phone)} | ${escapeHtml(SITE.email)}</p>`,
  };
}
