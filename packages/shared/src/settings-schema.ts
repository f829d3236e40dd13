/**
 * PATCH /api/v1/settings: any subset of the settings (settings.ts), each field checked with its
 * own message. Objects (address, socialLinks, quotationDefaults, registrations, bankDetails,
 * reminders) may be sent in part and are merged into the stored ones; lists and businessHours are replaced.
 * Phone numbers go through libphonenumber-js and are stored in E.164 form.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { CONTENT_LANGUAGES, CONTENT_TRANSLATION_MESSAGES, faqTranslationsSchema } from './content-translations.js';
import { HANDLING_SETTINGS_TEXT as H, REMINDER_SETTINGS_TEXT as R, SETTINGS_TEXT } from './admin-texts.js';
import {
  ASSIGNMENT_MODES,
  SETTING_KEYS,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  WEEKDAYS,
  type SiteSettings,
  type SocialNetwork,
  type Weekday,
} from './settings.js';
import { EMAIL_PATTERN, isSingleLine } from './validation.js';
import { SAMPLE_SETTING_BOUNDS, SAMPLE_TEXT, sampleLimits } from './sample.js';
import { CONTAINER_PAYLOAD_BOUNDS, containerPayloads } from './quote-list.js';
import { quoteLines as QL } from '../locales/en/messages.json';

export const SETTINGS_MESSAGES = {
  unknownKey: 'Unknown setting',
  phone: 'Phone must be a valid international number with its country code, e.g. +919876543210',
  whatsapp: 'WhatsApp must be a valid international number with its country code, e.g. +919876543210, or empty',
  publicEmail: 'Public email: Enter a valid email !',
  notificationEmail: 'Notification email: Enter a valid email !',
  addressLine1: 'Address: the street line is required (at most 200 characters, one line)',
  addressCity: 'Address: the city is required (at most 100 characters, one line)',
  addressState: 'Address: the state must be at most 100 characters on one line',
  addressPostalCode: 'Address: the postal code must be at most 20 characters on one line',
  addressCountry: 'Address: the country is required (at most 100 characters, one line)',
  timeZone: 'Business hours: the time zone must be an IANA name such as Asia/Kolkata',
  dayHours: 'Business hours: each day is closed (null) or { open, close } as HH:MM with open before close',
  socialLink: (network: string) => `${network}: the profile address must be a full https address (or empty)`,
  faq: 'FAQ: at most 30 entries, each with a question (at most 300 characters) and an answer (at most 2000)',
  certification: 'Certifications: at most 20, each with a name (at most 100 characters); number and issuer at most 100 characters',
  certificationDate: 'Certifications: valid until must be a date (YYYY-MM-DD) or empty',
  portOfLoading: 'Quotation defaults: the port of loading must be 1 to 200 characters',
  paymentTerms: 'Quotation defaults: the payment terms must be 1 to 500 characters',
  validityDays: 'Quotation defaults: the validity must be a whole number of days from 1 to 365',
  leadTimeDays: 'Quotation defaults: the lead time must be a whole number of days from 1 to 365',
  iec: 'IEC must be 10 letters or digits (or empty)',
  gstin: 'GSTIN must be 15 characters, e.g. 27AAPFU0939F1ZV (or empty)',
  apedaRcmc: 'APEDA RCMC must be at most 60 characters on one line',
  fssaiLicence: 'FSSAI licence must be 14 digits (or empty)',
  bankField: 'Bank details: each field at most 100 characters on one line',
  requireTwoFactorForAdmins: 'requireTwoFactorForAdmins must be true or false',
  assignmentMode: H.assignmentMode,
  assignmentRules: H.assignmentRules,
  showReplyTime: H.showReplyTime,
  leadDueHoursBefore: R.leadDueHoursBefore,
  digestHour: R.digestHour,
  buyerOfferExpiryDays: R.buyerOfferExpiryDays,
  buyerUnansweredOfferDays: R.buyerUnansweredOfferDays,
  retentionYears: SETTINGS_TEXT.retentionYears,
  sampleMaxProducts: SAMPLE_TEXT.settingMaxProducts,
  sampleMaxGrams: SAMPLE_TEXT.settingMaxGrams,
  sampleMaxPerMonth: SAMPLE_TEXT.settingMaxPerMonth,
  containerPayload: QL.containerPayload,
} as const;
const M = SETTINGS_MESSAGES;

const line = (max: number, message: string, required = false) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine(isSingleLine, { error: message })
    .refine((v) => !required || v.length > 0, { error: message });

/** An international number, stored as E.164 (+919876543210). */
const phone = (message: string, optional = false) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => (optional && v === '') || (v.startsWith('+') && v.length <= 30 && isValidPhoneNumber(v)), { error: message })
    .transform((v) => (v === '' ? '' : (parsePhoneNumberFromString(v)?.number ?? v)));

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .regex(EMAIL_PATTERN, { error: message })
    .transform((v) => v.toLowerCase());

