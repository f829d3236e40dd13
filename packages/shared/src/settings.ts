/**
 * Site settings (issue 26): the company's own details, edited from /settings and stored in the
 * database. This file holds their shape, their seed defaults (from site.ts) and how they are
 * shown; the zod schema that validates a change is settings-schema.ts (it carries the phone
 * number library, which only the settings screen and the server need).
 */
import type { FaqEntry, FaqTranslations } from './content-translations.js';
import { SITE } from './site.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Opening and closing time ('HH:MM', 24-hour) of a day; null: closed. */
export type DayHours = { open: string; close: string } | null;

export interface BusinessHours {
  /** An IANA time zone, e.g. Asia/Kolkata. */
  timeZone: string;
  days: Record<Weekday, DayHours>;
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'x', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  youtube: 'YouTube',
};

export interface PostalAddress {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface SiteCertification {
  name: string;
  number: string;
  issuer: string;
  /** 'YYYY-MM-DD', or '' when it does not expire. Past that day it is hidden from the public pages. */
  validUntil: string;
}

export interface QuotationDefaults {
  portOfLoading: string;
  paymentTerms: string;
  validityDays: number;
  leadTimeDays: number;
}

export interface Registrations {
  iec: string;
  gstin: string;
  apedaRcmc: string;
  fssaiLicence: string;
}

/**
 * When reminders go out (issue 41): to the company's people before a lead is due and in a daily
 * digest, to buyers before an offer expires and when it waits for their answer (modules/reminders).
 */
export interface ReminderSettings {
  /** Hours before a lead is due (24 hours after it arrived) that its assignee is reminded; 0: no reminder. */
  leadDueHoursBefore: number;
  /** The hour (0-23, the business hours' time zone) the administrators' daily digest goes out at. */
  digestHour: number;
  /** Days before an offer expires that the buyer is reminded; 0: no reminder. */
  buyerOfferExpiryDays: number;
  /** Days an offer may wait for the buyer's answer before one gentle reminder; 0: no reminder. */
  buyerUnansweredOfferDays: number;
}

export interface BankDetails {
  accountName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  swift: string;
  branch: string;
}

/**
 * Who owns a new quote request or inquiry (issue 41): nobody (NONE), the administrators in turn
 * (ROUND_ROBIN), or the first rule that matches its country and product (RULES; nobody when none
 * does). A rule's country is compared without regard to case; a rule without country or product
 * matches every lead. A rule whose assignee is no longer an administrator is skipped.
 */
export const ASSIGNMENT_MODES = ['NONE', 'ROUND_ROBIN', 'RULES'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export interface AssignmentRule {
  country?: string;
  productId?: string;
  assigneeId: string;
}
export interface AssignmentSettings {
  mode: AssignmentMode;
  rules: AssignmentRule[];
}

/** Issue 43: what one sample request may hold and how many a buyer may send (defaults and bounds: sample.ts). */
export interface SampleSettings {
  /** Products in one request. */
  maxProducts: number;
  /** Grams of each product. */
  maxGrams: number;
  /** Requests of one buyer in 30 days. */
  maxPerMonth: number;
}

/** Every setting ('' = not set). */
export interface SiteSettings {
  phone: string;
  whatsapp: string;
  publicEmail: string;
  notificationEmail: string;
  address: PostalAddress;
  businessHours: BusinessHours;
  socialLinks: Record<SocialNetwork, string>;
  faq: FaqEntry[];
  /** The FAQ in the other languages (issue 28): entry i translates faq[i]; empty shows English. */
  faqTranslations: FaqTranslations;
  certifications: SiteCertification[];
  quotationDefaults: QuotationDefaults;
  registrations: Registrations;
  bankDetails: BankDetails;
  requireTwoFactorForAdmins: boolean;
  /** Issue 41: how new leads get their owner. */
  assignment: AssignmentSettings;
  /** Issue 41: whether the public pages may say 'Usually replies within N hours' (when the figure qualifies). */
  showReplyTime: boolean;
  /** Issue 41: when reminders go out (modules/reminders). */
  reminders: ReminderSettings;
  /**
   * Issue 43: what one sample request may hold, and how many a buyer may send in 30 days
   * (modules/sample); absent until an administrator sets it: sample.ts's DEFAULT_SAMPLE_SETTINGS.
   * Public (a buyer's form shows the limits), and kept out of DEFAULT_SETTINGS: the first page's budget.
   */
  samples?: SampleSettings;
  /**
   * Issue 45: a 20' and a 40' container's payload in kg, which the quote form weighs a quote's lines
   * against; absent until an administrator sets it: quote-list.ts's DEFAULT_CONTAINER_PAYLOAD_KG
   * (`containerPayloads(settings)`). Public.
   */
  containerPayloadKg?: { twenty: number; forty: number };
  /** Issue 44: the years orders (with their quotes, invoices and documents) are kept, also after their buyer deleted their account. */
  retentionYears: number;
}

export type SettingKey = keyof SiteSettings;
export const SETTING_KEYS = [
  'phone',
  'whatsapp',
  'publicEmail',
  'notificationEmail',
  'address',
  'businessHours',
  'socialLinks',
  'faq',
  'faqTranslations',
  'certifications',
  'quotationDefaults',
  'registrations',
  'bankDetails',
  'requireTwoFactorForAdmins',
  'assignment',
  'showReplyTime',
  'reminders',
  'retentionYears',
  'samples',
  'containerPayloadKg',
] as const satisfies readonly SettingKey[];

/**
 * What anyone may read (GET /api/v1/settings): the bank details never; the notification address,
 * the quote desk's defaults, the sign-in policy and the reminders are the company's own business.
 */
export const PRIVATE_SETTING_KEYS = [
  'notificationEmail',
  'quotationDefaults',
  'bankDetails',
  'requireTwoFactorForAdmins',
  'assignment',
  'showReplyTime',
  'reminders',
] as const;
/**
 * The public part, and `replyTimeHours` (issue 41): 'Usually replies within N hours', computed from
 * the leads of the last 90 days (server: modules/reply-clock), null when it does not qualify or the
 * owner hid it (`showReplyTime`).
 */
export type PublicSettings = Omit<SiteSettings, (typeof PRIVATE_SETTING_KEYS)[number]> & { replyTimeHours: number | null };

const nineToSix = { open: '09:00', close: '18:00' };

/** The seed: site.ts's placeholders. `notificationEmail` defaults to COMPANY_EMAIL on the server. */
export const DEFAULT_SETTINGS: SiteSettings = {
  phone: SITE.phone,
  whatsapp: SITE.whatsapp,
  publicEmail: SITE.email,
  notificationEmail: SITE.email,
  address: { ...SITE.address },
  businessHours: {
    timeZone: SITE.businessHoursTimeZone,
    days: {
      monday: nineToSix,
      tuesday: nineToSix,
      wednesday: nineToSix,
      thursday: nineToSix,
      friday: nineToSix,
      saturday: { open: '09:00', close: '14:00' },
      sunday: null,
    },
  },
  // The networks' home pages are not the company's profiles: none is shown until one is set.
  socialLinks: { facebook: '', instagram: '', linkedin: '', x: '', youtube: '' },
  faq: SITE.faq.map((f) => ({ ...f })),
  faqTranslations: {},
  certifications: SITE.certifications.map((name) => ({ name, number: '', issuer: '', validUntil: '' })),
  quotationDefaults: {
    portOfLoading: 'Nhava Sheva (JNPT), India',
    paymentTerms: '30% TT advance / 70% against documents',
    validityDays: 14,
    leadTimeDays: 21,
  },
  registrations: { iec: '', gstin: '', apedaRcmc: '', fssaiLicence: '' },
  bankDetails: { accountName: '', bankName: '', accountNumber: '', ifsc: '', swift: '', branch: '' },
  requireTwoFactorForAdmins: false,
  assignment: { mode: 'NONE', rules: [] },
  showReplyTime: true,
  reminders: { leadDueHoursBefore: 4, digestHour: 9, buyerOfferExpiryDays: 3, buyerUnansweredOfferDays: 7 },
  // Indian tax and export rules keep accounts and invoices eight years.
  retentionYears: 8,
};

/** What anyone may read; `replyTimeHours` is shown only when the owner lets it (`showReplyTime`). */
export function publicSettings(settings: SiteSettings, today: string, replyTimeHours: number | null = null): PublicSettings {
  const {
    notificationEmail: _n,
    quotationDefaults: _q,
    bankDetails: _b,
    requireTwoFactorForAdmins: _r,
    assignment: _a,
    showReplyTime,
    reminders: _m,
    ...rest
  } = settings;
  return {
    ...rest,
    certifications: currentCertifications(settings.certifications, today),
    replyTimeHours: showReplyTime ? replyTimeHours : null,
  };
}

/** Certifications still valid on `today` ('YYYY-MM-DD'): an expired one is hidden by itself. */
export function currentCertifications(list: readonly SiteCertification[], today: string): SiteCertification[] {
  return list.filter((c) => !c.validUntil || c.validUntil >= today);
}

/** One line of the postal address. */
export function formatPostalAddress(a: PostalAddress): string {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, cityLine, a.country].filter(Boolean).join(', ');
}

/** '18:00' -> '6:00 PM'. */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Consecutive days with the same hours (null: closed) as one span: Monday to Friday, 09:00 to 18:00. */
export function businessHoursSpans(hours: BusinessHours): { first: Weekday; last: Weekday; hours: DayHours }[] {
  const spans: { first: Weekday; last: Weekday; hours: DayHours }[] = [];
  const same = (a: DayHours, b: DayHours) => a === b || (a !== null && b !== null && a.open === b.open && a.close === b.close);
  for (const day of WEEKDAYS) {
    const h = hours.days[day];
    const previous = spans.at(-1);
    if (previous && same(previous.hours, h)) previous.last = day;
    else spans.push({ first: day, last: day, hours: h });
  }
  return spans;
}

/** 'Asia/Kolkata' -> 'IST' (the short name, as people in India write it). */
export function timeZoneLabel(timeZone: string): string {
  try {
    // A fixed winter day: the server's render and the browser's agree whatever the date.
    const parts = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' }).formatToParts(Date.UTC(2026, 0, 15));
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The profiles that are set, in the order of SOCIAL_NETWORKS. */
export function socialProfiles(links: Record<SocialNetwork, string>): { network: SocialNetwork; url: string }[] {
  return SOCIAL_NETWORKS.filter((n) => links[n]).map((network) => ({ network, url: links[network] }));
}

/** 'tel:' address of a number as people write it. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** WhatsApp click-to-chat (https://faq.whatsapp.com/5913398998672934): the number in digits only and a prefilled text. */
export function whatsappLink(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, '')}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
