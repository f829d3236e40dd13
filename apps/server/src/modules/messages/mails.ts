/**
 * The mail that tells one side of a thread about the other's messages (one mail for the messages
 * of five minutes: digests.ts): to the buyer in their language, to the company in English as its
 * other notifications are. Each message's own text keeps its direction (dir="auto").
 */
import { SITE, localizedPath, threadPagePath, type Language, type MessageAuthor, type ThreadKind, type ThreadMessage } from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import { mailHtml, translator } from '../../lib/i18n.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { ThreadOwner, ThreadRef } from './repository.js';

export interface DigestMailInput {
  to: string;
  recipient: MessageAuthor;
  thread: ThreadRef;
  owner: ThreadOwner;
  messages: ThreadMessage[];
  /** The site's address for links (PUBLIC_URL). */
  baseUrl: string;
  /** The buyer's language (the company's mail is English). */
  language: Language;
  replyTo: string | undefined;
}

const SUBJECT_KEYS = {
  quote: 'threadMail.subjectQuote',
  contact: 'threadMail.subjectContact',
  order: 'threadMail.subjectOrder',
  sample: 'threadMail.subjectSample',
} as const satisfies Record<ThreadKind, string>;
const COMPANY_SUBJECT = { quote: 'quote request', contact: 'inquiry', order: 'order', sample: 'sample request' } as const satisfies Record<
  ThreadKind,
  string
>;

function proposalLines(m: ThreadMessage): string[] {
  const p = m.proposal;
  if (!p) return [];
  const rows: Array<[string, string | number | undefined]> = [
    ['Unit price', p.unitPrice === undefined ? undefined : `${p.currency} ${p.unitPrice}`],
    ['Quantity', p.requiredQty],
    ['Incoterm', p.incoterm],
    ['Destination', p.destination],
    ['Payment terms', p.paymentTerms],
    ['Lead time (days)', p.leadTimeDays],
  ];
  return [`Proposed changes to ${p.quotationNumber}:`, ...rows.filter(([, v]) => v !== undefined).map(([k, v]) => `  ${k}: ${v}`)];
}

export function digestMail(input: DigestMailInput): MailMessage {
  const { thread, owner, messages, recipient } = input;
  const forBuyer = recipient === 'BUYER';
  const page = threadPagePath(thread.kind, thread.id, recipient);
  const link = `${input.baseUrl}${forBuyer ? localizedPath(page, input.language) : page}`;
  const t = translator(forBuyer ? input.language : 'en');
  const attachmentsLine = (m: ThreadMessage) =>
    m.attachments.length === 0
      ? []
      : [
          forBuyer
            ? t('threadMail.attachments', { names: m.attachments.map((a) => a.fileName).join(', ') })
            : `Attached: ${m.attachments.map((a) => a.fileName).join(', ')}`,
        ];
  const blocks = messages.map((m) => [
    `${m.authorName} (${m.createdAt.slice(0, 16).replace('T', ' ')} UTC):`,
    m.text,
    ...proposalLines(m),
    ...attachmentsLine(m),
  ]);
  const subject = forBuyer
    ? t(SUBJECT_KEYS[thread.kind], { ref: owner.ref })
    : `New message from ${messages[0]?.authorName ?? 'the buyer'} about ${COMPANY_SUBJECT[thread.kind]} ${owner.ref}`;
  const intro = forBuyer
    ? t('threadMail.intro', { company: SITE.companyName })
    : `The buyer wrote about ${COMPANY_SUBJECT[thread.kind]} ${owner.ref}:`;
  const readAndReply = forBuyer ? t('threadMail.readAndReply') : 'Read and answer on the site:';
  const byMail = input.replyTo ? [forBuyer ? t('threadMail.replyByMail') : 'You can also answer this mail directly.'] : [];
  const text = [intro, '', ...blocks.flatMap((b) => [...b, '']), readAndReply, link, ...(byMail.length ? ['', ...byMail] : [])].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
${blocks
  .map(
    ([head, ...rest]) =>
      `<p><strong>${escapeHtml(head)}</strong></p>\n<div dir="auto" style="white-space:pre-wrap">${rest.map((l) => escapeHtml(l)).join('<br>')}</div>`,
  )
  .join('\n')}
<p>${escapeHtml(readAndReply)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>${byMail.map((l) => `\n<p>${escapeHtml(l)}</p>`).join('')}`;
  return {
    to: input.to,
    subject: subject.slice(0, 160),
    text,
    html: forBuyer ? mailHtml(html, input.language) : html,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}
