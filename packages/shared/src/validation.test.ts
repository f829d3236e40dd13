import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages.js';
import { packagingLabel } from './constants.js';
import { inSpecOrder, isEmail, isSingleLine, isStrongPassword, requiredLine, specRank } from './validation.js';

describe('email pattern (SPEC.md section 5)', () => {
  it.each(['a@b.co', 'buyer.name+tag@example.com', 'x@sub.domain.org', 'ü@例え.jp'])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });
  it.each([
    ['no @', 'buyer.example.com'],
    ['nothing before @', '@example.com'],
    ['no dot after @', 'buyer@example'],
    ['one character after the dot', 'buyer@example.c'],
    ['a space', 'buyer @example.com'],
    ['a trailing space', 'buyer@example.com '],
    ['two @', 'a@b@c.com'],
    ['empty', ''],
  ])('refuses %s', (_name, email) => {
    expect(isEmail(email)).toBe(false);
  });
});

describe('password strength (SPEC.md section 5)', () => {
  it.each(['Str0ng!Pass', 'Aa1@aaaa', 'Aa1$aaaa', 'Aa1!aaaa', 'Aa1%aaaa', 'Aa1*aaaa', 'Aa1?aaaa', 'Aa1&aaaa', 'Aa1#aaaa', 'Aa1^aaaa'])(
    'accepts %s',
    (password) => {
      expect(isStrongPassword(password)).toBe(true);
    },
  );
  it.each([
    ['7 characters', 'Aa1@aaa'],
    ['no lowercase', 'AA1@AAAA'],
    ['no uppercase', 'aa1@aaaa'],
    ['no digit', 'Aaa@aaaa'],
    ['no special character', 'Aa1aaaaa'],
    ['a space', 'Aa1@ aaaa'],
    ['a character outside the allowed set', 'Aa1@aaaa~'],
    ['a hyphen', 'Aa1@aa-aa'],
  ])('refuses %s', (_name, password) => {
    expect(isStrongPassword(password)).toBe(false);
  });
});

describe('single-line fields', () => {
  it('refuses line breaks and control characters inside, after trimming the ends', () => {
    const field = requiredLine('required', 100);
    expect(field.parse('  Asha Traders \n')).toBe('Asha Traders');
    for (const bad of ['Asha\nTraders', 'Asha\r\nBcc: x@example.com', 'A\tB', 'A\u0000B', 'A\u2028B', 'A\u0085B']) {
      expect(isSingleLine(bad)).toBe(false);
      const result = field.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VALIDATION.singleLine);
    }
    expect(isSingleLine('Zoë Müller-Ñandú, 株式会社')).toBe(true);
  });
});

describe('spec order', () => {
  const order = ['first', 'second', 'third'] as const;

  it('ranks a message by its place in the order, unknown messages last', () => {
    expect(specRank('second', order)).toBe(1);
    expect(specRank('not listed', order)).toBe(3);
  });

  it('sorts by rank and keeps equal ranks in their order', () => {
    const items = [{ message: 'x' }, { message: 'third' }, { message: 'first' }, { message: 'y' }, { message: 'second' }];
    expect(inSpecOrder(items, order).map((i) => i.message)).toEqual(['first', 'second', 'third', 'x', 'y']);
  });
});

describe('packagingLabel', () => {
  it('names a packaging value, and shows an unknown one as sent', () => {
    expect(packagingLabel('CORRUGATED_BOX')).toBe('Corrugated Box');
    expect(packagingLabel('SOMETHING_ELSE')).toBe('SOMETHING_ELSE');
  });
});
