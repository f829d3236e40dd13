import {
  DEFAULT_LANGUAGE,
  SITE,
  TIMINGS,
  formatMoneyIn,
  interpolate,
  packagingLabel,
  tradeTermsRows,
  type Language,
  type Quote,
  type QuoteOffer,
  type SiteSettings,
  type Translate,
} from '@agro/shared';

/** How a mail signs off: the company's current phone and public address (site settings). */
export type MailContact = Pick<SiteSettings, 'phone' | 'publicEmail'>;
import { COMPANY_TEXTS as C } from '@agro/shared/i18n/company';
import { escapeHtml } from '../../lib/html.js';
import { mailHtml, translator } from '../../lib/i18n.js';
import type { MailMessage } from '../../mail/mailer.js';
import { quotationFileName } from './pdf.js';

const yesNo = (v: boolean) => (v ? C.yes : C.no);
const quantity = (quote: Quote) => [quote.requiredQty, quote.productId?.productQuantityType].filter(Boolean).join(' ');

/** The lines after the first of a request of several products (issue 45), for the company. */
function furtherLineRows(quote: Quote): [string, string][] {
  return quote.items.slice(1).map((item, i) => [
    interpolate(C.rows.line, { n: String(i + 2) }),
    interpolate(C.rows.lineValue, {
      product: item.productId?.productName ?? '-',
      quantity: [item.requiredQty, item.productId?.productQuantityType].filter(Boolean).join(' '),
      packaging: packagingLabel(item.packagingType),
      custom: item.isCustomPackagingRequired ? C.rows.lineCustomPacking : '',
    }),
  ]);
}

function quoteRows(quote: Quote): [string, string][] {
  return [
    [C.rows.product, quote.productId?.productName ?? '-'],
    [C.rows.requiredQuantity, quantity(quote)],
    [C.rows.packaging, packagingLabel(quote.packagingType)],
    [C.rows.customPackaging, yesNo(quote.isCustomPackagingRequired)],
    ...furtherLineRows(quote),
    [C.rows.urgent, yesNo(quote.isUrgent)],
    [C.rows.company, quote.companyName],
    [C.rows.contactPerson, quote.contactPersonName],
    [C.rows.companyEmail, quote.companyEmail],
    [C.rows.mobile, quote.mobileNumber],
    [C.rows.country, quote.country],
    [C.rows.address, quote.address],
    [C.rows.deliveryLocation, quote.deliveryLocation],
    [C.rows.heardFrom, quote.heardFrom],
    [C.rows.additionalInformation, quote.additionalInfo || '-'],
    ...tradeTermsRows(quote.tradeTerms),
    [C.rows.account, quote.quotedByEmail],
    [C.rows.received, quote.createdAt],
  ];
}

/** To the company: everything the buyer sent (user text escaped in the HTML part). */
export function quoteNotificationMail(to: string, quote: Quote): MailMessage {
  const rows = quoteRows(quote);
  return {
    to,
    replyTo: quote.companyEmail,
    subject: interpolate(C.quote.subject, { company: quote.companyName }).slice(0, 160),
    text: [C.quote.intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', interpolate(C.quote.quoteId, { id: quote._id })].join('\n'),
    html: `<p>${escapeHtml(C.quote.intro)}</p>
<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(interpolate(C.quote.quoteId, { id: quote._id }))}</p>`,
  };
}

/** To the buyer's account, in their language: confirms receipt and the reply promise. */
export function quoteAcknowledgementMail(
  to: string,
  quote: Quote,
  contact: MailContact,
  language: Language = DEFAULT_LANGUAGE,
): MailMessage {
  const t = translator(language);
  const product = quote.productId?.productName ?? t('mail.ourProducts');
  const hours = TIMINGS.replyPromiseHours;
  // Several products (issue 45): each with its quantity, listed as the language lists things.
  const products = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    quote.items.map((item) =>
      `${item.productId?.productName ?? t('mail.ourProducts')} (${item.requiredQty} ${item.productId?.productQuantityType ?? ''})`.replace(
        ' )',
        ')',
      ),
    ),
  );
  const thanks =
    quote.items.length > 1 ? t('mail.ackThanksLines', { products }) : t('mail.ackThanks', { product, quantity: quantity(quote) });
  return {
    to,
    subject: t('mail.ackSubject', { company: SITE.companyName }),
    text: [t('mail.dear', { name: quote.contactPersonName }), '', thanks, t('mail.ackReply', { hours }), '', ...signature(contact)].join(
      '\n',
    ),
    html: mailHtml(
      `<p>${escapeHtml(t('mail.dear', { name: quote.contactPersonName }))}</p>
<p>${escapeHtml(thanks)}</p>
<p>${escapeHtml(t('mail.ackReply', { hours }))}</p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>`,
      language,
    ),
  };
}

