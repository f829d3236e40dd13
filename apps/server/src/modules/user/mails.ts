import { SITE, TIMINGS } from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mailer.js';

export function passwordResetMail(to: string, fullName: string, link: string): MailMessage {
  const minutes = TIMINGS.resetTokenTtlMinutes;
  return {
    to,
    subject: `Reset your ${SITE.companyName} password`,
    text: [
      `Hello ${fullName},`,
      '',
      'We received a request to reset the password of your account. Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays unchanged.`,
      '',
      SITE.companyName,
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(fullName)},</p>
<p>We received a request to reset the password of your account. Open this link to choose a new password:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays unchanged.</p>
<p>${escapeHtml(SITE.companyName)}</p>`,
  };
}
