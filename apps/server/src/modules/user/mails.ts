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

/** To an account's owner once its sign-in failed many times in a row (modules/user/login-guard.ts). */
export function failedSignInsMail(to: string, fullName: string, failures: number, link: string): MailMessage {
  const lines = [
    `Hello ${fullName},`,
    '',
    `Someone tried to sign in to your ${SITE.companyName} account with a wrong password ${failures} times in the last hour. Further tries are slowed down.`,
    '',
    'If it was you, you can reset your password here:',
    '',
    link,
    '',
    'If it was not you, your account is safe as long as your password is not used elsewhere; consider changing it.',
    '',
    SITE.companyName,
  ];
  return {
    to,
    subject: `Failed sign-ins to your ${SITE.companyName} account`,
    text: lines.join('\n'),
    html: lines
      .filter((line) => line !== '')
      .map((line) => (line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`))
      .join('\n'),
  };
}
