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

  it('multiplies exactly: the quantity as written, rounded half up once', () => {
    // In binary floating point 1690 x 0.15 is 253.49999999999997, which rounds to 253.
    expect(totalMinorUnits(1690, 0.15)).toBe(254);
    expect(totalMinorUnits(1, 0.5)).toBe(1);
    expect(totalMinorUnits(1, 0.49)).toBe(0);
    expect(totalMinorUnits(199, 2.005)).toBe(399);
    expect(totalMinorUnits(125, 1e21)).toBe(1.25e23);
    expect(totalMinorUnits(3, 1e-7)).toBe(0);
    expect(totalMinorUnits(0, 12.5)).toBe(0);
  });
});
