import { DEFAULT_LANGUAGE, SITE, TIMINGS, type Language } from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import { mailHtml, translator } from '../../lib/i18n.js';
import type { MailMessage } from '../../mail/mailer.js';

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

/** To a buyer who has just registered, in the language of the page they registered on (issue 28). */
export function welcomeMail(to: string, fullName: string, link: string, language: Language = DEFAULT_LANGUAGE): MailMessage {
  const t = translator(language);
  const company = SITE.companyName;
  const intro = t('mail.welcomeIntro', { email: to });
  const reply = t('mail.welcomeReply', { hours: TIMINGS.replyPromiseHours });
  return {
    to,
    subject: t('mail.welcomeSubject', { company }),
    text: [t('mail.hello', { name: fullName }), '', intro, '', link, '', reply, '', company].join('\n'),
    html: mailHtml(
      `<p>${escapeHtml(t('mail.hello', { name: fullName }))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.yourQuotes'))}</a></p>
<p>${escapeHtml(reply)}</p>
<p>${escapeHtml(company)}</p>`,
      language,
    ),
  };
}

/** To an account's owner, in their language, once its sign-in failed many times in a row (modules/user/login-guard.ts). */
export function failedSignInsMail(
  to: string,
  fullName: string,
  failures: number,
  link: string,
  language: Language = DEFAULT_LANGUAGE,
): MailMessage {
  const t = translator(language);
  const company = SITE.companyName;
  const lines = [
    t('mail.hello', { name: fullName }),
    '',
    t('mail.failedSignInsWhat', { company, count: failures }),
    '',
    t('mail.failedSignInsIfYou'),
    '',
    link,
    '',
    t('mail.failedSignInsIfNot'),
    '',
    company,
  ];
  return {
    to,
    subject: t('mail.failedSignInsSubject', { company }),
    text: lines.join('\n'),
    html: mailHtml(
      lines
        .filter((line) => line !== '')
        .map((line) => (line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`))
        .join('\n'),
      language,
    ),
  };
}
