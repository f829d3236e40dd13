/** Mails of an order's steps: the buyer at every step, the company at DELIVERED. */
import {
  DEFAULT_LANGUAGE,
  MILESTONE_FIELD_LABELS,
  SITE,
  formatMoneyIn,
  interpolate,
  localizedPath,
  type Language,
  type Order,
  type OrderMilestone,
  type OrderStep,
  type Translate,
} from '@agro/shared';
import { COMPANY_TEXTS as C } from '@agro/shared/i18n/company';
import { escapeHtml } from '../../lib/html.js';
import { translator } from '../../lib/i18n.js';
import { dayIn, quantityIn } from '../quote/index.js';
import type { QueuedMail } from '../../mail/mailer.js';
import { htmlRows, statusMail } from '../../mail/status-mail.js';

/** What the buyer is told at each step (the first sentence of the mail), in their language. */
function stepSentence(o: Order, step: OrderStep, t: Translate, language: Language): string {
  const number = o.orderNumber;
  if (step === 'PROFORMA_ISSUED') return t('orderMail.PROFORMA_ISSUED', { number, quotation: o.terms.quotationNumber });
  if (step === 'SHIPPED' && o.eta) return t('orderMail.SHIPPED_ETA', { number, eta: dayIn(o.eta, language) });
  return t(`orderMail.${step}`, { number });
}

function milestoneRows(order: Order, milestone: OrderMilestone | undefined, t: Translate, language: Language): [string, string][] {
  // (English as the mail always wrote it, without grouping.)
  const quantity = language === DEFAULT_LANGUAGE ? String(order.terms.quantity) : quantityIn(order.terms.quantity, language);
  const rows: [string, string][] = [
    [t('orderMail.rowOrderNumber'), order.orderNumber],
    [t('mail.rowProduct'), order.terms.productName],
    [t('mail.rowQuantity'), `${quantity} ${order.terms.unit}`],
    [t('mail.rowTotal'), formatMoneyIn(order.terms.totalMinor, order.terms.currency, language)],
    [t('orderMail.rowStep'), t(`orderSteps.${order.step}`)],
  ];
  if (!milestone) return rows;
  rows.push([t('orderMail.rowDate'), dayIn(milestone.at, language)]);
  for (const key of Object.keys(MILESTONE_FIELD_LABELS) as (keyof typeof MILESTONE_FIELD_LABELS)[]) {
    const value = milestone[key];
    if (!value) continue;
    const shown = key === 'amount' ? `${order.terms.currency} ${value}` : key === 'etd' || key === 'eta' ? dayIn(value, language) : value;
    rows.push([t(`milestoneFields.${key}`), shown]);
  }
  if (milestone.note) rows.push([milestone.step === 'CANCELLED' ? t('orderMail.rowReason') : t('mail.rowNote'), milestone.note]);
  return rows;
}

/** To the buyer, in their language (issue 28): the order reached `step`, with a link to its page. */
export function orderStepMail(order: Order, step: OrderStep, ordersLink: string, language: Language = DEFAULT_LANGUAGE): QueuedMail {
  const t = translator(language);
  const milestone = [...order.milestones].reverse().find((m) => m.step === step);
  const sentence = stepSentence(order, step, t, language);
  const rows = milestoneRows(order, milestone, t, language);
  return statusMail({
    to: order.buyer.accountEmail,
    event: `order:${order._id}:${step}`,
    subject: t('orderMail.subject', { number: order.orderNumber, step: t(`orderSteps.${step}`), company: SITE.companyName }),
    dear: t('mail.dear', { name: order.buyer.contactPersonName }),
    sentence,
    rows,
    link: {
      href: ordersLink,
      words: t('orderMail.itsPage'),
      text: t('orderMail.followText', { link: ordersLink }),
      html: (slot) => t('orderMail.followHtml', { link: slot }),
    },
    language,
  });
}

/** To the company: the order was delivered (recorded by an administrator or confirmed by the buyer). */
export function deliveredCompanyMail(to: string, order: Order): QueuedMail {
  const milestone = [...order.milestones].reverse().find((m) => m.step === 'DELIVERED');
  const values = { number: order.orderNumber, company: order.buyer.companyName, account: order.buyer.accountEmail };
  const what = interpolate(milestone?.by === 'BUYER' ? C.delivered.byBuyer : C.delivered.byAdmin, values);
  const rows = milestoneRows(order, milestone, translator(DEFAULT_LANGUAGE), DEFAULT_LANGUAGE);
  const orderId = interpolate(C.delivered.orderId, { id: order._id });
  return {
    to,
    event: `order:${order._id}:DELIVERED:company`,
    replyTo: order.buyer.companyEmail,
    subject: interpolate(C.delivered.subject, values).slice(0, 160),
    text: [what, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', orderId].join('\n'),
    html: `<p>${escapeHtml(what)}</p>
${htmlRows(rows)}
<p>${escapeHtml(orderId)}</p>`,
  };
}

/**
 * Every mail of reaching `step`; `siteUrl` is the site's base address (the order page is under it,
 * in the buyer's `language`); the company's mail stays English.
 */
export function orderMails(
  order: Order,
  step: OrderStep,
  siteUrl: string,
  companyEmail: string,
  language: Language = DEFAULT_LANGUAGE,
): QueuedMail[] {
  const mails = [orderStepMail(order, step, `${siteUrl}${localizedPath(`/orders/${order._id}`, language)}`, language)];
  if (step === 'DELIVERED') mails.push(deliveredCompanyMail(companyEmail, order));
  return mails;
}
