/**
 * Held replies (issue 40, item 3): replies by e-mail that were not posted, on the administrators'
 * screen /held-replies. Its empty state, then two held replies (one from someone else than the
 * buyer, one with an unknown reply address) written into the server's database as the mailbox
 * reader would: axe-clean at 1280 and 390 px in English and Arabic; the first posted to its
 * conversation, the second dropped, each behind a confirmation. The reading itself (dovecot) is
 * tested on the server (apps/server/test/replies-by-mail.test.ts).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expectCleanAtBothWidths } from '../support/axe';
import { dataDir, expect, expectToast, findProduct, loginAsAdmin, openPage, test, uniqueId, userWithQuote } from '../support/fixtures';

// One screen with one list: the steps follow each other.
test.describe.configure({ mode: 'serial' });

const newId = () => randomBytes(12).toString('hex');

function holdReplies(quoteId: string, buyerId: string, tag: string): { forwarded: string; unknown: string } {
  const db = new Database(path.join(dataDir(), 'agro.sqlite'));
  try {
    const insert = db.prepare(
      `insert into held_replies (id, reason, thread_kind, thread_id, recipient, user_id, from_address, from_name, subject, body,
         attachments, notes, received_at, status, decided_at, decided_by, message_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, 'HELD', null, null, null)`,
    );
    const forwarded = `assistant-${tag}@globalfoods.example`;
    const unknown = `stranger-${tag}@elsewhere.example`;
    const now = new Date().toISOString();
    insert.run(
      newId(),
      'SENDER',
      'quote',
      quoteId,
      'BUYER',
      buyerId,
      forwarded,
      'Ana',
      'Re: your quote',
      `12.00 a kilo for two containers? ${tag}`,
      '[]',
      now,
    );
    insert.run(newId(), 'UNKNOWN_TOKEN', null, null, null, null, unknown, '', 'Re: old offer', `هل العرض ما زال قائمًا؟ ${tag}`, '[]', now);
    return { forwarded, unknown };
  } finally {
    db.close();
  }
}

test('the held replies screen: empty, then a reply posted to its conversation and another dropped, axe-clean in English and Arabic', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { page, close } = await openPage(browser);
  try {
    await loginAsAdmin(page);
    // Reached from the dashboard.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Held replies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Held replies' })).toBeVisible();
    const empty = page.getByText('No held replies. Every reply by e-mail reached its conversation.');
    if (await empty.isVisible().catch(() => false)) await expectCleanAtBothWidths(page, '/held-replies (empty)');

    const tag = uniqueId();
    const company = `Held ${tag}`;
    const buyer = await userWithQuote(company, (await findProduct(request, (p) => p.productType === 'AGRO'))._id);
    const db = new Database(path.join(dataDir(), 'agro.sqlite'), { readonly: true });
    const quote = db.prepare('select id, user_id from quotes where company_name = ?').get(company) as { id: string; user_id: string };
    db.close();
    const { forwarded, unknown } = holdReplies(quote.id, quote.user_id, tag);

    await page.reload();
    const first = page.getByRole('article', { name: `From Ana <${forwarded}>` });
    await expect(first.getByText('Sent by someone else than the person the mail went to')).toBeVisible();
    await expect(first.getByText(`Meant for ${buyer.email}`, { exact: false })).toBeVisible();
    await expect(page.getByRole('article', { name: `From ${unknown}` }).getByText('The reply address is unknown')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectCleanAtBothWidths(page, '/held-replies');

    await page.goto('/ar/held-replies');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'الردود المحتجزة' })).toBeVisible();
    await expect(page.getByText('عنوان الرد غير معروف').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectCleanAtBothWidths(page, '/ar/held-replies');

    await page.goto('/held-replies');
    await page.getByRole('button', { name: `Post the reply from ${forwarded} to its conversation` }).click();
    const dialog = page.getByRole('dialog', { name: `Post this reply as ${buyer.email}?` });
    await dialog.getByRole('button', { name: 'Post to the conversation' }).click();
    await expectToast(page, 'The reply was added to its conversation');
    await expect(page.getByRole('article', { name: `From Ana <${forwarded}>` })).toHaveCount(0);

    await page.getByRole('button', { name: `Drop the reply from ${unknown}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Drop' }).click();
    await expectToast(page, 'The reply was dropped');
    await expect(page.getByRole('article', { name: `From ${unknown}` })).toHaveCount(0);

    // The posted reply is in the buyer's conversation, as the buyer.
    const check = new Database(path.join(dataDir(), 'agro.sqlite'), { readonly: true });
    const rows = check.prepare("select author, body from messages where thread_kind = 'quote' and thread_id = ?").all(quote.id);
    check.close();
    expect(rows).toEqual([{ author: 'BUYER', body: `12.00 a kilo for two containers? ${tag}` }]);
  } finally {
    await close();
  }
});
