import { DEFAULT_LANGUAGE, SITE, TIMINGS, type Language } from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import { mailHtml, translator } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mailer.js';

/** To the account's owner, in their language (issue 28). */
export function passwordResetMail(to: string, fullName: string, link: string, language: Language = DEFAULT_LANGUAGE): MailMessage {
  const t = translator(language);
  const minutes = TIMINGS.resetTokenTtlMinutes;
  const company = SITE.companyName;
  return {
    to,
    subject: t('mail.resetSubject', { company }),
    text: [
      t('mail.hello', { name: fullName }),
      '',
      t('mail.resetIntro'),
      '',
      link,
      '',
      t('mail.resetExpiry', { minutes }),
      '',
      company,
    ].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(t('mail.hello', { name: fullName }))}</p>
<p>${escapeHtml(t('mail.resetIntro'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(t('mail.resetExpiry', { minutes }))}</p>
<p>${escapeHtml(company)}</p>`,
      language,
    ),
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
