import { INVITE_TTL_HOURS, SITE } from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../mail/mailer.js';

/** To the colleague: the single-use link that makes them an administrator. */
export function inviteMail(to: string, invitedBy: string, link: string): MailMessage {
  const line = `${invitedBy} invites you to run the ${SITE.companyName} website as an administrator.`;
  const expiry = `The link works once and expires in ${INVITE_TTL_HOURS} hours. If you did not expect it, ignore this mail.`;
  return {
    to,
    subject: `You are invited to administer ${SITE.companyName}`,
    text: [line, '', 'Open this link to set your name, phone and password:', '', link, '', expiry, '', SITE.companyName].join('\n'),
    html: `<p>${escapeHtml(line)}</p>
<p>Open this link to set your name, phone and password:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(SITE.companyName)}</p>`,
  };
}