const money = (offer: QuoteOffer, minor: number, language: Language) => formatMoneyIn(minor, offer.currency, language);

/** The lines of an offer that say what, how much and until when (mail text and HTML). */
function offerRows(quote: Quote, offer: QuoteOffer, t: Translate, language: Language): [string, string][] {
  // Several lines (issue 45): one row each (what, how much, at what price, its total) for the
  // product, quantity and unit price of a one-line offer.
  const whatRows: [string, string][] =
    offer.lines.length > 1
      ? offer.lines.map((line, i) => {
          const item = quote.items.find((it) => it._id === line.itemId);
          return [
            t('mail.rowLine', { n: i + 1 }),
            t('mail.lineValue', {
              product: item?.productId?.productName ?? t('mail.productGone'),
              quantity: `${line.quantity} ${line.priceBasis}`,
              price: t('mail.unitPriceValue', { price: money(offer, line.unitPriceMinor, language), basis: line.priceBasis }),
              total: money(offer, line.totalMinor, language),
            }),
          ];
        })
      : [
          [t('mail.rowProduct'), quote.productId?.productName ?? t('mail.productGone')],
          [t('mail.rowQuantity'), quantity(quote)],
          [
            t('mail.rowUnitPrice'),
            t('mail.unitPriceValue', { price: money(offer, offer.unitPriceMinor, language), basis: offer.priceBasis }),
          ],
        ];
  return [
    [t('mail.rowQuotationNumber'), offer.quotationNumber],
    ...whatRows,
    [t('mail.rowTotal'), money(offer, offer.totalMinor, language)],
    [t('mail.rowIncoterm'), t('mail.incotermValue', { incoterm: offer.incoterm })],
    [t('mail.rowPortOfLoading'), offer.portOfLoading],
    [t('mail.rowDestination'), offer.destination],
    [t('mail.rowLeadTime'), t('mail.leadTimeValue', { days: offer.leadTimeDays })],
    [t('mail.rowPaymentTerms'), offer.paymentTerms],
    [t('mail.rowValidUntil'), t('mail.validUntilValue', { date: offer.validUntil })],
    ...(offer.note ? ([[t('mail.rowNote'), offer.note]] as [string, string][]) : []),
  ];
}

const textRows = (rows: [string, string][]) => rows.map(([k, v]) => `${k}: ${v}`);
const htmlRows = (rows: [string, string][]) =>
  `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
const signature = (contact: MailContact) => [SITE.companyName, `${contact.phone} | ${contact.publicEmail}`];

/**
 * To the buyer, in their language: the company's offer, with a link to their quotes and the
 * quotation PDF (`quotation`, drawn in the same language) attached.
 */
export function offerMail(
  to: string,
  quote: Quote,
  offer: QuoteOffer,
  quotesLink: string,
  contact: MailContact,
  language: Language,
  quotation: Buffer,
): MailMessage {
  const t = translator(language);
  const rows = offerRows(quote, offer, t, language);
  const product = quote.productId?.productName ?? t('mail.yourRequest');
  const total = money(offer, offer.totalMinor, language);
  const intro = t('mail.offerIntro', {
    company: SITE.companyName,
    quantity: quantity(quote),
    product,
    price: money(offer, offer.unitPriceMinor, language),
    basis: offer.priceBasis,
    total,
    validUntil: offer.validUntil,
  });
  const dear = t('mail.dear', { name: quote.contactPersonName });
  const filename = quotationFileName(offer);
  const attached = t('mail.offerAttached', { file: filename });
  return {
    to,
    subject: t('mail.offerSubject', { number: offer.quotationNumber, total, product }).slice(0, 160),
    text: [
      dear,
      '',
      intro,
      '',
      ...textRows(rows),
      '',
      attached,
      t('mail.offerActionText', { link: quotesLink }),
      '',
      ...signature(contact),
    ].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(dear)}</p>
<p>${escapeHtml(intro)}</p>
${htmlRows(rows)}
<p>${escapeHtml(attached)}</p>
<p>${escapeHtml(t('mail.offerActionHtml', { link: '\u0000' })).replace('\u0000', `<a href="${escapeHtml(quotesLink)}">${escapeHtml(t('mail.yourQuotesLink'))}</a>`)}</p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>`,
      language,
    ),
    attachments: [{ filename, contentType: 'application/pdf', content: quotation }],
  };
}

