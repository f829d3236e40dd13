/**
 * The pages the owner writes (issue 43, item 3): the home page's hero, the About page's story,
 * mission, vision, values and founder card, and the privacy and terms pages, per language. What
 * the owner has not written reads as the message files' texts (the site's original pages). The
 * formatted texts (the story, privacy, terms) are written in a small Markdown and stored with their
 * safe structure (`RichBlock`s: headings, paragraphs, lists, bold, italic, links to http(s) and
 * mailto only), never as HTML: the pages draw that structure as elements, so a tag in the text shows
 * as text.
 */
import { z } from 'zod';
import { adminMessages } from '../locales/en/desk.json';
import { interpolate } from './i18n/translator.js';
import { LANGUAGES, type Language } from './languages.js';
import { apiResultSchema } from './types.js';

export const OWNER_PAGE_TEXT = adminMessages.pages;
const M = OWNER_PAGE_TEXT;

export const OWNER_PAGES = ['home', 'about', 'privacy', 'terms'] as const;
export type OwnerPage = (typeof OWNER_PAGES)[number];

/** A run of text in a formatted text: bold, italic, or a link (http, https or mailto only). */
export interface RichInline {
  text: string;
  bold?: true;
  italic?: true;
  href?: string;
}
/** A block of a formatted text: a heading (level 2 or 3), a paragraph, a bulleted or numbered list. */
export type RichBlock =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; inlines: RichInline[] }
  | { kind: 'list'; ordered: boolean; items: RichInline[][] };

export type HomeTexts = {
  heroEyebrow: string;
  heroTitle: string;
  heroTagline: string;
  heroText: string;
};
export type AboutValue = {
  title: string;
  text: string;
};
export type AboutTexts = {
  title: string;
  intro: string;
  storyHeading: string;
  /** Markdown. */
  story: string;
  mission: string;
  vision: string;
  values: AboutValue[];
  founderName: string;
  founderRole: string;
  founderMessage: string;
  /** '' or the address of an image of the site (/uploads/...). */
  founderPhoto: string;
};
export type LegalTexts = {
  /** Markdown. */
  body: string;
};
export interface OwnerPageTexts {
  home: HomeTexts;
  about: AboutTexts;
  privacy: LegalTexts;
  terms: LegalTexts;
}
/** The fields of each page written in Markdown (answered beside their structure in `rich`). */
export const RICH_FIELDS = { home: [], about: ['story'], privacy: ['body'], terms: ['body'] } as const satisfies {
  [P in OwnerPage]: readonly (keyof OwnerPageTexts[P])[];
};

/** A page as the site shows it: the owner's texts over the original ones, and its formatted texts' structure. */
export interface OwnerPageData<P extends OwnerPage = OwnerPage> {
  page: P;
  language: Language;
  texts: OwnerPageTexts[P];
  rich: Record<string, RichBlock[]>;
  /** When the owner last saved it in this language; null while it reads as the original. */
  updatedAt: string | null;
}

/** The longest text of each field (characters). */
export const OWNER_PAGE_LIMITS = {
  heroEyebrow: 120,
  heroTitle: 120,
  heroTagline: 200,
  heroText: 500,
  title: 120,
  intro: 800,
  storyHeading: 120,
  story: 8000,
  mission: 1200,
  vision: 1200,
  founderName: 100,
  founderRole: 100,
  founderMessage: 2000,
  body: 30000,
  values: 6,
  valueTitle: 80,
  valueText: 300,
} as const;
const L = OWNER_PAGE_LIMITS;

/** The field names the messages give (English, as the server's other messages). */
const FIELD_NAMES: Record<string, string> = {
  heroEyebrow: 'Hero line above the title',
  heroTitle: 'Hero title',
  heroTagline: 'Hero tagline',
  heroText: 'Hero text',
  title: 'Title',
  intro: 'Introduction',
  storyHeading: 'Story heading',
  story: 'Story',
  mission: 'Mission',
  vision: 'Vision',
  founderName: "Founder's name",
  founderRole: "Founder's role",
  founderMessage: "Founder's message",
  body: 'Text',
};
export const ownerPageFieldMessage = (field: keyof typeof FIELD_NAMES | string, multiline: boolean): string =>
  interpolate(multiline ? M.text : M.line, { field: FIELD_NAMES[field] ?? field, max: String(L[field as keyof typeof L] ?? '') });

