import { ORDER_MESSAGES, QUOTE_DESK_MESSAGES } from '@agro/shared';
import { describe, expect, it } from 'vitest';
import { translator } from './i18n.js';
import { localizeRefusal } from './refusals.js';

const en = translator('en');

describe('the refusals that carry a value', () => {
  it('English templates equal the messages the server builds (the patterns read those back)', () => {
    const pairs: [string, string][] = [
      [ORDER_MESSAGES.finished('CLOSED'), en('refusals.orderFinished', { step: 'CLOSED' })],
      [ORDER_MESSAGES.outOfOrder('SHIPPED', 'PACKED'), en('refusals.orderOutOfOrder', { step: 'SHIPPED', expected: 'PACKED' })],
      [ORDER_MESSAGES.cannotCancel('SHIPPED'), en('refusals.orderCannotCancel', { step: 'SHIPPED' })],
      [ORDER_MESSAGES.dateBeforePrevious('2026-11-20'), en('refusals.orderDateBeforePrevious', { day: '2026-11-20' })],
      [QUOTE_DESK_MESSAGES.offerExpired('2026-11-20'), en('refusals.offerExpired', { validUntil: '2026-11-20' })],
      [QUOTE_DESK_MESSAGES.offerReplaced('QTN-2026-0002'), en('refusals.offerReplaced', { current: 'QTN-2026-0002' })],
      [QUOTE_DESK_MESSAGES.alreadyDecided('ACCEPTED'), en('refusals.alreadyDecided', { status: 'ACCEPTED' })],
      [QUOTE_DESK_MESSAGES.notAllowed('accept', 'NEW'), en('refusals.notAllowed', { status: 'NEW', action: 'accepted' })],
    ];
    for (const [built, template] of pairs) expect(template).toBe(built);
  });

  it("are written in the page's language with their step, status and action named in it; English and other messages unchanged", () => {
    expect(localizeRefusal(QUOTE_DESK_MESSAGES.alreadyDecided('ACCEPTED'), 'es')).toBe(
      `Esta cotización ya está «${translator('es')('quoteStatus.ACCEPTED')}» y ya no puede cambiar`,
    );
    expect(localizeRefusal(ORDER_MESSAGES.outOfOrder('SHIPPED', 'PACKED'), 'de')).toBe(
      `„${translator('de')('orderSteps.SHIPPED')}“ kann jetzt nicht erfasst werden: Der nächste Schritt dieses Auftrags ist „${translator('de')('orderSteps.PACKED')}“`,
    );
    expect(localizeRefusal(QUOTE_DESK_MESSAGES.notAllowed('reject', 'DECLINED'), 'fr')).toMatch(
      /^Un devis « .+ » ne peut pas être refusé$/,
    );
    expect(localizeRefusal(QUOTE_DESK_MESSAGES.offerExpired('2026-11-20'), 'ar')).toContain('2026-11-20');
    expect(localizeRefusal(QUOTE_DESK_MESSAGES.offerExpired('2026-11-20'), 'en')).toBe(QUOTE_DESK_MESSAGES.offerExpired('2026-11-20'));
    expect(localizeRefusal('Quote not found', 'ar')).toBe('Quote not found');
  });
});
