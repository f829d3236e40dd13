/** Mails of a sample request: the buyer at every status, in their language; the company when one arrives and when the buyer rates the samples (English). */
import {
  COURIER_NAMES,
  DEFAULT_LANGUAGE,
  SAMPLE_STATUS_LABELS,
  SITE,
  interpolate,
  localizedPath,
  type Language,
  type Sample,
  type SampleStatus,
} from '@agro/shared';
import { COMPANY_TEXTS } from '@agro/shared/i18n/company';
import { escapeHtml } from '../../lib/html.js';
import { translator } from '../../lib/i18n.js';
import type { QueuedMail } from '../../mail/mailer.js';
import { htmlRows, statusMail } from '../../mail/status-mail.js';

/** To the buyer, in their language: the request reached `status`, with a link to the samples page. */
export function sampleStatusMail(
  sample: Sample,
  status: SampleStatus,
  pageLink: string,
  language: Language = DEFAULT_LANGUAGE,
): QueuedMail {
  const t = translator(language);
  const values = {
    number: sample.number,
    courier: sample.dispatch ? COURIER_NAMES[sample.dispatch.courier] : '',
    tracking: sample.dispatch?.trackingNumber ?? '',
  };
  const sentence = t(`sampleMail.${status}`, values);
  const rows: [string, string][] = [
    [t('sampleMail.rowNumber'), sample.number],
    [t('sampleMail.rowStatus'), t(`sampleStatuses.${status}`)],
    [t('sampleMail.rowProducts'), sample.items.map((i) => `${i.productName} (${t('sampleMail.grams', { grams: i.grams })})`).join(', ')],
  ];
  if (status === 'DECLINED' && sample.declineReason) rows.push([t('sampleMail.rowReason'), sample.declineReason]);
  if (status === 'DISPATCHED' && sample.dispatch) rows.push([t('sampleMail.rowTracking'), sample.dispatch.trackingUrl]);
  return statusMail({
    to: sample.buyer.email,
    event: `sample:${sample._id}:${status}`,
    subject: t('sampleMail.subject', { number: sample.number, status: t(`sampleStatuses.${status}`), company: SITE.companyName }),
    dear: t('mail.dear', { name: sample.buyer.name }),
    sentence,
    rows,
    link: {
      href: pageLink,
      words: t('sampleMail.itsPage'),
      text: t('sampleMail.followText', { link: pageLink }),
      html: (slot) => t('sampleMail.followHtml', { link: slot }),
    },
    language,
  });
}

/** To the company (English): a new request waits for approval. */
export function sampleCompanyMail(to: string, sample: Sample, adminLink: string): QueuedMail {
  const values = {
    number: sample.number,
    company: sample.buyer.company || sample.buyer.name,
    name: sample.buyer.name,
    email: sample.buyer.email,
  };
  const C = COMPANY_TEXTS.sampleRequest;
  const intro = interpolate(C.intro, { ...values, link: adminLink });
  const rows: [string, string][] = [
    [C.status, SAMPLE_STATUS_LABELS[sample.status]],
    [C.products, sample.items.map((i) => `${i.productName} (${i.grams} g)`).join(', ')],
    [C.country, sample.buyer.country],
  ];
  return {
    to,
    event: `sample:${sample._id}:REQUESTED:company`,
    replyTo: sample.buyer.email,
    subject: interpolate(C.subject, values).slice(0, 160),
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: `<p>${escapeHtml(intro)}</p>\n${htmlRows(rows)}`,
  };
}

/** To the company (English): the buyer rated the samples they received. */
export function sampleFeedbackMail(to: string, sample: Sample, adminLink: string): QueuedMail {
  const C = COMPANY_TEXTS.sampleFeedback;
  const values = {
    number: sample.number,
    company: sample.buyer.company || sample.buyer.name,
    rating: String(sample.feedback?.rating ?? ''),
  };
  const intro = interpolate(C.intro, { ...values, link: adminLink });
  const rows: [string, string][] = [
    [C.rating, interpolate(C.ratingValue, values)],
    [C.note, sample.feedback?.note || C.noNote],
    [C.products, sample.items.map((i) => `${i.productName} (${i.grams} g)`).join(', ')],
  ];
  return {
    to,
    event: `sample:${sample._id}:FEEDBACK:company`,
    replyTo: sample.buyer.email,
    subject: interpolate(C.subject, values).slice(0, 160),
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: `<p>${escapeHtml(intro)}</p>\n${htmlRows(rows)}`,
  };
}

/**
 * Every mail of reaching `status` (the buyer's, and the company's for a new request), or of the
 * buyer's feedback (the company's); `siteUrl` is the site's base address.
 */
export function sampleMails(
  sample: Sample,
  status: SampleStatus | 'FEEDBACK',
  siteUrl: string,
  companyEmail: string,
  language: Language,
): QueuedMail[] {
  const adminLink = `${siteUrl}/profile/samples?id=${sample._id}`;
  if (status === 'FEEDBACK') return [sampleFeedbackMail(companyEmail, sample, adminLink)];
  const mails = [
    sampleStatusMail(sample, status, `${siteUrl}${localizedPath(`/profile/samples?sample=${sample._id}`, language)}`, language),
  ];
  if (status === 'REQUESTED') mails.push(sampleCompanyMail(companyEmail, sample, adminLink));
  return mails;
}
