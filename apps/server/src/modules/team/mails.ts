import { INVITE_TTL_HOURS, SITE, interpolate } from '@agro/shared';
import { COMPANY_TEXTS as C } from '@agro/shared/i18n/company';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../mail/mailer.js';

/** To the colleague: the single-use link that makes them an administrator. */
export function inviteMail(to: string, invitedBy: string, link: string): MailMessage {
  const line = interpolate(C.invite.line, { invitedBy, company: SITE.companyName });
  const expiry = interpolate(C.invite.expiry, { hours: INVITE_TTL_HOURS });
  return {
    to,
    subject: interpolate(C.invite.subject, { company: SITE.companyName }),
    text: [line, '', C.invite.open, '', link, '', expiry, '', SITE.companyName].join('\n'),
    html: `<p>${escapeHtml(line)}</p>
<p>${escapeHtml(C.invite.open)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(SITE.companyName)}</p>`,
  };
}
