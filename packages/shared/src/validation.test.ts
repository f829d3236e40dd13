import { describe, expect, it } from 'vitest';
import { isEmail, isStrongPassword } from './validation.js';

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