/** https://, a host name with a dot (no user or password), then an optional path without spaces. */
const HTTPS_URL = /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?([/?#][^\s]*)?$/i;

const httpsUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(500, { error: message })
    .refine((v) => v === '' || HTTPS_URL.test(v), { error: message });

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const dayHours = z
  .strictObject(
    { open: z.string().regex(CLOCK, { error: M.dayHours }), close: z.string().regex(CLOCK, { error: M.dayHours }) },
    { error: M.dayHours },
  )
  .refine((d) => d.open < d.close, { error: M.dayHours })
  .nullable();

const isTimeZone = (v: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return v.includes('/') || v === 'UTC';
  } catch {
    return false;
  }
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) => v === '' || (isoDay.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v));

const wholeDays = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(365, { error: message });

/** A strict object whose unknown keys are refused with `message`. */
const strict = <T extends z.ZodRawShape>(shape: T, message: string) => z.strictObject(shape, { error: message });

const addressSchema = strict(
  {
    line1: line(200, M.addressLine1, true),
    city: line(100, M.addressCity, true),
    state: line(100, M.addressState),
    postalCode: line(20, M.addressPostalCode),
    country: line(100, M.addressCountry, true),
  },
  M.addressLine1,
).partial();

const socialSchema = strict(
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, httpsUrl(M.socialLink(SOCIAL_LABELS[n]))])) as Record<
    SocialNetwork,
    ReturnType<typeof httpsUrl>
  >,
  M.socialLink('Social links'),
).partial();

const businessHoursSchema = strict(
  {
    timeZone: z.string({ error: M.timeZone }).trim().refine(isTimeZone, { error: M.timeZone }),
    days: strict(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>, M.dayHours),
  },
  M.timeZone,
);

const faqSchema = z
  .array(
    strict(
      {
        question: z.string({ error: M.faq }).trim().min(1, { error: M.faq }).max(300, { error: M.faq }),
        answer: z.string({ error: M.faq }).trim().min(1, { error: M.faq }).max(2000, { error: M.faq }),
      },
      M.faq,
    ),
    { error: M.faq },
  )
  .max(30, { error: M.faq });

const certificationsSchema = z
  .array(
    strict(
      {
        name: line(100, M.certification, true),
        number: line(100, M.certification).default(''),
        issuer: line(100, M.certification).default(''),
        validUntil: z.string({ error: M.certificationDate }).trim().refine(isDate, { error: M.certificationDate }).default(''),
      },
      M.certification,
    ),
    { error: M.certification },
  )
  .max(20, { error: M.certification });

const quotationDefaultsSchema = strict(
  {
    portOfLoading: line(200, M.portOfLoading, true),
    paymentTerms: z.string({ error: M.paymentTerms }).trim().min(1, { error: M.paymentTerms }).max(500, { error: M.paymentTerms }),
    validityDays: wholeDays(M.validityDays),
    leadTimeDays: wholeDays(M.leadTimeDays),
  },
  M.portOfLoading,
).partial();

const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || pattern.test(v), { error: message });

const registrationsSchema = strict(
  {
    iec: optionalPattern(/^[A-Z0-9]{10}$/, M.iec),
    gstin: optionalPattern(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, M.gstin),
    apedaRcmc: line(60, M.apedaRcmc),
    fssaiLicence: optionalPattern(/^\d{14}$/, M.fssaiLicence),
  },
  M.iec,
).partial();

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** 0 turns a reminder off; the digest has no off (an administrator with nothing gets nothing anyway). */
const remindersSchema = strict(
  {
    leadDueHoursBefore: wholeNumber(0, 23, M.leadDueHoursBefore),
    digestHour: wholeNumber(0, 23, M.digestHour),
    buyerOfferExpiryDays: wholeNumber(0, 30, M.buyerOfferExpiryDays),
    buyerUnansweredOfferDays: wholeNumber(0, 90, M.buyerUnansweredOfferDays),
  },
  M.leadDueHoursBefore,
).partial();

