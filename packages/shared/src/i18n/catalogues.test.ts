import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../languages.js';
import { CATALOGUES } from './all.js';
import { createI18n } from './translator.js';

/** Every leaf of a catalogue as 'a.b.c' -> text. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) for (const [k, v] of leaves(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, value);
  return out;
}

/**
 * Words the trade writes the same in every language: a text equal to the English one passes only
 * when it is made of these (the brand, Incoterms, units, certification and registration names,
 * networks) or of words that language spells as English does (SAME_IN).
 */
const TRADE_WORDS = [
  ...['Sahyadri', 'Agro', 'Exports', 'Incoterm', 'Incoterms'],
  ...['FOB', 'CIF', 'CFR', 'EXW', 'DAP', 'DDP', 'FCA', 'CPT', 'CIP', 'DPU', 'FAS'],
  ...['kg', 'g', 'KG', 'LTR', 'NOS', 'TONS', 'MT'],
  ...['ISO', 'FSSAI', 'APEDA', 'HACCP', 'IEC', 'GSTIN', 'RCMC', 'HS', 'ETA', 'ETD', 'PDF', 'CSV'],
  ...['WhatsApp', 'Facebook', 'Instagram', 'LinkedIn', 'X', 'YouTube', 'Google'],
];
/** Words a language writes exactly as English does (checked by a reader of that language). */
const SAME_IN: Partial<Record<Language, string[]>> = {
  fr: [
    'Contact',
    'Notifications',
    'Description',
    'Type',
    'Message',
    'Question',
    'Total',
    'Date',
    'Notes',
    'Page',
    'Pages',
    'Code',
    'Minimum',
    'Premium',
    'Options',
    'Port',
    'Certifications',
    'Photos',
    'Urgent',
    'Document',
    'Action',
    'FAQ',
    'Certification',
    'Catalogue',
    'Images',
    'litres',
    'tonnes',
    'Spam',
  ],
  // The place names of the origin; Spanish writes India as English does.
  es: ['Total', 'Premium', 'Email', 'Kolhapur', 'Maharashtra', 'India', 'Spam', 'No'],
  de: [
    'Name',
    'Status',
    'Bank',
    'Export',
    'Code',
    'Minimum',
    'Premium',
    'Team',
    'Details',
    'Dashboard',
    'Port',
    'Total',
    'E-Mail',
    'Spam',
    'Container',
  ],
};

function madeOfSameWords(text: string, language: Language): boolean {
  const allowed = new Set([...TRADE_WORDS, ...(SAME_IN[language] ?? [])].map((w) => w.toLowerCase()));
  const words = text
    .replace(/\{\{\w+\}\}/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !/^\p{N}+$/u.test(w));
  return words.every((w) => allowed.has(w.toLowerCase()));
}

const english = leaves(CATALOGUES.en);

describe('message catalogues', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const own = leaves(CATALOGUES[language]);
    it(`${language}: the same keys as English, none missing, none extra`, () => {
      expect(
        [...own.keys()].filter((k) => !english.has(k)),
        'extra keys',
      ).toEqual([]);
      expect(
        [...english.keys()].filter((k) => !own.has(k)),
        'missing keys',
      ).toEqual([]);
    });
    it(`${language}: every text a non-empty string with the same placeholders as English`, () => {
      for (const [key, text] of own) {
        expect(typeof text, key).toBe('string');
        expect((text as string).trim(), key).not.toBe('');
        const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text as string), key).toEqual(placeholders(english.get(key) as string));
      }
    });
    it(`${language}: no text left as the English one, unless the trade writes it so everywhere`, () => {
      const untranslated = [...own]
        .filter(([key, text]) => text === english.get(key) && !madeOfSameWords(text as string, language))
        .map(([k]) => k);
      expect(untranslated).toEqual([]);
    });
  }

  it('the checks catch a missing key, an extra one and an untranslated text', () => {
    const broken = leaves({ ...CATALOGUES.es, nav: { ...CATALOGUES.es.nav, home: 'Home', extra: 'x' } });
    expect(broken.has('nav.extra') && !english.has('nav.extra')).toBe(true);
    expect(broken.get('nav.home') === english.get('nav.home') && !madeOfSameWords('Home', 'es')).toBe(true);
    expect(madeOfSameWords('FOB {{port}}', 'es')).toBe(true);
    expect(madeOfSameWords('Contact', 'fr') && !madeOfSameWords('Contact', 'es')).toBe(true);
  });

  it("picks the plural form of the number: Arabic's six, English as the site always wrote it", () => {
    const i18n = createI18n(CATALOGUES, 'en');
    const ar = i18n.getFixedT('ar');
    expect([3, 11, 100].map((count) => ar('product.months', { count }))).toEqual(['3 أشهر', '11 شهرًا', '100 شهر']);
    expect(i18n.getFixedT('en')('products.showing', { count: 1, first: '1', last: '1', total: '1' })).toBe('Showing 1-1 of 1 products');
    expect(i18n.getFixedT('en')('product.months', { count: 1 })).toBe('1 month');
    expect(i18n.getFixedT('fr')('products.showing', { count: 1, first: '1', last: '1', total: '1' })).toBe(
      'Affichage de 1-1 sur 1 produit',
    );
  });

  it('translates through i18next with interpolation, one language per t function', () => {
    const i18n = createI18n(CATALOGUES, 'en');
    expect(i18n.getFixedT('de')('nav.emailTo', { email: 'a@b.com' })).toBe('E-Mail an a@b.com');
    expect(i18n.getFixedT('ar')('nav.home')).toBe('الرئيسية');
    expect(i18n.t('nav.home')).toBe('Home');
  });
});
