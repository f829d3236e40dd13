import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal, parseMinorUnits, totalMinorUnits } from './trade.js';

describe('money in integer minor units', () => {
  it.each([
    ['12.35', 1235],
    ['12.5', 1250],
    ['12', 1200],
    ['0.01', 1],
    ['999999999.99', 99_999_999_999],
    // 0.1 + 0.2 style decimals stay exact.
    ['0.30', 30],
  ])('parses %s as %i', (text, minor) => expect(parseMinorUnits(text)).toBe(minor));

  it.each(['', '1.005', '-1', '1,50', '1e3', '.5', '1.', 'abc', ' 1 2'])('refuses %j', (text) => expect(parseMinorUnits(text)).toBeNull());

  it('prints exact decimals and grouped amounts with the currency code', () => {
    expect(minorToDecimal(1)).toBe('0.01');
    expect(minorToDecimal(148_140_000)).toBe('1481400.00');
    expect(formatMoney(148_140_000, 'AED')).toBe('AED 1,481,400.00');
    expect(formatMoney(5, 'INR')).toBe('INR 0.05');
  });

  it('totals round half up to the minor unit', () => {
    expect(totalMinorUnits(1235, 1200)).toBe(1_482_000);
    expect(totalMinorUnits(333, 1.5)).toBe(500);
  });
});