/** Issue 43: the sample requests' limits (each within SAMPLE_SETTING_BOUNDS). */
const samplesSchema = strict(
  {
    maxProducts: wholeNumber(...SAMPLE_SETTING_BOUNDS.maxProducts, M.sampleMaxProducts),
    maxGrams: wholeNumber(...SAMPLE_SETTING_BOUNDS.maxGrams, M.sampleMaxGrams),
    maxPerMonth: wholeNumber(...SAMPLE_SETTING_BOUNDS.maxPerMonth, M.sampleMaxPerMonth),
  },
  M.sampleMaxProducts,
).partial();

/** Issue 45: the containers' payloads in kg. */
const containerPayloadSchema = strict(
  {
    twenty: wholeNumber(...CONTAINER_PAYLOAD_BOUNDS, M.containerPayload),
    forty: wholeNumber(...CONTAINER_PAYLOAD_BOUNDS, M.containerPayload),
  },
  M.containerPayload,
).partial();

const bankLine = line(100, M.bankField);
const bankDetailsSchema = strict(
  { accountName: bankLine, bankName: bankLine, accountNumber: bankLine, ifsc: bankLine, swift: bankLine, branch: bankLine },
  M.bankField,
).partial();

/** How many assignment rules the settings hold at most. */
export const ASSIGNMENT_RULES_MAX = 50;
const ruleField = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), line(max, M.assignmentRules).optional());
const assignmentSchema = strict(
  {
    mode: z.enum(ASSIGNMENT_MODES, { error: M.assignmentMode }),
    rules: z
      .array(
        strict(
          {
            country: ruleField(100),
            productId: ruleField(64),
            assigneeId: z.string({ error: M.assignmentRules }).regex(/^[a-f0-9]{24}$/, { error: M.assignmentRules }),
          },
          M.assignmentRules,
        ),
        { error: M.assignmentRules },
      )
      .max(ASSIGNMENT_RULES_MAX, { error: M.assignmentRules }),
  },
  M.assignmentMode,
).partial();

export const settingsPatchSchema = z
  .strictObject(
    {
      phone: phone(M.phone),
      whatsapp: phone(M.whatsapp, true),
      publicEmail: email(M.publicEmail),
      notificationEmail: email(M.notificationEmail),
      address: addressSchema,
      businessHours: businessHoursSchema,
      socialLinks: socialSchema,
      faq: faqSchema,
      faqTranslations: faqTranslationsSchema,
      certifications: certificationsSchema,
      quotationDefaults: quotationDefaultsSchema,
      registrations: registrationsSchema,
      bankDetails: bankDetailsSchema,
      requireTwoFactorForAdmins: z.boolean({ error: M.requireTwoFactorForAdmins }),
      assignment: assignmentSchema,
      showReplyTime: z.boolean({ error: M.showReplyTime }),
      reminders: remindersSchema,
      retentionYears: wholeNumber(1, 30, M.retentionYears),
      samples: samplesSchema,
      containerPayloadKg: containerPayloadSchema,
      /** Read-only (computed by the server, issue 41): a form that sends back what it read is not refused; ignored. */
      replyTimeHours: z.unknown(),
    },
    { error: M.unknownKey },
  )
  .partial();
export type SettingsPatch = z.output<typeof settingsPatchSchema>;

/** Messages in the order of the keys (SETTING_KEYS): the first failing field is answered first. */
export const settingsMessageOrder: readonly string[] = [
  M.unknownKey,
  M.phone,
  M.whatsapp,
  M.publicEmail,
  M.notificationEmail,
  M.addressLine1,
  M.addressCity,
  M.addressState,
  M.addressPostalCode,
  M.addressCountry,
  M.timeZone,
  M.dayHours,
  ...SOCIAL_NETWORKS.map((n) => M.socialLink(SOCIAL_LABELS[n])),
  M.faq,
  CONTENT_TRANSLATION_MESSAGES.faqTranslations,
  M.certification,
  M.certificationDate,
  M.portOfLoading,
  M.paymentTerms,
  M.validityDays,
  M.leadTimeDays,
  M.iec,
  M.gstin,
  M.apedaRcmc,
  M.fssaiLicence,
  M.bankField,
  M.requireTwoFactorForAdmins,
  M.assignmentMode,
  M.assignmentRules,
  M.showReplyTime,
  M.leadDueHoursBefore,
  M.digestHour,
  M.buyerOfferExpiryDays,
  M.buyerUnansweredOfferDays,
  M.retentionYears,
  M.sampleMaxProducts,
  M.sampleMaxGrams,
  M.sampleMaxPerMonth,
  M.containerPayload,
];

