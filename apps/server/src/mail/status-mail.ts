/**
 * The mail a buyer gets when something of theirs moves a step (an order's step, a sample
 * request's status): the greeting, what happened, a table of its facts, the link to its page and
 * the company's signature, as text and as HTML, in the buyer's language.
 */
import { SITE, type Language } from '@agro/shared';
import { escapeHtml } from '../lib/html.js';
import { mailHtml } from '../lib/i18n.js';
import type { QueuedMail } from './mailer.js';

export type MailRows = [string, string][];

/** The company's signature lines. */
export const signature = (): string[] => [SITE.companyName, `${SITE.phone} | ${SITE.email}`];

/** Label and value rows as an HTML table (escaped). */
export const htmlRows = (rows: MailRows): string =>
  `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;

export interface StatusMail {
  to: string;
  event: string;
  subject: string;
  /** 'Dear …'. */
  dear: string;
  sentence: string;
  rows: MailRows;
  /** The page's address, its words as a link, and the sentence around it (text: `{link}` filled; HTML: with the link). */
  link: { href: string; words: string; text: string; html: (slot: string) => string };
  language: Language;
}

export function statusMail({ to, event, subject, dear, sentence, rows, link, language }: StatusMail): QueuedMail {
  const anchor = `<a href="${escapeHtml(link.href)}">${escapeHtml(link.words)}</a>`;
  return {
    to,
    event,
    subject: subject.slice(0, 160),
    text: [dear, '', sentence, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', link.text, '', ...signature()].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(dear)}</p>
<p>${escapeHtml(sentence)}</p>
${htmlRows(rows)}
<p>${escapeHtml(link.html('\u0000')).replace('\u0000', anchor)}</p>
<p>${signature().map(escapeHtml).join('<br>')}</p>`,
      language,
    ),
  };
}
