/**
 * The pages the owner writes (issue 43, item 3), on both databases: read in every language as the
 * original texts until saved; saved per language by an ADMIN only, with the fields' limits; the
 * formatted texts kept as safe structure (a script tag or a javascript: link comes out as text);
 * the server-rendered page and its head show the saved texts at the next request; restored.
 */
import { PAGES_API, type OwnerPageData, type RichBlock } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from '../src/modules/owner-pages/rich-text.js';
import { standInWebDist } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  // The server renders the public pages in a stand-in shell: their head (the browser suite reads the pages).
  t = await buildTestApp({ WEB_DIST: await standInWebDist() });
  admin = await t.loginAdmin();
  buyer = await t.loginUser();
});
afterAll(async () => {
  await t?.close();
});

const read = async (page: string, lang?: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${PAGES_API.ownerPage(page)}${lang ? `?lang=${lang}` : ''}` });
  return { res, page: res.json<{ page: OwnerPageData }>().page };
};
const save = (page: string, body: unknown, cookie = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: PAGES_API.saveOwnerPage(page), payload: body as Record<string, unknown>, headers: { cookie } });

const ABOUT = {
  title: 'Our story, by the owner',
  intro: 'Written by us.',
  storyHeading: 'From the farm',
  story: 'First **bold** paragraph.\n\nSecond with a [link](https://example.com/x).',
  mission: 'Mission text',
  vision: '',
  values: [{ title: 'Honesty', text: 'Always.' }],
  founderName: 'Asha Patil',
  founderRole: 'Founder and CEO',
  founderMessage: 'Welcome.',
  founderPhoto: '',
};

describe('pages the owner writes', () => {
  it('reads as the original texts in each language until saved, for anyone', async () => {
    const en = await read('about');
    expect(en.res.statusCode).toBe(200);
    expect(en.page.updatedAt).toBeNull();
    expect(en.page.texts).toMatchObject({ title: 'The story of Sahyadri Agro Exports', founderName: expect.any(String) });
    expect(en.page.rich.story!.length).toBe(2);
    const ar = await read('privacy', 'ar');
    expect(ar.page.language).toBe('ar');
    expect(ar.page.rich.body!.some((b) => b.kind === 'heading' && b.text.startsWith('1. '))).toBe(true);
    expect(ar.page.rich.body!.some((b) => b.kind === 'list')).toBe(true);
    // The same for everyone: an edge may keep it, tagged with the settings and the language.
    expect(ar.res.headers['cache-control']).toContain('s-maxage');
    expect(String(ar.res.headers['surrogate-key'])).toContain('lang-ar');
    const home = await read('home', 'de');
    expect(home.page.texts).toMatchObject({ heroTitle: 'Sahyadri Agro Exports' });
  });

  it('is saved by an administrator only, per language; an empty field reads as the original', async () => {
    expect((await save('about', { language: 'fr', texts: ABOUT }, '')).statusCode).toBe(401);
    expect((await save('about', { language: 'fr', texts: ABOUT }, buyer.cookie)).statusCode).toBe(403);
    const res = await save('about', { language: 'fr', texts: ABOUT });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ message: string; page: OwnerPageData }>();
    expect(page.message).toBe('Page saved successfully');
    expect(page.page.updatedAt).toEqual(expect.any(String));
    expect(page.page.texts).toMatchObject({ title: ABOUT.title, founderName: 'Asha Patil', values: ABOUT.values });
    // vision left empty: the original French one.
    const original = (await read('about', 'es')).page.texts as { vision: string };
    expect((page.page.texts as { vision: string }).vision).not.toBe('');
    expect((page.page.texts as { vision: string }).vision).not.toBe(original.vision);
    expect(page.page.rich.story).toEqual<RichBlock[]>([
      { kind: 'paragraph', inlines: [{ text: 'First ' }, { text: 'bold', bold: true }, { text: ' paragraph.' }] },
      { kind: 'paragraph', inlines: [{ text: 'Second with a ' }, { text: 'link', href: 'https://example.com/x' }, { text: '.' }] },
    ]);
    // Other languages are untouched.
    expect((await read('about', 'de')).page.updatedAt).toBeNull();
    // The audit log has it.
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', 'page:about:fr').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses what does not fit, with the field named, and keeps what was stored', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['about', { language: 'xx', texts: ABOUT }, 'Language must be one of en, ar, es, fr, de'],
      ['about', { language: 'en' }, "Send the page's texts as an object"],
      ['about', { language: 'en', texts: { ...ABOUT, title: 'x'.repeat(121) } }, 'Title: at most 120 characters on one line'],
      ['about', { language: 'en', texts: { ...ABOUT, title: 'two\nlines' } }, 'Title: at most 120 characters on one line'],
      [
        'about',
        { language: 'en', texts: { ...ABOUT, founderPhoto: 'https://evil.example/x.png' } },
        'Founder photo: an image of the site (an address under /uploads/) or empty',
      ],
      [
        'about',
        { language: 'en', texts: { ...ABOUT, values: Array(7).fill({ title: 'a', text: 'b' }) } },
        'Values: at most 6, each with a title (at most 80 characters) and a text (at most 300)',
      ],
      ['about', { language: 'en', texts: { ...ABOUT, extra: 1 } }, 'A field this page does not have was sent'],
      ['privacy', { language: 'en', texts: { body: 'x'.repeat(30001) } }, 'Text: at most 30000 characters'],
      ['home', { language: 'en', texts: { heroTitle: 'Only one' } }, 'Hero line above the title: at most 120 characters on one line'],
    ];
    for (const [page, body, message] of cases) {
      const res = await save(page, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    expect((await read('about', 'en')).page.updatedAt).toBeNull();
    expect((await save('nope', { language: 'en', texts: {} })).statusCode).toBe(400);
  });

  it('keeps a formatted text safe: a script tag or a javascript: link comes out as text', async () => {
    const body = [
      '## Our <b>rules</b>',
      '',
      'Hello <script>alert(1)</script> and [click](javascript:alert(1)) or [mail](mailto:a@b.c) or [here](/contact) &amp; more.',
      '',
      '<img src=x onerror=alert(1)>',
      '',
      '- one',
      '- two [x](data:text/html,evil)',
    ].join('\n');
    const res = await save('privacy', { language: 'en', texts: { body } });
    expect(res.statusCode).toBe(200);
    const blocks = res.json<{ page: OwnerPageData }>().page.rich.body!;
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, text: 'Our <b>rules</b>' });
    const para = blocks[1] as Extract<RichBlock, { kind: 'paragraph' }>;
    expect(para.inlines.map((r) => r.text).join('')).toBe('Hello <script>alert(1)</script> and click or mail or here & more.');
    expect(para.inlines.filter((r) => r.href).map((r) => r.href)).toEqual(['mailto:a@b.c', '/contact']);
    expect(blocks[2]).toEqual({ kind: 'paragraph', inlines: [{ text: '<img src=x onerror=alert(1)>' }] });
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: false });
    expect(JSON.stringify(blocks[3])).not.toContain('data:');
    // The server's page carries it as data, never as markup (the browser suite reads the page itself).
    const html = await t.app.inject({ method: 'GET', url: '/privacy' });
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toMatch(/<script>alert|<img src=x/);
    expect(html.body).not.toContain('javascript:alert');
    expect((await t.app.ownerPage('privacy', 'en')).rich.body).toEqual(blocks);
  });

  it("shows the saved texts in the server's page and its head at the next request, and restores the original", async () => {
    const home = {
      heroEyebrow: 'From Kolhapur',
      heroTitle: 'Jaggery, by the owner',
      heroTagline: 'Pure.',
      heroText: 'The owner wrote this.',
    };
    expect((await save('home', { language: 'es', texts: home })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/es/' });
    expect((await t.app.ownerPage('home', 'es')).texts).toEqual(home);
    expect(page.body).toMatch(/<meta name="description" content="The owner wrote this\."/);
    expect((await save('about', { language: 'en', texts: { ...ABOUT, intro: 'The owner intro.' } })).statusCode).toBe(200);
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(about.body).toContain('<title>About Us');
    expect(about.body).toMatch(/<meta name="description" content="The owner intro\."/);
    const restored = await t.app.inject({
      method: 'DELETE',
      url: `${PAGES_API.restoreOwnerPage('home')}?lang=es`,
      headers: { cookie: admin.cookie },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<{ message: string; page: OwnerPageData }>()).toMatchObject({
      message: 'Page restored to the original text',
      page: { updatedAt: null },
    });
    expect((await t.app.inject({ method: 'GET', url: '/es/' })).body).not.toContain('The owner wrote this.');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${PAGES_API.restoreOwnerPage('home')}?lang=es`, headers: { cookie: buyer.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('reads Markdown as the few blocks the pages draw', () => {
    expect(richText('# Big\n\n### Small\n\n1. a\n2. *b*\n\n> quoted\n\n```\ncode\n```')).toEqual([
      { kind: 'heading', level: 2, text: 'Big' },
      { kind: 'heading', level: 3, text: 'Small' },
      { kind: 'list', ordered: true, items: [[{ text: 'a' }], [{ text: 'b', italic: true }]] },
      { kind: 'paragraph', inlines: [{ text: 'quoted' }] },
      { kind: 'paragraph', inlines: [{ text: 'code' }] },
    ]);
    expect(richText('')).toEqual([]);
    expect(richText('a &#60;b&#62; &#x26; &bogus;')).toEqual([{ kind: 'paragraph', inlines: [{ text: 'a <b> & &bogus;' }] }]);
  });
});
