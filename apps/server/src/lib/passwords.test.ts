import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with scrypt and a per-password salt, and verifies', async () => {
    const a = await hashPassword('Str0ng!Pass', 12);
    const b = await hashPassword('Str0ng!Pass', 12);
    expect(a).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Str0ng!Pass');
    expect(await verifyPassword('Str0ng!Pass', a)).toBe(true);
    expect(await verifyPassword('Str0ng!Pass!', a)).toBe(false);
    expect(await verifyPassword('Str0ng!Pass', 'garbage')).toBe(false);
  });

  it('verifies a hash made with another cost (the cost is stored with the hash)', async () => {
    const hash = await hashPassword('Str0ng!Pass', 13);
    expect(await verifyPassword('Str0ng!Pass', hash)).toBe(true);
  });
});