const MERGED = new Set<keyof SiteSettings>([
  'address',
  'socialLinks',
  'quotationDefaults',
  'registrations',
  'bankDetails',
  'assignment',
  'reminders',
  'samples',
  'containerPayloadKg',
]);

/** `current` with `patch` applied: objects merged one level deep, everything else replaced. */
export function applySettingsPatch(current: SiteSettings, patch: SettingsPatch): SiteSettings {
  const next: Record<string, unknown> = { ...current };
  for (const key of SETTING_KEYS) {
    const value = patch[key];
    if (value === undefined) continue;
    // `samples` is absent until first set (issue 43): merged over its defaults.
    const base = key === 'samples' ? sampleLimits(current) : key === 'containerPayloadKg' ? containerPayloads(current) : current[key];
    next[key] = MERGED.has(key) ? { ...(base as object), ...(value as object) } : value;
  }
  return next as unknown as SiteSettings;
}

export { SETTINGS_TEXT } from './admin-texts.js';

const text = z.string();
const dayOut = z.object({ open: text, close: text }).nullable();
/** The shape of the settings in an answer (OpenAPI; response checks outside production). */
export const siteSettingsSchema = z.object({
  phone: text,
  whatsapp: text,
  publicEmail: text,
  notificationEmail: text,
  address: z.object({ line1: text, city: text, state: text, postalCode: text, country: text }),
  businessHours: z.object({
    timeZone: text,
    days: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayOut])) as Record<Weekday, typeof dayOut>),
  }),
  socialLinks: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, text])) as Record<SocialNetwork, typeof text>),
  faq: z.array(z.object({ question: text, answer: text })),
  faqTranslations: z.object(
    Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, z.array(z.object({ question: text, answer: text })).optional()])) as Record<
      (typeof CONTENT_LANGUAGES)[number],
      z.ZodOptional<z.ZodArray<z.ZodObject<{ question: typeof text; answer: typeof text }>>>
    >,
  ),
  certifications: z.array(z.object({ name: text, number: text, issuer: text, validUntil: text })),
  quotationDefaults: z.object({ portOfLoading: text, paymentTerms: text, validityDays: z.number(), leadTimeDays: z.number() }),
  registrations: z.object({ iec: text, gstin: text, apedaRcmc: text, fssaiLicence: text }),
  bankDetails: z.object({ accountName: text, bankName: text, accountNumber: text, ifsc: text, swift: text, branch: text }),
  requireTwoFactorForAdmins: z.boolean(),
  assignment: z.object({
    mode: z.enum(ASSIGNMENT_MODES),
    rules: z.array(z.object({ country: text.optional(), productId: text.optional(), assigneeId: text })),
  }),
  showReplyTime: z.boolean(),
  reminders: z.object({
    leadDueHoursBefore: z.number(),
    digestHour: z.number(),
    buyerOfferExpiryDays: z.number(),
    buyerUnansweredOfferDays: z.number(),
  }),
  samples: z.object({ maxProducts: z.number(), maxGrams: z.number(), maxPerMonth: z.number() }).optional(),
  /** Years a deleted account's orders are kept before they are deleted (public: the deletion dialog says it). */
  retentionYears: z.number().optional(),
  /** Issue 45: a 20' and a 40' container's payload (kg); absent until set (defaults: DEFAULT_CONTAINER_PAYLOAD_KG). */
  containerPayloadKg: z.object({ twenty: z.number(), forty: z.number() }).optional(),
});

/** GET answers the public part (an ADMIN gets the whole); PATCH answers the whole. */
export const settingsResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  settings: siteSettingsSchema
    .partial({
      notificationEmail: true,
      quotationDefaults: true,
      bankDetails: true,
      requireTwoFactorForAdmins: true,
      assignment: true,
      showReplyTime: true,
      reminders: true,
    })
    .extend({
      /** 'Usually replies within N hours' (issue 41): null when it does not qualify or is hidden. */
      replyTimeHours: z.number().int().nullable(),
    }),
});
