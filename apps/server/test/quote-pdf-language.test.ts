/**
 * The quotation PDF in the buyer's language (issue 28): labels and fixed texts from the catalogue
 * of the language on the buyer's profile (whoever downloads it), amounts and dates through Intl;
 * Arabic right to left in an embedded font, read back by `pdftotext`. The English PDF is checked,
 * unchanged, in quote-desk.test.ts.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { API, LANGUAGE_HEADER, type QuoteDetail } from '@agro/shared';
import { CATALOGUES } from '@agro/shared/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

const run = promisify(execFile);
/** poppler-utils (pdftotext, pdffonts) read the files back; without them there is nothing to read with. */
const hasPoppler = ['pdftotext', 'pdffonts'].every((command) => !spawnSync(command, ['-v']).error);

let t: TestApp;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  productId = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions', productQuantityType: 'KG' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

/** A buyer registered on `language`'s pages, a quote with an offer, and the PDF's bytes (the buyer's and the admin's). */
async function quotation(language: string): Promise<{ buyerPdf: Buffer; adminPdf: Buffer; number: string; buyer: TestUser; id: string }> {
  const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: language });
  const added = await call(
    'POST',
    API.addQuote,
    buyer.cookie,
    quoteBody(productId, { tradeTerms: { certifications: ['HALAL'], sampleFirst: true } }),
  );
  expect(added.statusCode, added.body).toBe(200);
  const id = added.json<{ quote: { _id: string } }>().quote._id;
  const offered = await call(
    'POST',
    API.quoteOffer(id),
    admin.cookie,
    offerBody({ unitPrice: '1234.5', currency: 'AED', incoterm: 'CIF', destination: 'Jebel Ali, Dubai' }),
  );
  expect(offered.statusCode, offered.body).toBe(200);
  const number = offered.json<{ quote: QuoteDetail }>().quote.offer!.quotationNumber;
  const buyerPdf = await call('GET', API.quotePdf(id), buyer.cookie);
  expect(buyerPdf.statusCode).toBe(200);
  const adminPdf = await call('GET', API.quotePdf(id), admin.cookie);
  expect(adminPdf.statusCode).toBe(200);
  return { buyerPdf: buyerPdf.rawPayload, adminPdf: adminPdf.rawPayload, number, buyer, id };
}

