import { describe, expect, it } from 'vitest';
import { QUOTE_DESK_MESSAGES as M, effectiveQuoteStatus, offerExpiresAt, offerSchema, offerToday, refusalMessage } from './quote-desk.js';

describe('quote desk rules', () => {
  it('an offer valid until a date expires at the next midnight in India', () => {
    expect(offerExpiresAt('2026-03-31')).toBe('2026-03-31T18:30:00.000Z');
    expect(offerToday(Date.parse('2026-03-31T18:29:59.000Z'))).toBe('2026-03-31');
    expect(offerToday(Date.parse('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
  });

  it('QUOTED past the expiry reads EXPIRED; other statuses stay as stored', () => {
    expect(effectiveQuoteStatus('QUOTED', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('EXPIRED');
    expect(effectiveQuoteStatus('QUOTED', '2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('QUOTED');
    expect(effectiveQuoteStatus('ACCEPTED', '2020-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('ACCEPTED');
  });

  it('refuses transitions other than the allowed ones, with a reason', () => {
    expect(refusalMessage('offer', 'NEW')).toBeUndefined();
    expect(refusalMessage('offer', 'EXPIRED')).toBeUndefined();
    expect(refusalMessage('accept', 'QUOTED')).toBeUndefined();
    expect(refusalMessage('accept', 'NEW')).toBe(M.noOffer);
    expect(refusalMessage('accept', 'EXPIRED', '2026-01-01')).toBe(M.offerExpired('2026-01-01'));
    expect(refusalMessage('offer', 'ACCEPTED')).toBe(M.alreadyDecided('ACCEPTED'));
    expect(refusalMessage('reject', 'DECLINED')).toBe(M.alreadyDecided('DECLINED'));
  });

  it('the offer schema turns the price into exact minor units', () => {
    const offer = offerSchema.parse({
      unitPrice: 0.3,
      currency: 'EUR',
      incoterm: 'DPU',
      portOfLoading: 'Mundra',
      destination: 'Hamburg',
      leadTimeDays: '30',
      paymentTerms: 'LC at sight',
      validUntil: '2030-12-31',
    });
    expect(offer).toMatchObject({ unitPriceMinor: 30, leadTimeDays: 30, note: '' });
  });
});
