import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/languages.js';
import { CATALOGUES, MESSAGE_FILES } from '../../src/i18n/all.js';
import { PLURAL_FORMS, type Texts } from '../../src/i18n/catalogue.js';
import { createTranslator } from '../../src/i18n/translator.js';
import { duplicateTranslations, leaves, messageShape, staleTranslations, stampOf } from './checks.js';

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
  // What the company's other systems (Zapier, n8n, a CRM) call them in every language.
  ...['Webhook', 'Webhooks'],
];
/** Words a language writes exactly as English does (checked by a reader of that language). */
const SAME_IN: Partial<Record<Language, string[]>> = {
  fr: [
    'Contact',
    'Notifications',
    'Description',
    'Type',
    'Message',
    'Messages',
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
    'Introduction',
    'Mission',
    'Vision',
  ],
  // The place names of the origin; Spanish writes India as English does.
  es: ['Total', 'Premium', 'Email', 'Kolhapur', 'Maharashtra', 'India', 'Spam', 'No'],
  de: [
    'Passkeys',
    'Text',
    'Mission',
    'Vision',
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

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message files', () => {
  const english = messageShape(MESSAGE_FILES.en);
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const own = messageShape(MESSAGE_FILES[language]);
    it(`${language}: the same texts as English in the same files, none missing, none extra`, () => {
      expect(
        [...own.keys()].filter((k) => !english.has(k)),
        'extra keys',
      ).toEqual([]);
      expect(
        [...english.keys()].filter((k) => !own.has(k)),
        'missing keys',
      ).toEqual([]);
    });
    it(`${language}: a plural text has exactly the forms its language has (CLDR), a zero form only where it says more`, () => {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
      for (const [key, text] of own) {
        if (!english.get(key)?.plural) {
          expect(text.plural, `${key} is not a plural text in English`).toBe(false);
          continue;
        }
        const expected = PLURAL_FORMS.filter((f) => forms.includes(f) || (f === 'zero' && text.forms.has('zero')));
        expect([...text.forms.keys()].sort(), key).toEqual([...expected].sort());
      }
    });
    it(`${language}: every text a non-empty string with the same placeholders as English`, () => {
      for (const [key, text] of own) {
        const source = english.get(key)!;
        for (const [form, value] of text.forms) {
          expect(typeof value, `${key} ${form}`).toBe('string');
          expect(value.trim(), `${key} ${form}`).not.toBe('');
        }
        // A plural's forms together name what English's forms name (a form may say 'one' for {{count}}).
        const names = (t: typeof text) =>
          [...new Set([...t.forms.values()].flatMap(placeholders))].filter((n) => !t.plural || n !== 'count').sort();
        expect(names(text), key).toEqual(names(source));
      }
    });
    it(`${language}: no text left as the English one, unless the trade writes it so everywhere`, () => {
      const untranslated = [...own]
        .filter(([key, text]) => {
          const source = english.get(key)!;
          return [...text.forms].some(([form, value]) => value === source.forms.get(form) && !madeOfSameWords(value, language));
        })
        .map(([k]) => k);
      expect(untranslated).toEqual([]);
    });
    it(`${language}: made from today's English (no English text changed since it was translated)`, () => {
      expect(staleTranslations(MESSAGE_FILES.en, stampOf(language))).toEqual([]);
    });
    it(`${language}: one English text translated one way, unless locales/context.json says why`, () => {
      expect(duplicateTranslations(MESSAGE_FILES.en, MESSAGE_FILES[language])).toEqual([]);
    });
  }

  it('the checks catch a missing key, an extra one, an untranslated text and a stale one', () => {
    const es = MESSAGE_FILES.es;
    const nav = es.public.nav as Texts;
    const broken = messageShape({ ...es, public: { ...es.public, nav: { ...nav, home: 'Home', extra: 'x' } } });
    expect(broken.has('nav.extra') && !english.has('nav.extra')).toBe(true);
    expect(broken.get('nav.home')?.forms.get('') === english.get('nav.home')?.forms.get('') && !madeOfSameWords('Home', 'es')).toBe(true);
    expect(madeOfSameWords('FOB {{port}}', 'es')).toBe(true);
    expect(madeOfSameWords('Contact', 'fr') && !madeOfSameWords('Contact', 'es')).toBe(true);
    const enNav = MESSAGE_FILES.en.public.nav as Texts;
    const changedEnglish = { ...MESSAGE_FILES.en, public: { ...MESSAGE_FILES.en.public, nav: { ...enNav, home: 'Start' } } };
    expect(staleTranslations(changedEnglish, stampOf('es'))).toEqual(['nav.home']);
  });

  it('the check of one text translated two ways catches it and accepts a context', () => {
    const en = { public: { a: 'Close', b: 'Close' } };
    expect(duplicateTranslations(en, { public: { a: 'Fermer', b: 'Fermer' } })).toEqual([]);
    expect(duplicateTranslations(en, { public: { a: 'Fermer', b: 'Clore' } })).toEqual(['"Close": a "Fermer", b "Clore"']);
    expect(duplicateTranslations(en, { public: { a: 'Fermer', b: 'Clore' } }, { b: 'a verb in a legal text' })).toEqual([]);
  });

  it("picks the plural form of the number: Arabic's six, English as the site always wrote it", () => {
    const ar = createTranslator('ar', CATALOGUES.ar).t;
    const en = createTranslator('en', CATALOGUES.en).t;
    const fr = createTranslator('fr', CATALOGUES.fr).t;
    expect([3, 11, 100].map((count) => ar('product.months', { count }))).toEqual(['3 أشهر', '11 شهرًا', '100 شهر']);
    expect(en('products.showing', { count: 1, first: '1', last: '1', total: '1' })).toBe('Showing 1-1 of 1 products');
    expect(en('product.months', { count: 1 })).toBe('1 month');
    expect(fr('products.showing', { count: 1, first: '1', last: '1', total: '1' })).toBe('Affichage de 1-1 sur 1 produit');
  });

  it('translates with placeholders, one language per t function; a placeholder without a value stays as written', () => {
    expect(createTranslator('de', CATALOGUES.de).t('nav.emailTo', { email: 'a@b.com' })).toBe('E-Mail an a@b.com');
    expect(createTranslator('ar', CATALOGUES.ar).t('nav.home')).toBe('الرئيسية');
    expect(createTranslator('en', CATALOGUES.en).t('nav.emailTo', {})).toBe('Email {{email}}');
    expect(createTranslator('en', MESSAGE_FILES.en.public).t('nav.home')).toBe('Home');
  });
});

