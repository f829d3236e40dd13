/** Mails of an order's steps: the buyer at every step, the company at DELIVERED. */
import {
  MILESTONE_FIELD_LABELS,
  ORDER_STEP_LABELS,
  SITE,
  formatMoney,
  type Order,
  type OrderMilestone,
  type OrderStep,
} from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import type { QueuedMail } from '../../lib/mailer.js';

const signature = () => [SITE.companyName, `${SITE.phone} | ${SITE.email}`];

/** What the buyer is told at each step (the first sentence of the mail). */
const STEP_SENTENCES: Record<OrderStep, (o: Order) => string> = {
  PROFORMA_ISSUED: (o) =>
    `Thank you for accepting quotation ${o.terms.quotationNumber}. Your order ${o.orderNumber} is confirmed and its proforma invoice is ready to download.`,
  ADVANCE_RECEIVED: (o) => `We received your advance payment for order ${o.orderNumber}.`,
  IN_PRODUCTION: (o) => `Order ${o.orderNumber} is in production.`,
  QUALITY_CHECKED: (o) => `Order ${o.orderNumber} passed its quality check.`,
  PACKED: (o) => `Order ${o.orderNumber} is packed and sealed.`,
  SHIPPED: (o) => `Order ${o.orderNumber} has shipped${o.eta ? `; it is expected to arrive on ${o.eta}` : ''}.`,
  DOCUMENTS_SENT: (o) => `The original export documents of order ${o.orderNumber} are on their way to you by courier.`,
  DELIVERED: (o) => `Order ${o.orderNumber} is marked delivered.`,
  CLOSED: (o) => `Order ${o.orderNumber} is complete and closed. Thank you for your business.`,
  CANCELLED: (o) => `Order ${o.orderNumber} was cancelled.`,
};

function milestoneRows(order: Order, milestone: OrderMilestone | undefined): [string, string][] {
  const rows: [string, string][] = [
    ['Order number', order.orderNumber],
    ['Product', order.terms.productName],
    ['Quantity', `${order.terms.quantity} ${order.terms.unit}`],
    ['Total', formatMoney(order.terms.totalMinor, order.terms.currency)],
    ['Step', ORDER_STEP_LABELS[order.step]],
  ];
  if (!milestone) return rows;
  rows.push(['Date', milestone.at]);
  for (const [key, label] of Object.entries(MILESTONE_FIELD_LABELS) as [keyof typeof MILESTONE_FIELD_LABELS, string][]) {
    const value = milestone[key];
    if (value) rows.push([label, key === 'amount' ? `${order.terms.currency} ${value}` : value]);
  }
  if (milestone.note) rows.push([milestone.step === 'CANCELLED' ? 'Reason' : 'Note', milestone.note]);
  return rows;
}

const htmlRows = (rows: [string, string][]) =>
  `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;

/** To the buyer: the order reached `step`, with a link to its page. */
export function orderStepMail(order: Order, step: OrderStep, ordersLink: string): QueuedMail {
  const milestone = [...order.milestones].reverse().find((m) => m.step === step);
  const sentence = STEP_SENTENCES[step](order);
  const rows = milestoneRows(order, milestone);
  return {
    to: order.buyer.accountEmail,
    event: `order:${order._id}:${step}`,
    subject: `Order ${order.orderNumber}: ${ORDER_STEP_LABELS[step]} - ${SITE.companyName}`.slice(0, 160),
    text: [
      `Dear ${order.buyer.contactPersonName},`,
      '',
      sentence,
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      `Follow your order, its documents and the proforma invoice on its page: ${ordersLink}`,
      '',
      ...signature(),
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(order.buyer.contactPersonName)},</p>
<p>${escapeHtml(sentence)}</p>
${htmlRows(rows)}
<p>Follow your order, its documents and the proforma invoice on <a href="${escapeHtml(ordersLink)}">its page</a>.</p>
<p>${signature().map(escapeHtml).join('<br>')}</p>`,
  };
}

/** To the company: the order was delivered (recorded by an administrator or confirmed by the buyer). */
export function deliveredCompanyMail(to: string, order: Order): QueuedMail {
  const milestone = [...order.milestones].reverse().find((m) => m.step === 'DELIVERED');
  const who = milestone?.by === 'BUYER' ? 'confirmed by the buyer' : 'recorded by an administrator';
  const what = `Order ${order.orderNumber} of ${order.buyer.companyName} (${order.buyer.accountEmail}) was delivered, ${who}.`;
  const rows = milestoneRows(order, milestone);
  return {
    to,
    event: `order:${order._id}:DELIVERED:company`,
    replyTo: order.buyer.companyEmail,
    subject: `DELIVERED: order ${order.orderNumber} for ${order.buyer.companyName}`.slice(0, 160),
    text: [what, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Order id: ${order._id}`].join('\n'),
    html: `<p>${escapeHtml(what)}</p>
${htmlRows(rows)}
<p>Order id: ${escapeHtml(order._id)}</p>`,
  };
}

/** Every mail of reaching `step`; `siteUrl` is the site's base address (the order page is under it). */
export function orderMails(order: Order, step: OrderStep, siteUrl: string, companyEmail: string): QueuedMail[] {
  const mails = [orderStepMail(order, step, `${siteUrl}/orders/${order._id}`)];
  if (step === 'DELIVERED') mails.push(deliveredCompanyMail(companyEmail, order));
  return mails;
}
