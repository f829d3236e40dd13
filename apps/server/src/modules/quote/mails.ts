import { SITE, TIMINGS, formatMoney, packagingLabel, tradeTermsRows, type Quote, type QuoteOffer, type SiteSettings } from '@agro/shared';

/** How a mail signs off: the company's current phone and public address (site settings). */
export type MailContact = Pick<SiteSettings, 'phone' | 'publicEmail'>;
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mailer.js';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const quantity = (quote: Quote) => [quote.requiredQty, quote.productId?.productQuantityType].filter(Boolean).join(' ');

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
    ...tradeTermsRows(quote.tradeTerms),
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
export function quoteAcknowledgementMail(to: string, quote: Quote, contact: MailContact): MailMessage {
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
      ...signature(contact),
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(quote.contactPersonName)},</p>
<p>Thank you for requesting a quote for ${escapeHtml(product)} (${escapeHtml(quantity(quote))}).</p>
<p>Our export team will reply within ${hours} hours.</p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>`,
  };
}

const money = (offer: QuoteOffer, minor: number) => formatMoney(minor, offer.currency);

/** The lines of an offer that say what, how much and until when (mail text and HTML). */
function offerRows(quote: Quote, offer: QuoteOffer): [string, string][] {
  return [
    ['Quotation number', offer.quotationNumber],
    ['Product', quote.productId?.productName ?? 'Product no longer listed'],
    ['Quantity', quantity(quote)],
    ['Unit price', `${money(offer, offer.unitPriceMinor)} per ${offer.priceBasis}`],
    ['Total', money(offer, offer.totalMinor)],
    ['Incoterm', `${offer.incoterm} (Incoterms 2020)`],
    ['Port of loading', offer.portOfLoading],
    ['Destination', offer.destination],
    ['Lead time', `${offer.leadTimeDays} days`],
    ['Payment terms', offer.paymentTerms],
    ['Valid until', `${offer.validUntil} (end of day, India time)`],
    ...(offer.note ? ([['Note', offer.note]] as [string, string][]) : []),
  ];
}

const textRows = (rows: [string, string][]) => rows.map(([k, v]) => `${k}: ${v}`);
const htmlRows = (rows: [string, string][]) =>
  `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
const signature = (contact: MailContact) => [SITE.companyName, `${contact.phone} | ${contact.publicEmail}`];

/** To the buyer: the company's offer, with a link to their quotes. */
export function offerMail(to: string, quote: Quote, offer: QuoteOffer, quotesLink: string, contact: MailContact): MailMessage {
  const rows = offerRows(quote, offer);
  const product = quote.productId?.productName ?? 'your request';
  const intro = `${SITE.companyName} offers ${quantity(quote)} of ${product} at ${money(offer, offer.unitPriceMinor)} per ${offer.priceBasis}, ${money(offer, offer.totalMinor)} in total, valid until ${offer.validUntil}.`;
  return {
    to,
    subject: `Quotation ${offer.quotationNumber}: ${money(offer, offer.totalMinor)} for ${product}`.slice(0, 160),
    text: [
      `Dear ${quote.contactPersonName},`,
      '',
      intro,
      '',
      ...textRows(rows),
      '',
      `Accept or decline it, and download the quotation PDF, in Your Quotes: ${quotesLink}`,
      '',
      ...signature(contact),
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(quote.contactPersonName)},</p>
<p>${escapeHtml(intro)}</p>
${htmlRows(rows)}
<p>Accept or decline it, and download the quotation PDF, in <a href="${escapeHtml(quotesLink)}">Your Quotes</a>.</p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>`,
  };
}

/** To the buyer: the company cannot quote, and why. */
export function rejectionMail(to: string, quote: Quote, reason: string, quotesLink: string, contact: MailContact): MailMessage {
  const product = quote.productId?.productName ?? 'your request';
  const what = `${SITE.companyName} cannot offer ${quantity(quote)} of ${product} (quote request of ${quote.createdAt.slice(0, 10)}).`;
  return {
    to,
    // Not "declined": DECLINED is the buyer's own decision; this is the company's rejection.
    subject: `${SITE.companyName} cannot offer ${product}: your quote request was not accepted`.slice(0, 160),
    text: [
      `Dear ${quote.contactPersonName},`,
      '',
      what,
      `Reason: ${reason}`,
      '',
      `Your quotes: ${quotesLink}`,
      '',
      ...signature(contact),
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(quote.contactPersonName)},</p>
<p>${escapeHtml(what)}</p>
<p>Reason: ${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(quotesLink)}">Your quotes</a></p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>`,
  };
}

/** To the company: the buyer accepted or declined the current offer. */
export function decisionMail(to: string, quote: Quote, offer: QuoteOffer, decision: 'ACCEPTED' | 'DECLINED', note: string): MailMessage {
  const product = quote.productId?.productName ?? 'a product no longer listed';
  const verb = decision === 'ACCEPTED' ? 'accepted' : 'declined';
  const what = `${quote.companyName} (${quote.contactPersonName}, ${quote.quotedByEmail}) ${verb} quotation ${offer.quotationNumber}: ${quantity(quote)} of ${product}, ${money(offer, offer.totalMinor)} ${offer.incoterm} ${offer.destination}.`;
  const rows = offerRows(quote, offer);
  return {
    to,
    replyTo: quote.companyEmail,
    subject: `${decision}: quotation ${offer.quotationNumber} by ${quote.companyName}`.slice(0, 160),
    text: [what, ...(note ? ['', `Buyer's note: ${note}`] : []), '', ...textRows(rows), '', `Quote id: ${quote._id}`].join('\n'),
    html: `<p>${escapeHtml(what)}</p>
${note ? `<p>Buyer's note: ${escapeHtml(note)}</p>` : ''}
${htmlRows(rows)}
<p>Quote id: ${escapeHtml(quote._id)}</p>`,
  };
}
