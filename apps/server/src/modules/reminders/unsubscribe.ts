/**
 * The buyers' one-click unsubscribe from reminder mails (RFC 8058). Each reminder carries a token of
 * its own (256 random bits), bound to its buyer: the database keeps its SHA-256 only, the outbox
 * keeps the mail with the token sealed (mail/mailer.ts). Opting out stops reminders only: offers,
 * orders and account mails are never reminders and never read the flag.
 */
import { LANGUAGE_INFO, SITE, UNSUBSCRIBE_TOKEN_PATTERN, localizedPath, type Language } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { escapeHtml } from '../../lib/html.js';
import { translator } from '../../lib/i18n.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** A new token for a reminder to `userId` (in the transaction that queues the mail). */
export async function issueUnsubscribeToken(tx: DbOrTx, userId: string, now: string): Promise<string> {
  const token = newToken();
  await tx
    .insertInto('unsubscribe_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now })
    .execute();
  return token;
}

export interface Subscriber {
  userId: string;
  language: Language;
  optedOut: boolean;
}

/** The buyer a token belongs to: 'malformed' when it cannot be one, 'unknown' when no reminder carried it (or its buyer is gone). */
export async function findSubscriber(db: DbOrTx, token: string | undefined): Promise<Subscriber | 'malformed' | 'unknown'> {
  if (token === undefined || !UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return 'malformed';
  const row = await db
    .selectFrom('unsubscribe_tokens')
    .innerJoin('users', 'users.id', 'unsubscribe_tokens.user_id')
    .select(['users.id', 'users.language', 'users.reminders_opted_out_at'])
    .where('unsubscribe_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return 'unknown';
  return { userId: row.id, language: row.language, optedOut: row.reminders_opted_out_at !== null };
}

/** The buyer gets no more reminders from now on (the first opt-out's time is kept). */
export async function optOut(db: DbOrTx, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ reminders_opted_out_at: now })
    .where('id', '=', userId)
    .where('reminders_opted_out_at', 'is', null)
    .execute();
}

export type PageState = 'ask' | 'done' | 'already' | 'invalid';

/**
 * The small page a person sees on following the link: a question and a button (a link scanner that
 * follows it changes nothing: only the POST opts out), or the outcome. Plain HTML, no script.
 */
export function unsubscribePage(
  state: PageState,
  language: Language,
  token: string | undefined,
  publicEmail: string,
  action: string,
): string {
  const t = translator(language);
  const company = SITE.companyName;
  const { tag, dir } = LANGUAGE_INFO[language];
  const title = t('unsubscribePage.title', { company });
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(t('unsubscribePage.question'))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token ?? '')}">
<button type="submit">${escapeHtml(t('unsubscribePage.button'))}</button>
</form>`
      : `<p role="status">${escapeHtml(
          state === 'invalid' ? t('unsubscribePage.invalid', { email: publicEmail }) : t(`unsubscribePage.${state}`, { company }),
        )}</p>`;
  return `<!doctype html>
<html lang="${tag}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; margin: 0">
<main style="max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1 style="font-size: 1.5rem">${escapeHtml(title)}</h1>
${body}
<p><a href="${escapeHtml(localizedPath('/', language))}">${escapeHtml(t('unsubscribePage.home', { company }))}</a></p>
</main>
</body>
</html>
`;
}