/**
 * SPEC.md's quoted texts (section 8: loading, success, default error texts) are the English
 * message file's, to the letter (trailing spaces included). SPEC.md lies beside the repository
 * (../shared/), as on CI; a clone without it skips this check.
 */
const SPEC = new URL('../../../../../shared/SPEC.md', import.meta.url);
describe.skipIf(!fs.existsSync(SPEC))("SPEC.md's texts", () => {
  const spec = fs.existsSync(SPEC) ? fs.readFileSync(SPEC, 'utf8') : '';
  // A quote opens after a space or '(' and closes before a space or punctuation ('won't' is inside one).
  const quotedIn = (line: string) => [...line.matchAll(/(?<=^|[\s(])'(.+?)'(?=[\s;,.)]|$)/g)].map((m) => m[1]!);
  const section = (prefix: string) => quotedIn(spec.split('\n').find((l) => l.startsWith(prefix)) ?? '');
  const app = MESSAGE_FILES.en.messages.messages as Texts;
  const texts = (name: string) => [...leaves(app[name] as Texts).values()];
  it('every loading text of SPEC.md section 8 is in the English file as quoted, and every English loading text is one of them', () => {
    const quoted = section('Loading texts:');
    expect(quoted.length).toBeGreaterThan(15);
    expect(new Set(texts('loading'))).toEqual(new Set(quoted));
  });
  it('every success text of SPEC.md section 8 is in the English file as quoted', () => {
    const quoted = section('Success texts:');
    expect(quoted.length).toBeGreaterThan(15);
    expect(quoted.filter((q) => !texts('success').includes(q))).toEqual([]);
  });
  it("every default error text of SPEC.md section 8 is in the English file as quoted ('{id}' as the file's placeholder)", () => {
    const quoted = section('Defaults:').map((q) => q.replace('{id}', '{{id}}'));
    expect(quoted.length).toBeGreaterThan(15);
    const english = texts('error');
    expect(quoted.filter((q) => !english.includes(q))).toEqual([]);
  });
  it("the other texts of SPEC.md section 8 and the toasts' labels of section 9 are in the English file as quoted", () => {
    const quoted = [...section('Other:'), ...quotedIn(spec.split('\n').find((l) => l.startsWith('- Toasts:')) ?? '')];
    expect(quoted).toEqual(expect.arrayContaining(['Oops! Page not found', 'Notifications', 'Close toast']));
    const english = texts('ui');
    expect(quoted.filter((q) => !english.includes(q))).toEqual([]);
  });
  it('every validation message of SPEC.md section 5 is in the English file as quoted', () => {
    const quoted = spec
      .split('## 5.')[1]!
      .split('## 6.')[0]!
      .split('\n')
      .flatMap(quotedIn)
      // Field names SPEC.md quotes inside a sentence ('<Field> is required' says how they read).
      .filter((q) => !q.includes('<Field>') && q !== 'How did you hear about us?');
    expect(quoted.length).toBeGreaterThan(15);
    const english = texts('validation');
    expect(quoted.filter((q) => !english.includes(q))).toEqual([]);
  });
});
