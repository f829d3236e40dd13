/**
 * Orders' state changes. The order is made in the acceptance's own transaction (quote/service.ts
 * decideQuote); each milestone is one transaction whose UPDATE names the step it expects, so two
 * racing requests leave exactly one winner and the loser gets a 409 having changed nothing
 * (the same pattern as the quote desk, docs/decisions/005 and 023).
 */
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  BEFORE_SHIPMENT,
  ORDER_FLOW,
  ORDER_MESSAGES as M,
  STEP_FIELDS,
  milestoneRefusal,
  offerToday,
  orderNumber,
  orderYear,
  type MilestoneData,
  type Order,
  type OrderStep,
} from '@agro/shared';
import type { Db, DbOrTx } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { queueMail, type QueuedMail } from '../../mail/mailer.js';
import { findQuote } from '../quote/repository.js';
import { findOrder, insertMilestone, insertOrder, insertOrderItems, nextOrderSequence } from './repository.js';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' + days. */
const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface OrderActor {
  userId: string;
  /** An administrator's change writes its audit row in its transaction (modules/audit/record.ts). */
  audit?: AuditActor;
  /** The mails this change causes, queued in its transaction (mail/mailer.ts). */
  mails?: (order: Order, step: OrderStep) => QueuedMail[];
}

async function queueOrderMails(tx: DbOrTx, orderId: string, step: OrderStep, by: OrderActor, nowMs: number): Promise<Order> {
  const order = await findOrder(tx, orderId, nowMs);
  if (!order) throw notFound(M.orderNotFound);
  for (const mail of by.mails?.(order, step) ?? []) await queueMail(tx, mail);
  return order;
}

/**
 * Inside the acceptance's transaction: the order of the quote's current offer, its terms and buyer
 * copied, numbered ORD-YYYY-NNNN, at PROFORMA_ISSUED. Returns the order.
 */
export async function createOrderForQuote(tx: DbOrTx, quoteId: string, by: OrderActor, nowMs = Date.now()): Promise<Order> {
  const now = nowIso(nowMs);
  const quote = await findQuote(tx, quoteId, now);
  if (!quote?.offer) throw conflict(M.noProforma);
  const offer = quote.offer;
  // Issue 45: every line of the accepted offer, with its product's HS code as it is today.
  const productIds = quote.items.flatMap((i) => (i.productId ? [i.productId._id] : []));
  const hsCodes = new Map(
    productIds.length === 0
      ? []
      : (await tx.selectFrom('products').select(['id', 'hs_code']).where('id', 'in', productIds).execute()).map((p) => [p.id, p.hs_code]),
  );
  const first = offer.lines[0];
  const product = quote.productId ? { hs_code: hsCodes.get(quote.productId._id) ?? '' } : undefined;
  const year = orderYear(nowMs);
  const sequence = await nextOrderSequence(tx, year);
  const today = offerToday(nowMs);
  const id = newId(nowMs);
  await insertOrder(tx, {
    id,
    order_number: orderNumber(year, sequence),
    quote_id: quoteId,
    user_id: by.userId,
    step: 'PROFORMA_ISSUED',
    offer_id: offer._id,
    quotation_number: offer.quotationNumber,
    product_id: quote.productId?._id ?? null,
    product_name: quote.productId?.productName ?? 'Product no longer listed',
    hs_code: product?.hs_code ?? '',
    // The first line's (the quantity offered, as asked unless the offer changed it).
    quantity: first?.quantity ?? quote.requiredQty,
    unit: offer.priceBasis,
    packaging_type: quote.packagingType,
    currency: offer.currency,
    unit_price_minor: offer.unitPriceMinor,
    total_minor: offer.totalMinor,
    incoterm: offer.incoterm,
    port_of_loading: offer.portOfLoading,
    destination: offer.destination,
    lead_time_days: offer.leadTimeDays,
    payment_terms: offer.paymentTerms,
    company_name: quote.companyName,
    contact_person_name: quote.contactPersonName,
    company_email: quote.companyEmail,
    mobile_number: quote.mobileNumber,
    country: quote.country,
    address: quote.address,
    delivery_location: quote.deliveryLocation,
    account_email: quote.quotedByEmail,
    ship_by: addDays(today, offer.leadTimeDays),
    created_at: now,
    step_changed_at: now,
  });
  await insertOrderItems(
    tx,
    offer.lines.map((line, position) => {
      const item = quote.items.find((i) => i._id === line.itemId);
      const productId = item?.productId?._id ?? null;
      return {
        order_id: id,
        position,
        product_id: productId,
        product_name: item?.productId?.productName ?? 'Product no longer listed',
        hs_code: (productId && hsCodes.get(productId)) || '',
        quantity: line.quantity,
        unit: line.priceBasis,
        packaging_type: item?.packagingType ?? quote.packagingType,
        unit_price_minor: line.unitPriceMinor,
        total_minor: line.totalMinor,
      };
    }),
  );
  await insertMilestone(tx, {
    id: newId(nowMs),
    order_id: id,
    step: 'PROFORMA_ISSUED',
    at: today,
    note: '',
    details: {},
    actor: 'COMPANY',
    user_id: null,
    created_at: now,
  });
  return queueOrderMails(tx, id, 'PROFORMA_ISSUED', by, nowMs);
}

