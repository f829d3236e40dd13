/**
 * Site settings (issue 26): the public part to anyone, every change by an ADMIN only, each field
 * checked with its own message, stored in the database and shown at the next request (pages'
 * JSON-LD, mails, the quotation PDF) with no restart; and the audit row each change writes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API, DEFAULT_SETTINGS, SETTINGS_MESSAGES as M, type AuditResponse, type Quote, type SiteSettings } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/mappers.js';
import { recordAudit } from '../src/modules/audit/index.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

const run = promisify(execFile);
const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Web app</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'http://shop.example', COMPANY_EMAIL: 'desk@company.example' });
  admin = await t.loginAdmin();
  buyer = await t.loginUser();
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

type SettingsAnswer = { success: boolean; message: string; settings: Partial<SiteSettings> };
const getSettings = async (cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: API.settings, headers: cookie ? { cookie } : {} })).json<SettingsAnswer>();
const patch = (payload: unknown, cookie = admin.cookie) =>
  t.app.inject({ method: 'PATCH', url: API.updateSettings, payload: payload as Record<string, unknown>, headers: { cookie } });

function organization(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return blocks.find((b) => b['@type'] === 'Organization')!;
}

describe('GET /api/v1/settings', () => {
  it('answers the public part to anyone: the seed defaults, never the bank details', async () => {
    const body = await getSettings();
    expect(body.success).toBe(true);
    expect(body.settings).toMatchObject({
      phone: DEFAULT_SETTINGS.phone,
      publicEmail: DEFAULT_SETTINGS.publicEmail,
      faq: DEFAULT_SETTINGS.faq,
    });
    for (const key of ['bankDetails', 'notificationEmail', 'quotationDefaults', 'requireTwoFactorForAdmins', 'reminders']) {
      expect(body.settings).not.toHaveProperty(key);
    }
    expect((await getSettings(buyer.cookie)).settings).not.toHaveProperty('bankDetails');
  });

  it('answers everything to an ADMIN; COMPANY_EMAIL is the first notification address', async () => {
    const body = await getSettings(admin.cookie);
    expect(body.settings.notificationEmail).toBe('desk@company.example');
    expect(body.settings.bankDetails).toEqual(DEFAULT_SETTINGS.bankDetails);
    // Issue 41: when reminders go out.
    expect(body.settings.reminders).toEqual({ leadDueHoursBefore: 4, digestHour: 9, buyerOfferExpiryDays: 3, buyerUnansweredOfferDays: 7 });
  });
});

describe('PATCH /api/v1/settings', () => {
  it('is for an ADMIN only, and a refused call changes nothing', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: API.updateSettings, payload: { phone: '+4930123456' } })).statusCode).toBe(401);
    expect((await patch({ phone: '+4930123456' }, buyer.cookie)).statusCode).toBe(403);
    expect((await getSettings()).settings.phone).toBe(DEFAULT_SETTINGS.phone);
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['a phone without its country code', { phone: '98765 43210' }, M.phone],
    ['a phone that is no number', { phone: '+91 12' }, M.phone],
    ['a WhatsApp number that is no number', { whatsapp: '+1 555' }, M.whatsapp],
    ['a public email without a domain', { publicEmail: 'info@company' }, M.publicEmail],
    ['a notification email with a space', { notificationEmail: 'desk @company.example' }, M.notificationEmail],
    ['an address without a city', { address: { city: '' } }, M.addressCity],
    ['an address line with a line break', { address: { line1: 'Plot 1\nBcc: x' } }, M.addressLine1],
    ['an unknown time zone', { businessHours: { ...DEFAULT_SETTINGS.businessHours, timeZone: 'Mars/Olympus' } }, M.timeZone],
    [
      'a day that closes before it opens',
      {
        businessHours: {
          ...DEFAULT_SETTINGS.businessHours,
          days: { ...DEFAULT_SETTINGS.businessHours.days, monday: { open: '18:00', close: '09:00' } },
        },
      },
      M.dayHours,
    ],
    ['a social link over http', { socialLinks: { facebook: 'http://facebook.com/sahyadri' } }, M.socialLink('Facebook')],
    ['a social link to a script', { socialLinks: { youtube: 'javascript:alert(1)' } }, M.socialLink('YouTube')],
    ['an FAQ entry without an answer', { faq: [{ question: 'Why?', answer: '' }] }, M.faq],
    ['a certification without a name', { certifications: [{ name: '', number: '1', issuer: 'x', validUntil: '' }] }, M.certification],
    ['a certification date that is no date', { certifications: [{ name: 'ISO', validUntil: '2026-02-30' }] }, M.certificationDate],
    ['an empty port of loading', { quotationDefaults: { portOfLoading: '' } }, M.portOfLoading],
    ['an empty payment term', { quotationDefaults: { paymentTerms: ' ' } }, M.paymentTerms],
    ['a validity of 0 days', { quotationDefaults: { validityDays: 0 } }, M.validityDays],
    ['a lead time of 1.5 days', { quotationDefaults: { leadTimeDays: 1.5 } }, M.leadTimeDays],
    ['an IEC of 9 characters', { registrations: { iec: 'ABCDE1234' } }, M.iec],
    ['a GSTIN of the wrong shape', { registrations: { gstin: '27AAPFU0939F1Z' } }, M.gstin],
    ['an FSSAI licence with letters', { registrations: { fssaiLicence: '1234567890123A' } }, M.fssaiLicence],
    ['a bank field with a line break', { bankDetails: { accountName: 'A\nB' } }, M.bankField],
    ['a two-step flag that is a string', { requireTwoFactorForAdmins: 'yes' }, M.requireTwoFactorForAdmins],
    ['a lead reminder a day before it is due', { reminders: { leadDueHoursBefore: 24 } }, M.leadDueHoursBefore],
    ['a lead reminder of half an hour', { reminders: { leadDueHoursBefore: 0.5 } }, M.leadDueHoursBefore],
    ['a digest hour of 24', { reminders: { digestHour: 24 } }, M.digestHour],
    ['a digest hour as text', { reminders: { digestHour: '09:00' } }, M.digestHour],
    ['an offer expiry reminder of -1 days', { reminders: { buyerOfferExpiryDays: -1 } }, M.buyerOfferExpiryDays],
    ['an unanswered offer reminder of 91 days', { reminders: { buyerUnansweredOfferDays: 91 } }, M.buyerUnansweredOfferDays],
    ['an unknown reminder', { reminders: { weeklyDigest: true } }, M.leadDueHoursBefore],
    ['an unknown setting', { companyName: 'Other' }, M.unknownKey],
  ];
  it.each(refused)('refuses %s with its message', async (_name, payload, message) => {
    const res = await patch(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('changes a subset, stores phone numbers as E.164 and answers the whole', async () => {
    const res = await patch({
      phone: '+49 30 901820',
      whatsapp: '+91 99220 11223',
      socialLinks: { linkedin: 'https://www.linkedin.com/company/sahyadri-agro/' },
      registrations: { iec: 'abcde12345' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { settings } = res.json<SettingsAnswer>();
    expect(settings).toMatchObject({
      phone: '+4930901820',
      whatsapp: '+919922011223',
      publicEmail: DEFAULT_SETTINGS.publicEmail,
      socialLinks: { ...DEFAULT_SETTINGS.socialLinks, linkedin: 'https://www.linkedin.com/company/sahyadri-agro/' },
      registrations: { ...DEFAULT_SETTINGS.registrations, iec: 'ABCDE12345' },
      bankDetails: DEFAULT_SETTINGS.bankDetails,
    });
    expect((await getSettings()).settings.phone).toBe('+4930901820');
  });

  it('changes one reminder setting and keeps the others; 0 turns a buyer reminder off', async () => {
    const res = await patch({ reminders: { digestHour: 7, buyerOfferExpiryDays: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { leadDueHoursBefore: 4, digestHour: 7, buyerOfferExpiryDays: 0, buyerUnansweredOfferDays: 7 };
    expect(res.json<SettingsAnswer>().settings.reminders).toEqual(expected);
    expect((await getSettings(admin.cookie)).settings.reminders).toEqual(expected);
    expect((await getSettings()).settings).not.toHaveProperty('reminders');
  });

  it('hides an expired certification from the public part, not from the admin', async () => {
    const certifications = [
      { name: 'FSSAI', number: '10012345678901', issuer: 'FSSAI', validUntil: '2020-01-01' },
      { name: 'ISO 22000', number: 'IN-123', issuer: 'Bureau Veritas', validUntil: '' },
    ];
    expect((await patch({ certifications })).statusCode).toBe(200);
    expect((await getSettings()).settings.certifications!.map((c) => c.name)).toEqual(['ISO 22000']);
    expect((await getSettings(admin.cookie)).settings.certifications).toEqual(certifications);
  });
});

describe('a change shows at the next request, with no restart', () => {
  it('in the JSON-LD Organization of the server-rendered pages', async () => {
    const before = organization((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(
      (await patch({ phone: '+91 80 2222 3333', socialLinks: { instagram: 'https://www.instagram.com/sahyadri.agro' } })).statusCode,
    ).toBe(200);
    const after = organization((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(before.telephone).not.toBe('+918022223333');
    expect(after.telephone).toBe('+918022223333');
    expect(after.sameAs).toEqual(['https://www.instagram.com/sahyadri.agro', 'https://www.linkedin.com/company/sahyadri-agro/']);
  });

  it('when another process (or hand-written SQL) changes the table: the triggers bump the version', async () => {
    await t.db
      .insertInto('site_settings')
      .values({ key: 'publicEmail', value: JSON.stringify('sales@other.example'), updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify('sales@other.example') }))
      .execute();
    expect((await getSettings()).settings.publicEmail).toBe('sales@other.example');
    expect(organization((await t.app.inject({ method: 'GET', url: '/about' })).body).email).toBe('sales@other.example');
  });

  it('in the mails (to the notification address) and on the quotation PDF (registrations and bank details)', async () => {
    expect(
      (
        await patch({
          notificationEmail: 'quotes@company.example',
          registrations: { gstin: '27AAPFU0939F1ZV', fssaiLicence: '10012345678901' },
          bankDetails: { bankName: 'State Bank of India', accountNumber: '00001234567890', swift: 'SBININBB123' },
        })
      ).statusCode,
    ).toBe(200);
    const productId = await insertTestProduct(t.db);
    const added = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(productId),
      headers: { cookie: buyer.cookie },
    });
    const quote = added.json<{ quote: Quote }>().quote;
    const mails = await t.outbox();
    expect(mails.some((m) => m.to === 'quotes@company.example' && m.subject.includes('Global Foods'))).toBe(true);
    const ack = mails.find((m) => m.to === buyer.email)!;
    expect(ack.text).toContain('+918022223333 | sales@other.example');

    const offered = await t.app.inject({
      method: 'POST',
      url: API.quoteOffer(quote._id),
      payload: offerBody(),
      headers: { cookie: admin.cookie },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: API.quotePdf(quote._id), headers: { cookie: buyer.cookie } });
    const file = path.join(t.dataDir, 'settings-quotation.pdf');
    await fs.writeFile(file, pdf.rawPayload);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'GSTIN 27AAPFU0939F1ZV',
      'FSSAI Lic. 10012345678901',
      'IEC ABCDE12345',
      'State Bank of India',
      '00001234567890',
      '+918022223333',
    ]) {
      expect(text).toContain(expected);
    }
    // Bank details are on the buyer's quotation only: never in a public answer.
    expect(JSON.stringify(await getSettings())).not.toContain('00001234567890');
  });
});

describe('the audit rows of settings changes', () => {
  const audit = async (query = '') =>
    (
      await t.app.inject({ method: 'GET', url: `${API.audit}?type=settings${query}`, headers: { cookie: admin.cookie } })
    ).json<AuditResponse>();

  it('one row per change with the changed fields before and after; bank details only as changed', async () => {
    const before = (await audit()).total;
    expect((await patch({ faq: [{ question: 'Q?', answer: 'A.' }], bankDetails: { ifsc: 'SBIN0001234' } })).statusCode).toBe(200);
    const { audit: rows, total } = await audit();
    expect(total).toBe(before + 1);
    const [row] = rows;
    expect(row).toMatchObject({
      actorId: admin.user._id,
      actorEmail: admin.email,
      action: 'update',
      entityType: 'settings',
      entityId: 'site',
    });
    expect(Object.keys(row!.changes).sort()).toEqual(['bankDetails', 'faq']);
    expect(row!.changes.faq!.after).toEqual([{ question: 'Q?', answer: 'A.' }]);
    expect(JSON.stringify(row)).not.toContain('SBIN0001234');
  });

  it('none for a refused change, nor for a change that sets what is already there', async () => {
    const before = (await audit()).total;
    expect((await patch({ phone: 'nope' })).statusCode).toBe(400);
    expect((await patch({ faq: [{ question: 'Q?', answer: 'A.' }] })).statusCode).toBe(200);
    expect((await audit()).total).toBe(before);
  });

  it('written in the change transaction: a change that rolls back leaves no row', async () => {
    const before = (await audit()).total;
    await expect(
      t.db.transaction().execute(async (tx) => {
        await recordAudit(
          tx,
          { userId: admin.user._id, email: admin.email },
          { action: 'update', entityType: 'settings', entityId: 'site', before: { a: 1 }, after: { a: 2 } },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await audit()).total).toBe(before);
  });
});