/** To the buyer, in their language: the company cannot quote, and why. */
export function rejectionMail(
  to: string,
  quote: Quote,
  reason: string,
  quotesLink: string,
  contact: MailContact,
  language: Language = DEFAULT_LANGUAGE,
): MailMessage {
  const t = translator(language);
  const product = quote.productId?.productName ?? t('mail.yourRequest');
  const company = SITE.companyName;
  const what = t('mail.rejectionWhat', { company, quantity: quantity(quote), product, date: quote.createdAt.slice(0, 10) });
  const dear = t('mail.dear', { name: quote.contactPersonName });
  return {
    to,
    // Not "declined": DECLINED is the buyer's own decision; this is the company's rejection.
    subject: t('mail.rejectionSubject', { company, product }).slice(0, 160),
    text: [
      dear,
      '',
      what,
      t('mail.rejectionReason', { reason }),
      '',
      t('mail.yourQuotesText', { link: quotesLink }),
      '',
      ...signature(contact),
    ].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(dear)}</p>
<p>${escapeHtml(what)}</p>
<p>${escapeHtml(t('mail.rejectionReason', { reason }))}</p>
<p><a href="${escapeHtml(quotesLink)}">${escapeHtml(t('mail.yourQuotes'))}</a></p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>`,
      language,
    ),
  };
}

/** To the company: the buyer accepted or declined the current offer. */
export function decisionMail(to: string, quote: Quote, offer: QuoteOffer, decision: 'ACCEPTED' | 'DECLINED', note: string): MailMessage {
  const what = interpolate(C.decision[decision], {
    company: quote.companyName,
    person: quote.contactPersonName,
    account: quote.quotedByEmail,
    number: offer.quotationNumber,
    quantity: quantity(quote),
    product: quote.productId?.productName ?? C.decision.productGone,
    total: money(offer, offer.totalMinor, DEFAULT_LANGUAGE),
    incoterm: offer.incoterm,
    destination: offer.destination,
  });
  const rows = offerRows(quote, offer, translator(DEFAULT_LANGUAGE), DEFAULT_LANGUAGE);
  const buyersNote = interpolate(C.decision.buyersNote, { note });
  const quoteId = interpolate(C.quote.quoteId, { id: quote._id });
  return {
    to,
    replyTo: quote.companyEmail,
    subject: interpolate(C.decision.subject, { decision, number: offer.quotationNumber, company: quote.companyName }).slice(0, 160),
    text: [what, ...(note ? ['', buyersNote] : []), '', ...textRows(rows), '', quoteId].join('\n'),
    html: `<p>${escapeHtml(what)}</p>
${note ? `<p>${interpolate(C.decision.buyersNote, { note: escapeHtml(note) })}</p>` : ''}
${htmlRows(rows)}
<p>${escapeHtml(quoteId)}</p>`,
  };
}

/** Which buyer reminder (issue 41): the offer expires soon, or it has waited days for an answer. */
export type OfferReminderKind = 'expiry' | 'unanswered';

/**
 * To the buyer, in their language: a reminder about the current offer, with its one-click
 * unsubscribe (RFC 8058) in the headers and at the foot. `unsubscribeUrl` carries the mail's token.
 */
export function offerReminderMail(
  kind: OfferReminderKind,
  to: string,
  quote: Quote,
  offer: QuoteOffer,
  links: { quotes: string; unsubscribe: string },
  contact: MailContact,
  language: Language = DEFAULT_LANGUAGE,
): MailMessage {
  const t = translator(language);
  const values = {
    number: offer.quotationNumber,
    quantity: quantity(quote),
    product: quote.productId?.productName ?? t('mail.yourRequest'),
    total: money(offer, offer.totalMinor, language),
    validUntil: t('mail.validUntilValue', { date: offer.validUntil }),
    sent: offer.createdAt.slice(0, 10),
    date: offer.validUntil,
  };
  const subject = kind === 'expiry' ? t('reminderMail.expirySubject', values) : t('reminderMail.unansweredSubject', values);
  const intro = kind === 'expiry' ? t('reminderMail.expiryIntro', values) : t('reminderMail.unansweredIntro', values);
  const dear = t('mail.dear', { name: quote.contactPersonName });
  const why = t('reminderMail.why', { company: SITE.companyName });
  const linkTo = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const withLink = (text: string, html: string) => escapeHtml(text).replace('\u0000', html);
  return {
    to,
    subject: subject.slice(0, 160),
    text: [
      dear,
      '',
      intro,
      '',
      t('reminderMail.actionText', { link: links.quotes }),
      '',
      ...signature(contact),
      '',
      why,
      t('reminderMail.unsubscribeText', { link: links.unsubscribe }),
    ].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(dear)}</p>
<p>${escapeHtml(intro)}</p>
<p>${withLink(t('reminderMail.actionHtml', { link: '\u0000' }), linkTo(links.quotes, t('mail.yourQuotesLink')))}</p>
<p>${signature(contact).map(escapeHtml).join('<br>')}</p>
<p><small>${escapeHtml(why)}<br>${withLink(t('reminderMail.unsubscribeHtml', { link: '\u0000' }), linkTo(links.unsubscribe, t('reminderMail.unsubscribeLink')))}</small></p>`,
      language,
    ),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
