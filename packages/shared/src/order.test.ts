import { describe, expect, it } from 'vitest';
import {
  ORDER_FLOW,
  ORDER_MESSAGES as M,
  documentUploadSchema,
  milestoneRefusal,
  milestoneSchema,
  nextOrderStep,
  orderFilterSchema,
  orderNumber,
  type OrderStep,
} from './order.js';

describe('order numbers', () => {
  it('are ORD-YYYY-NNNN, widening past 9999', () => {
    expect(orderNumber(2026, 7)).toBe('ORD-2026-0007');
    expect(orderNumber(2027, 12345)).toBe('ORD-2027-12345');
  });
});

describe('the order of the steps', () => {
  it('allows only the next step, and CANCELLED before SHIPPED', () => {
    for (const [i, step] of ORDER_FLOW.entries()) {
      const next = ORDER_FLOW[i + 1];
      expect(nextOrderStep(step)).toBe(next);
      if (next) expect(milestoneRefusal(step, next)).toBeUndefined();
      for (const other of ORDER_FLOW) {
        if (other !== next && step !== 'CLOSED')
          expect(milestoneRefusal(step, other), `${step} -> ${other}`).toBe(M.outOfOrder(other, next ?? step));
      }
    }
    const beforeShipment: OrderStep[] = ['PROFORMA_ISSUED', 'ADVANCE_RECEIVED', 'IN_PRODUCTION', 'QUALITY_CHECKED', 'PACKED'];
    for (const step of beforeShipment) expect(milestoneRefusal(step, 'CANCELLED')).toBeUndefined();
    for (const step of ['SHIPPED', 'DOCUMENTS_SENT', 'DELIVERED'] as const)
      expect(milestoneRefusal(step, 'CANCELLED')).toBe(M.cannotCancel(step));
    for (const final of ['CLOSED', 'CANCELLED'] as const) {
      for (const step of [...ORDER_FLOW, 'CANCELLED'] as const) expect(milestoneRefusal(final, step)).toBe(M.finished(final));
    }
  });
});

describe('milestone bodies', () => {
  const first = (body: unknown) => {
    const result = milestoneSchema.safeParse(body);
    return result.success ? undefined : result.error.issues.map((i) => i.message);
  };
  it("require each step's own fields and ignore blanks", () => {
    expect(first({ step: 'IN_PRODUCTION' })).toBeUndefined();
    expect(first({ step: 'ADVANCE_RECEIVED', amount: '1500.5' })).toBeUndefined();
    expect(first({ step: 'ADVANCE_RECEIVED', amount: '1.234' })).toEqual([M.amountInvalid]);
    expect(first({ step: 'PACKED', containerNumber: ' ' })).toEqual([M.containerNumberRequired, M.sealNumberRequired]);
    expect(first({ step: 'SHIPPED', flight: 'EK 505', airWaybill: '176-1', etd: '2026-01-02', eta: '2026-01-01' })).toEqual([
      M.etaBeforeEtd,
    ]);
    expect(
      first({
        step: 'SHIPPED',
        vessel: 'X',
        voyage: 'Y',
        billOfLading: 'B',
        etd: '2026-01-01',
        eta: '2026-01-02',
        trackingUrl: 'javascript:alert(1)',
      }),
    ).toEqual([M.trackingUrlInvalid]);
    expect(first({ step: 'DOCUMENTS_SENT', courier: 'DHL' })).toEqual([M.courierTrackingRequired]);
    expect(first({ step: 'CANCELLED', note: 'no' })).toEqual([M.reasonMin]);
    expect(first({ step: 'PROFORMA_ISSUED' })).toEqual([M.stepInvalid]);
    expect(first({ step: 'IN_PRODUCTION', at: '2026-13-01' })).toEqual([M.dateInvalid]);
  });
});

describe('document types and order filters', () => {
  it('accept the listed types and the filter keys', () => {
    expect(documentUploadSchema.safeParse({ type: 'BILL_OF_LADING' }).success).toBe(true);
    expect(documentUploadSchema.safeParse({ type: 'PASSPORT' }).success).toBe(false);
    expect(orderFilterSchema.parse({ step: 'SHIPPED', late: 'true', page: '2' })).toEqual({ step: 'SHIPPED', late: true, page: 2 });
    expect(orderFilterSchema.safeParse({ etaFrom: '2026-05-02', etaTo: '2026-05-01' }).success).toBe(false);
  });
});
