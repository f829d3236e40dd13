/**
 * The company's reminder mails (issue 41), in English as its other notifications are
 * (locales/en/company.json): a lead's reply is due soon, and an administrator's daily digest.
 * Times are printed on the company's wall clock (the business hours' time zone).
 */
import { DIGEST_OFFER_EXPIRY_DAYS, SITE, interpolate, threadPagePath, timeZoneLabel, type ThreadKind } from '@agro/shared';
import { COMPANY_TEXTS } from '@agro/shared/i18n/company';
import { escapeHtml } from '../../lib/html.js';
import { wallClockText } from '../../lib/zoned-time.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { Lead } from './leads.js';

const R = COMPANY_TEXTS.reminders;
/** Lines a digest section shows; the rest is counted ("and 12 more"). */
const SECTION_LINES = 20;

export interface MailPlace {
  /** The site's address for links (PUBLIC_URL). */
  baseUrl: string;
  /** The company's time zone (settings: businessHours.timeZone). */
  timeZone: string;
}

const at = (iso: string, place: MailPlace) => `${wallClockText(Date.parse(iso), place.timeZone)} ${timeZoneLabel(place.timeZone)}`;
const pageOf = (kind: ThreadKind, id: string, place: MailPlace) => `${place.baseUrl}${threadPagePath(kind, id, 'COMPANY')}`;

/** 'Quote request from Acme (Kenya)' / 'Inquiry from Ana (Acme, Kenya)'. */
export function leadTitle(lead: Lead): string {
  return lead.kind === 'quote'
    ? interpolate(R.quote, { company: lead.companyName, country: lead.country })
    : interpolate(R.contact, { name: lead.personName, company: lead.companyName, country: lead.country });
}

/** To the lead's assignee (or the notification address): its reply is due within hours. */
export function leadDueMail(to: string, lead: Lead, assigneeName: string | undefined, nowMs: number, place: MailPlace): MailMessage {
  const what = leadTitle(lead);
  const hours = Math.max(1, Math.ceil((Date.parse(lead.dueAt) - nowMs) / 3_600_000));
  const link = pageOf(lead.kind, lead.id, place);
  const intro = interpolate(R.leadDueIntro, { what, received: at(lead.createdAt, place), due: at(lead.dueAt, place) });
  const owner = assigneeName === undefined ? R.unassigned : interpolate(R.assignedTo, { name: assigneeName });
  return {
    to,
    subject: interpolate(R.leadDueSubject, { hours, what }).slice(0, 160),
    text: [intro, owner, '', interpolate(R.open, { link })].join('\n'),
    html: `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(owner)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(interpolate(R.open, { link }))}</a></p>`,
  };
}

export interface DigestLine {
  text: string;
  link: string;
}

export interface DigestSection {
  heading: string;
  /** The first lines (at most SECTION_LINES), written out. */
  lines: DigestLine[];
  /** How many the section holds in all. */
  total: number;
}

export interface DigestOrder {
  id: string;
  number: string;
  company: string;
}

export interface DigestContent {
  late: Lead[];
  dueToday: Lead[];
  fresh: Lead[];
  offers: Array<{ quoteId: string; number: string; company: string; expiresAt: string }>;
  orders: Array<DigestOrder & { step: string; shipBy: string }>;
  followUps: { leads: Lead[]; orders: DigestOrder[] };
}

/** The digest's sections, empty ones left out. */
export function digestSections(content: DigestContent, place: MailPlace): DigestSection[] {
  const leadLine = (template: string) => (lead: Lead) => ({
    text: interpolate(template, { what: leadTitle(lead), due: at(lead.dueAt, place) }),
    link: pageOf(lead.kind, lead.id, place),
  });
  // Only the lines a mail shows are written out (a date in the company's zone each): a year's late
  // leads are thousands, and writing every one took the process's event loop for a second.
  const section = <T>(heading: string, items: readonly T[], line: (item: T) => DigestLine): DigestSection => ({
    heading,
    lines: items.slice(0, SECTION_LINES).map(line),
    total: items.length,
  });
  const followUps: Array<() => DigestLine> = [
    ...content.followUps.leads.map((lead) => () => ({
      text: interpolate(R.followUpLine, { what: leadTitle(lead) }),
      link: pageOf(lead.kind, lead.id, place),
    })),
    ...content.followUps.orders.map((o) => () => ({
      text: interpolate(R.followUpLine, { what: interpolate(R.orderTitle, { number: o.number, company: o.company }) }),
      link: pageOf('order', o.id, place),
    })),
  ];
  const sections: DigestSection[] = [
    section(R.lateLeads, content.late, leadLine(R.leadLate)),
    section(R.dueToday, content.dueToday, leadLine(R.leadDue)),
    section(R.newLeads, content.fresh, leadLine(R.leadDue)),
    section(interpolate(R.expiringOffers, { days: DIGEST_OFFER_EXPIRY_DAYS }), content.offers, (o) => ({
      text: interpolate(R.offerLine, { number: o.number, company: o.company, expires: at(o.expiresAt, place) }),
      link: pageOf('quote', o.quoteId, place),
    })),
    section(R.lateOrders, content.orders, (o) => ({
      text: interpolate(R.orderLine, { number: o.number, company: o.company, step: o.step, shipBy: o.shipBy }),
      link: pageOf('order', o.id, place),
    })),
    section(R.followUps, followUps, (write) => write()),
  ];
  return sections.filter((s) => s.total > 0);
}

/** To one administrator: what needs them today, one mail. */
export function digestMail(to: string, sections: DigestSection[], today: string, place: MailPlace): MailMessage {
  const count = sections.reduce((n, s) => n + s.total, 0);
  const intro = interpolate(R.digestIntro, { company: SITE.companyName, date: today, zone: timeZoneLabel(place.timeZone) });
  const shown = sections.map((s) => ({
    heading: interpolate(R.sectionHeading, { heading: s.heading, count: s.total }),
    lines: s.lines,
    more: s.total - s.lines.length,
  }));
  const moreText = (n: number) => (n > 0 ? [`  ${interpolate(R.more, { count: n })}`] : []);
  return {
    to,
    subject: interpolate(R.digestSubject, { date: today, count }),
    text: [
      intro,
      ...shown.flatMap((s) => ['', s.heading, ...s.lines.map((l) => `- ${l.text}\n  ${l.link}`), ...moreText(s.more)]),
      '',
      R.unassignedNote,
    ].join('\n'),
    html: `<p>${escapeHtml(intro)}</p>
${shown
  .map(
    (s) =>
      `<h3>${escapeHtml(s.heading)}</h3>\n<ul>${s.lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join('')}${
        s.more > 0 ? `<li>${escapeHtml(interpolate(R.more, { count: s.more }))}</li>` : ''
      }</ul>`,
  )
  .join('\n')}
<p><small>${escapeHtml(R.unassignedNote)}</small></p>`,
  };
}