/** The buyer of a `language` quotation accepts it: the order's proforma invoice (the buyer's and the admin's bytes). */
async function proforma(language: string): Promise<{ buyerPdf: Buffer; adminPdf: Buffer; orderNumber: string; number: string }> {
  const { buyer, id, number } = await quotation(language);
  const accepted = await call('POST', API.quoteAccept(id), buyer.cookie, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  const order = await t.db.selectFrom('orders').select(['id', 'order_number']).where('quote_id', '=', id).executeTakeFirstOrThrow();
  const buyerPdf = await call('GET', API.orderProforma(order.id), buyer.cookie);
  expect(buyerPdf.statusCode).toBe(200);
  const adminPdf = await call('GET', API.orderProforma(order.id), admin.cookie);
  expect(adminPdf.statusCode).toBe(200);
  return { buyerPdf: buyerPdf.rawPayload, adminPdf: adminPdf.rawPayload, orderNumber: order.order_number, number };
}

async function read(pdf: Buffer, name: string, layout = true): Promise<string> {
  const file = path.join(t.dataDir, `${name}.pdf`);
  await fs.writeFile(file, pdf);
  return (await run('pdftotext', [...(layout ? ['-layout'] : []), file, '-'])).stdout;
}

const oneSpace = (s: string) => s.replace(/[\s\u00A0\u202F]+/g, ' ');
/** Without spaces and direction marks: pdftotext may split a shaped Arabic word where its letters are kerned. */
const bare = (s: string) => s.replace(/[\s\u00A0\u202F\u200E\u200F\u202A-\u202E\u2066-\u2069]+/g, '');

describe.skipIf(!hasPoppler)(
  'the quotation PDF in the buyer’s language (skipped: pdftotext/pdffonts of poppler-utils not installed)',
  () => {
    it('a German buyer’s has German labels, German amounts and dates; the admin downloads the same German PDF', async () => {
      const { buyerPdf, adminPdf, number } = await quotation('de');
      const de = CATALOGUES.de.pdf;
      for (const [who, pdf] of [
        ['buyer', buyerPdf],
        ['admin', adminPdf],
      ] as const) {
        const text = oneSpace(await read(pdf, `de-${who}`));
        for (const expected of [
          de.title,
          `Angebotsnummer: ${number}`,
          `${de.rowPortOfLoading} Nhava Sheva (JNPT), India`,
          `${de.rowTotal} 1.481.400,00 AED`,
          `${de.rowUnitPrice} 1.234,50 AED pro KG`,
          `${de.rowQuantity} 1.200 KG`,
          'PP-Sack (individuelle Verpackung)',
          'CIF Jebel Ali, Dubai (Cost, Insurance and Freight, Incoterms 2020)',
          '21 Tage',
          'Gültigkeit',
          'Zahlungsbedingungen 30% TT advance / 70% against documents',
          'Käufer',
        ]) {
          expect(text, `${who}: ${expected}`).toContain(expected);
        }
        // A German date (the offer's validity), and no English label left.
        expect(text).toMatch(
          /Gültig bis: \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/,
        );
        for (const english of ['QUOTATION', 'Port of loading', 'Unit price', 'Payment terms', 'Valid until', 'end of day']) {
          expect(text, english).not.toContain(english);
        }
      }
    });

    it('an Arabic buyer’s reads back in Arabic (pdftotext), embeds an Arabic font, keeps numbers and codes left to right', async () => {
      const { buyerPdf, number } = await quotation('ar');
      const ar = CATALOGUES.ar.pdf;
      const text = await read(buyerPdf, 'ar', false);
      const flat = bare(text);
      for (const label of [
        ar.title,
        ar.rowProduct,
        ar.rowQuantity,
        ar.rowPackaging,
        ar.rowCurrency,
        ar.rowUnitPrice,
        ar.rowTotal,
        ar.rowIncoterm,
        ar.rowPortOfLoading,
        ar.rowDestination,
        ar.rowLeadTime,
        ar.rowPaymentTerms,
        ar.rowValidity,
        ar.rowCertifications,
        ar.rowSample,
        ar.to,
        CATALOGUES.ar.packagingTypes.PP_BAG,
      ]) {
        // A label wholly in Arabic is read back whole; in one with a Latin code, each Arabic word
        // (pdftotext orders the brackets of such mixed runs its own way).
        const arabicWords = label.split(/\s+/).filter((w) => /^[\u0600-\u06FF]+$/.test(w));
        for (const expected of /^[\u0600-\u06FF\s]+$/.test(label) ? [label] : arabicWords) expect(flat, label).toContain(bare(expected));
      }
      // Numbers, the quotation number, codes and Latin names read left to right, whole.
      for (const ltr of [
        number,
        '1,481,400.00',
        '1,234.50',
        '1,200',
        'Crispy Fried Onions',
        'Nhava Sheva (JNPT), India',
        'Incoterms 2020',
      ]) {
        expect(oneSpace(text), ltr).toContain(ltr);
      }
      // Right to left on the page: the number's label at the right, the number (left to right, whole) at its left.
      const { stdout: boxes } = await run('pdftotext', ['-bbox', path.join(t.dataDir, 'ar.pdf'), '-']);
      const words = [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(
        (m) => ({
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          text: m[4]!,
        }),
      );
      const numberWord = words.find((w) => w.text === number);
      expect(numberWord, boxes).toBeDefined();
      // (-bbox gives each word's glyphs as they stand on the page: an Arabic word's letters reversed.)
      const labelWord = words.find((w) => /[\u0600-\u06FF]/.test(w.text) && Math.abs(w.yMin - numberWord!.yMin) < 4);
      expect(labelWord, boxes).toBeDefined();
      expect(numberWord!.xMax).toBeLessThan(labelWord!.xMin);

      const { stdout: fonts } = await run('pdffonts', [path.join(t.dataDir, 'ar.pdf')]);
      const arabicFonts = fonts.split('\n').filter((l) => /Amiri/.test(l));
      expect(arabicFonts.length, fonts).toBeGreaterThan(0);
      // emb = yes for each (the columns: name type encoding emb sub uni ...).
      for (const line of arabicFonts) expect(line, line).toMatch(/Identity-H\s+yes\s+yes\s+yes/);
    });

    it('the proforma invoice of a Spanish buyer’s order is in Spanish, for the admin too', async () => {
      const { buyerPdf, adminPdf, orderNumber, number } = await proforma('es');
      const es = { ...CATALOGUES.es.pdf, ...CATALOGUES.es.proforma };
      for (const [who, pdf] of [
        ['buyer', buyerPdf],
        ['admin', adminPdf],
      ] as const) {
        const text = oneSpace(await read(pdf, `proforma-es-${who}`));
        for (const expected of [
          es.title,
          `${es.number.replace('{{number}}', orderNumber)}`,
          `${es.againstQuotation.replace('{{number}}', number)}`,
          es.buyer,
          `${es.rowPortOfLoading} Nhava Sheva (JNPT), India`,
          es.rowHsCode,
          es.rowDeliveryLocation,
          'CIF Jebel Ali, Dubai (Cost, Insurance and Freight, Incoterms 2020)',
          `Indique ${orderNumber} en cada pago.`,
        ]) {
          expect(text, `${who}: ${expected}`).toContain(oneSpace(expected));
        }
        expect(text).toMatch(/21 días desde la aceptación \(embarque antes del \d{1,2} de [a-z]+ de \d{4}\)/);
        for (const english of ['PROFORMA INVOICE', 'Port of loading', 'Against quotation', 'Delivery location', 'every payment']) {
          expect(text, english).not.toContain(english);
        }
      }
    });

    it('the proforma invoice of an Arabic buyer’s order reads back in Arabic, with its numbers left to right', async () => {
      const { buyerPdf, orderNumber } = await proforma('ar');
      const ar = { ...CATALOGUES.ar.pdf, ...CATALOGUES.ar.proforma };
      const text = await read(buyerPdf, 'proforma-ar', false);
      const flat = bare(text);
      for (const label of [
        ar.title,
        ar.buyer,
        ar.rowProduct,
        ar.rowTotal,
        ar.rowPortOfLoading,
        ar.rowDeliveryLocation,
        ar.rowPaymentTerms,
      ]) {
        expect(flat, label).toContain(bare(label));
      }
      for (const ltr of [orderNumber, '1,481,400.00', 'Crispy Fried Onions', 'Nhava Sheva (JNPT), India']) {
        expect(oneSpace(text), ltr).toContain(ltr);
      }
      const { stdout: fonts } = await run('pdffonts', [path.join(t.dataDir, 'proforma-ar.pdf')]);
      expect(fonts).toMatch(/Amiri/);
    });

    it('an English buyer’s embeds no font and has no Arabic or German text', async () => {
      const { buyerPdf, number } = await quotation('en');
      const text = oneSpace(await read(buyerPdf, 'en'));
      expect(text).toContain(`Quotation number: ${number}`);
      expect(text).toContain('Port of loading Nhava Sheva (JNPT), India');
      const { stdout: fonts } = await run('pdffonts', [path.join(t.dataDir, 'en.pdf')]);
      expect(fonts).not.toMatch(/Amiri/);
    });
  },
);