// eslint-disable-next-line no-control-regex -- a line's control characters are what it refuses
const LINE = /^[^\u0000-\u001f\u007f]*$/;
const line = (field: keyof typeof L) => {
  const message = ownerPageFieldMessage(field, false);
  return z.string({ error: message }).trim().max(L[field], { error: message }).regex(LINE, { error: message });
};
const text = (field: keyof typeof L) => {
  const message = ownerPageFieldMessage(field, true);
  return (
    z
      .string({ error: message })
      .max(L[field], { error: message })
      // Line ends made one kind; other control characters are refused.
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      // eslint-disable-next-line no-control-regex -- tabs and line ends are allowed, nothing else below space
      .refine((value) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value), { error: message })
  );
};

/** A field the page does not have. */
const UNKNOWN = { error: M.unknownField };

export const OWNER_PAGE_INPUT = {
  home: z.strictObject(
    {
      heroEyebrow: line('heroEyebrow'),
      heroTitle: line('heroTitle'),
      heroTagline: line('heroTagline'),
      heroText: text('heroText'),
    },
    UNKNOWN,
  ),
  about: z.strictObject(
    {
      title: line('title'),
      intro: text('intro'),
      storyHeading: line('storyHeading'),
      story: text('story'),
      mission: text('mission'),
      vision: text('vision'),
      values: z
        .array(
          z.strictObject({
            title: z.string({ error: M.values }).trim().max(L.valueTitle, { error: M.values }).regex(LINE, { error: M.values }),
            text: z.string({ error: M.values }).trim().max(L.valueText, { error: M.values }),
          }),
          { error: M.values },
        )
        .max(L.values, { error: M.values })
        .transform((list) => list.filter((v) => v.title !== '' || v.text !== '')),
      founderName: line('founderName'),
      founderRole: line('founderRole'),
      founderMessage: text('founderMessage'),
      founderPhoto: z
        .string({ error: M.photo })
        .trim()
        .max(300, { error: M.photo })
        .regex(/^(\/uploads\/[\w.\-/]+)?$/, { error: M.photo })
        .refine((value) => !value.includes('..'), { error: M.photo }),
    },
    UNKNOWN,
  ),
  privacy: z.strictObject({ body: text('body') }, UNKNOWN),
  terms: z.strictObject({ body: text('body') }, UNKNOWN),
} as const satisfies { [P in OwnerPage]: z.ZodType<OwnerPageTexts[P], unknown> };

const LINE_FIELDS = new Set(['heroEyebrow', 'heroTitle', 'heroTagline', 'title', 'storyHeading', 'founderName', 'founderRole']);

/**
 * PUT /api/v1/pages/{page}: the page's texts in one language, all of them (what the form shows; an
 * empty text reads as the original one). The body's shape is the same for every page; its `texts`
 * are then read with the page's own schema (`ownerPageSaveSchema(page)` is the two together).
 */
export const ownerPageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: M.languageRequired }),
  texts: z.record(z.string(), z.unknown(), { error: M.textsRequired }),
});
export const ownerPageSaveSchema = <P extends OwnerPage>(page: P) =>
  z.object({ language: ownerPageBodySchema.shape.language, texts: OWNER_PAGE_INPUT[page] });
export const ownerPageTextsOrder = (page: OwnerPage): readonly string[] =>
  Object.keys(OWNER_PAGE_INPUT[page].shape).map((field) =>
    field === 'values' ? M.values : field === 'founderPhoto' ? M.photo : ownerPageFieldMessage(field, !LINE_FIELDS.has(field)),
  );
export const ownerPageBodyOrder = [M.languageRequired, M.textsRequired] as const;

const richInlineSchema = z.object({
  text: z.string(),
  bold: z.literal(true).optional(),
  italic: z.literal(true).optional(),
  href: z.string().optional(),
});
export const richBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), text: z.string() }),
  z.object({ kind: z.literal('paragraph'), inlines: z.array(richInlineSchema) }),
  z.object({ kind: z.literal('list'), ordered: z.boolean(), items: z.array(z.array(richInlineSchema)) }),
]);
export const ownerPageDataSchema = z.object({
  page: z.enum(OWNER_PAGES),
  language: z.enum(LANGUAGES),
  texts: z.record(z.string(), z.unknown()),
  rich: z.record(z.string(), z.array(richBlockSchema)),
  updatedAt: z.string().nullable(),
});
export const ownerPageResponseSchema = apiResultSchema.extend({ page: ownerPageDataSchema });
