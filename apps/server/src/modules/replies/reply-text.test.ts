import { describe, expect, it } from 'vitest';
import { replyText } from './reply-text.js';

describe('replyText', () => {
  it('cuts Gmail quotes, wrapped or not', () => {
    expect(
      replyText('Yes, 10 kg cartons are fine.\n\nOn Tue, 3 Mar 2026 at 10:00, Agro <replies@example.com> wrote:\n> Can you pack?\n'),
    ).toBe('Yes, 10 kg cartons are fine.');
    expect(replyText('Fine.\r\n\r\nOn Tue, 3 Mar 2026 at 10:00, Agro Exports\r\n<replies@example.com> wrote:\r\n> old')).toBe('Fine.');
  });

  it("cuts Outlook's original message and header block, and Apple Mail's forward", () => {
    expect(replyText('Agreed.\n\n-----Original Message-----\nFrom: Agro\nSent: Monday\nold')).toBe('Agreed.');
    expect(replyText('Agreed.\n\n________________________________\nFrom: Agro <a@b>\nSent: Monday\nold')).toBe('Agreed.');
    expect(replyText('See below\n\nFrom: Agro <a@b>\nSent: Monday, 2 March\nTo: me\nold')).toBe('See below');
    expect(replyText('Here it is\n\nBegin forwarded message:\n\nFrom: x')).toBe('Here it is');
  });

  it('keeps a "From:" line that is not a header block', () => {
    expect(replyText('From: Mumbai to Jebel Ali, please.\nThanks')).toBe('From: Mumbai to Jebel Ali, please.\nThanks');
  });

  it('cuts the signature and the mobile sign-off', () => {
    expect(replyText('12.00 a kilo?\n\n-- \nAhmed\n+971 50 000 0000')).toBe('12.00 a kilo?');
    expect(replyText('OK\n\nSent from my iPhone\n\n> On ... wrote:')).toBe('OK');
  });

  it('cuts quotes introduced in French, Spanish, German and Arabic', () => {
    expect(replyText("D'accord.\n\nLe mar. 3 mars 2026 à 10:00, Agro <a@b> a écrit :\n> x")).toBe("D'accord.");
    expect(replyText('Vale.\n\nEl mar, 3 mar 2026 a las 10:00, Agro (<a@b>) escribió:\n> x')).toBe('Vale.');
    expect(replyText('Gut.\n\nAm Di., 3. März 2026 um 10:00 Uhr schrieb Agro <a@b>:\n> x')).toBe('Gut.');
    expect(replyText('موافق على السعر.\n\nفي الثلاثاء، 3 مارس 2026 في 10:00 ص كتب Agro <a@b>:\n> x')).toBe('موافق على السعر.');
  });

  it('keeps a reply with nothing quoted as it is', () => {
    expect(replyText('  Two containers, please.\nAnd a lab report.  ')).toBe('Two containers, please.\nAnd a lab report.');
  });
});