/** The steps an order must be at for `step` to be recorded. */
const predecessors = (step: OrderStep): OrderStep[] => {
  if (step === 'CANCELLED') return [...BEFORE_SHIPMENT];
  const index = ORDER_FLOW.indexOf(step as (typeof ORDER_FLOW)[number]);
  return index > 0 ? [ORDER_FLOW[index - 1]!] : [];
};

export interface MilestoneRequest {
  orderId: string;
  input: MilestoneData;
  actor: 'BUYER' | 'COMPANY';
  /** Only this user's order (the buyer's own confirmation). */
  ownerId?: string;
}

/**
 * Record the next step of an order (or its cancellation). 409 for a step out of order, after
 * CLOSED or CANCELLED, or a cancellation after SHIPPED; 400 for a day in the future or before the
 * previous step's day. Nothing changes unless everything passes.
 */
export async function recordMilestone(db: Db, request: MilestoneRequest, by: OrderActor, nowMs = Date.now()): Promise<Order> {
  const { orderId, input, actor } = request;
  const now = nowIso(nowMs);
  const today = offerToday(nowMs);
  const at = input.at ?? today;
  if (at > today) throw badRequest(M.dateFuture, { at: M.dateFuture });
  const step = input.step;
  const fields: Record<string, string> = {};
  for (const f of STEP_FIELDS[step] ?? []) {
    const value = input[f];
    if (value !== undefined && value !== '') fields[f] = value;
  }

  return db.transaction().execute(async (tx) => {
    await markApplied(tx);
    // The UPDATE comes first: it takes the write lock (SQLite) or the row lock (PostgreSQL) and
    // only matches an order at a step this one may follow.
    let update = tx
      .updateTable('orders')
      .set({
        step,
        step_changed_at: now,
        ...(step === 'SHIPPED'
          ? { shipped_on: at, etd: fields.etd ?? null, eta: fields.eta ?? null, tracking_url: fields.trackingUrl ?? null }
          : {}),
      })
      .where('id', '=', orderId)
      .where('step', 'in', predecessors(step));
    if (request.ownerId !== undefined) update = update.where('user_id', '=', request.ownerId);
    const updated = await update.returning('id').executeTakeFirst();
    if (!updated) {
      const current = await tx.selectFrom('orders').select('step').where('id', '=', orderId).executeTakeFirst();
      if (!current) throw notFound(M.orderNotFound);
      throw conflict(milestoneRefusal(current.step, step) ?? M.outOfOrder(step, current.step));
    }
    const previous = await tx
      .selectFrom('order_milestones')
      .select(['at', 'step'])
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (previous && at < previous.at) throw badRequest(M.dateBeforePrevious(previous.at), { at: M.dateBeforePrevious(previous.at) });
    await insertMilestone(tx, {
      id: newId(nowMs),
      order_id: orderId,
      step,
      at,
      note: input.note,
      details: fields,
      actor,
      user_id: by.userId,
      created_at: now,
    });
    if (by.audit) {
      await recordAudit(tx, by.audit, {
        action: 'update',
        entityType: 'order',
        entityId: orderId,
        before: { step: previous?.step ?? null },
        after: { step, at, ...fields, ...(input.note ? { note: input.note } : {}) },
      });
    }
    return queueOrderMails(tx, orderId, step, by, nowMs);
  });
}
