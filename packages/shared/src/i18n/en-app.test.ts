import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, MILESTONE_FIELD_LABELS, ORDER_MESSAGES, ORDER_STEP_LABELS, ORDER_UI } from '../order.js';
import { QUOTE_DESK_MESSAGES, QUOTE_DESK_UI, QUOTE_STATUS_LABELS } from '../quote-desk-texts.js';
import { TRADE_TERMS_MESSAGES } from '../trade-terms.js';
import enApp from './en-app.js';

/**
 * en-app.ts writes out some English texts that live in modules it must not import (order.ts,
 * trade-terms.ts and quote-desk-texts.ts would bring zod and trade.ts into its chunk's imports and
 * split the first page's chunks): they stay equal here.
 */
describe('the English private screens’ catalogue', () => {
  it('writes the quote statuses and the decision’s questions as the quote desk does', () => {
    const { prefix: _prefix, ...statuses } = enApp.quoteStatus;
    expect(statuses).toEqual(QUOTE_STATUS_LABELS);
    expect(enApp.decision.acceptTitle).toBe(QUOTE_DESK_UI.acceptConfirm);
    expect(enApp.decision.declineTitle).toBe(QUOTE_DESK_UI.declineConfirm);
    const d = enApp.messages.decision;
    expect([d.accepting, d.declining, d.acceptError, d.declineError]).toEqual([
      QUOTE_DESK_UI.loading.accept,
      QUOTE_DESK_UI.loading.decline,
      QUOTE_DESK_UI.errors.accept,
      QUOTE_DESK_UI.errors.decline,
    ]);
    expect([d.accepted, d.declined]).toEqual([QUOTE_DESK_MESSAGES.offerAccepted, QUOTE_DESK_MESSAGES.offerDeclined]);
  });

  it('writes the trade-terms messages as trade-terms.ts does', () => {
    expect(enApp.messages.tradeTerms).toEqual(TRADE_TERMS_MESSAGES);
  });

  it('writes the order steps, document types, fields, screen texts and messages as order.ts does', () => {
    expect(enApp.orderSteps).toEqual(ORDER_STEP_LABELS);
    expect(enApp.documentTypes).toEqual(Object.fromEntries(DOCUMENT_TYPES.map((d) => [d.value, d.label])));
    expect(enApp.milestoneFields).toEqual(MILESTONE_FIELD_LABELS);
    expect(enApp.messages.order.loading).toEqual(ORDER_UI.loading);
    expect(enApp.messages.order.errors).toEqual(ORDER_UI.errors);
    expect(enApp.messages.order.server).toEqual(
      Object.fromEntries(Object.entries(ORDER_MESSAGES).filter(([, text]) => typeof text === 'string')),
    );
    const o = enApp.order;
    expect([o.myOrders, o.noOrders, o.late, o.timeline, o.eta, o.documents, o.noDocuments, o.proforma]).toEqual([
      ORDER_UI.myOrders,
      ORDER_UI.noOrders,
      ORDER_UI.late,
      ORDER_UI.timeline,
      ORDER_UI.eta,
      ORDER_UI.documents,
      ORDER_UI.noDocuments,
      ORDER_UI.proforma,
    ]);
    expect([o.deleteDocumentConfirm, o.confirmDelivery, o.confirmDeliveryQuestion, o.recordStep, o.attach]).toEqual([
      ORDER_UI.deleteDocumentConfirm,
      ORDER_UI.confirmDelivery,
      ORDER_UI.confirmDeliveryQuestion,
      ORDER_UI.recordStep,
      ORDER_UI.attach,
    ]);
    expect(o.trackNewTab).toBe(`${ORDER_UI.track} (opens in a new tab)`);
  });
});
