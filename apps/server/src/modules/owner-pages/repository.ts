/**
 * The owner's pages as stored: one site_settings row per page and language (`page:{page}:{lang}`,
 * beside the settings, which read only their own keys), so a save bumps the settings' version
 * like any setting: every process reads it at its next request, the rendered pages it shows on
 * are made again, and the edge is told to drop them (decision 035).
 */
import { LANGUAGES, OWNER_PAGES, RICH_FIELDS, type Language, type OwnerPage, type OwnerPageData, type OwnerPageTexts } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/index.js';
import { VersionedValue, contentVersion } from '../../speed/json-cache.js';
import { originalTexts } from './defaults.js';
import { richText } from './rich-text.js';

const PREFIX = 'page:';
const rowKey = (page: OwnerPage, language: Language): string => `${PREFIX}${page}:${language}`;

/** What a row holds: the texts as the owner saved them ('' = the original's) and when. */
interface StoredPage {
  texts: Record<string, unknown>;
  updatedAt: string;
}

async function readStored(db: DbOrTx): Promise<Map<string, StoredPage>> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'like', `${PREFIX}%`).execute();
  const stored = new Map<string, StoredPage>();
  for (const row of rows) {
    const value = parseStored(row.value);
    if (value) stored.set(row.key, value);
  }
  return stored;
}

/** A row's value, or undefined when it is not one (it then reads as the original page). */
function parseStored(json: string): StoredPage | undefined {
  try {
    const value = JSON.parse(json) as StoredPage;
    return value && typeof value.texts === 'object' && typeof value.updatedAt === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The saved texts over the original ones, field by field (an empty text, or no values, reads as the original). */
function effective<P extends OwnerPage>(original: OwnerPageTexts[P], saved: Record<string, unknown> | undefined): OwnerPageTexts[P] {
  if (!saved) return original;
  const merged: Record<string, unknown> = { ...original };
  for (const [field, value] of Object.entries(saved)) {
    if (!(field in original)) continue;
    if (typeof value === 'string' && value !== '') merged[field] = value;
    if (Array.isArray(value) && value.length) merged[field] = value;
  }
  return merged as unknown as OwnerPageTexts[P];
}

function pageData<P extends OwnerPage>(page: P, language: Language, stored: StoredPage | undefined, publicEmail: string): OwnerPageData<P> {
  const texts = effective(originalTexts(page, language, publicEmail), stored?.texts);
  const rich: Record<string, ReturnType<typeof richText>> = {};
  for (const field of RICH_FIELDS[page] as readonly string[])
    rich[field] = richText(String((texts as unknown as Record<string, unknown>)[field] ?? ''));
  return { page, language, texts, rich, updatedAt: stored?.updatedAt ?? null };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A page as the site shows it in a language (kept in memory per settings version). */
    ownerPage<P extends OwnerPage>(page: P, language: Language): Promise<OwnerPageData<P>>;
  }
}

/** Every page in every language, made once per settings version (a few dozen small values). */
export function ownerPageReader(app: FastifyInstance): FastifyInstance['ownerPage'] {
  const cached = new VersionedValue<Map<string, OwnerPageData>>();
  const build = async (): Promise<Map<string, OwnerPageData>> => {
    const [stored, settings] = await Promise.all([readStored(app.db), app.siteSettings()]);
    const pages = new Map<string, OwnerPageData>();
    for (const page of OWNER_PAGES)
      for (const language of LANGUAGES)
        pages.set(rowKey(page, language), pageData(page, language, stored.get(rowKey(page, language)), settings.publicEmail));
    return pages;
  };
  return async <P extends OwnerPage>(page: P, language: Language) => {
    const pages = await cached.get(await contentVersion(app, 'settings'), build);
    return pages.get(rowKey(page, language)) as OwnerPageData<P>;
  };
}

/** Stores a page's texts in a language (null: back to the original). */
export async function writeOwnerPage(
  db: DbOrTx,
  page: OwnerPage,
  language: Language,
  texts: Record<string, unknown> | null,
  now: string,
): Promise<void> {
  const key = rowKey(page, language);
  if (!texts) {
    await db.deleteFrom('site_settings').where('key', '=', key).execute();
    return;
  }
  const value = JSON.stringify({ texts, updatedAt: now } satisfies StoredPage);
  await db
    .insertInto('site_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** The stored texts of a page in a language, as saved (for the audit log), or undefined. */
export async function storedTexts(db: DbOrTx, page: OwnerPage, language: Language): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', rowKey(page, language)).executeTakeFirst();
  return row ? parseStored(row.value)?.texts : undefined;
}

/** What a page the owner wrote says of itself in its head (meta description), from their texts. */
export function ownerDescription(page: OwnerPageData): string {
  const texts = page.texts as unknown as Record<string, unknown>;
  if (page.page === 'home') return shorten(String(texts.heroText ?? ''));
  if (page.page === 'about') return shorten(String(texts.intro ?? ''));
  const first = page.rich.body?.find((block) => block.kind === 'paragraph');
  return first?.kind === 'paragraph' ? shorten(first.inlines.map((run) => run.text).join('')) : '';
}

/** At most 160 characters, cut at a word. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 160) return flat;
  const cut = flat.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100))}...`;
}
