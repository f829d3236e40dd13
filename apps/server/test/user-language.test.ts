/**
 * The buyer's language (issue 28): set at registration from the page's language (the web app's
 * header), read and changed through /api/v1/user/language; the buyer's mails (quote received,
 * offer, rejection, password reset) are written in it; the company's stay English; an English
 * account's mails are as they were.
 */
import { API, LANGUAGE_HEADER, LANGUAGE_TEXT, SITE } from '@agro/shared';
import { CATALOGUES } from '@agro/shared/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
let productId: string;
let admin: { cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  productId = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions' });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload }) });

async function quoteOf(cookie: string): Promise<string> {
  const res = await call('POST', API.addQuote, cookie, quoteBody(productId));
  expect(res.statusCode).toBe(200);
  return res.json<{ quote: { _id: string } }>().quote._id;
}

describe("the buyer's language", () => {
  it('is the page language the buyer registered on; English without the header, as before', async () => {
    const arabic = await t.loginUser({}, { [LANGUAGE_HEADER]: 'ar' });
    expect((await call('GET', API.userLanguage, arabic.cookie)).json()).toEqual({
      success: true,
      message: LANGUAGE_TEXT.fetched,
      language: 'ar',
    });
    const english = await t.loginUser();
    expect((await call('GET', API.userLanguage, english.cookie)).json()).toMatchObject({ language: 'en' });
    // A header naming no language of the site is English too.
    const other = await t.loginUser({}, { [LANGUAGE_HEADER]: 'xx' });
    expect((await call('GET', API.userLanguage, other.cookie)).json()).toMatchObject({ language: 'en' });
    // The spec's user object is unchanged.
    expect(Object.keys(arabic.user).sort()).toEqual(Object.keys(english.user).sort());
  });

  it('is changed on the profile; a language the site has not is refused with a clear message', async () => {
    const buyer = await t.loginUser();
    const bad = await call('PATCH', API.updateUserLanguage, buyer.cookie, { language: 'it' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: LANGUAGE_TEXT.invalid });
    const ok = await call('PATCH', API.updateUserLanguage, buyer.cookie, { language: 'de' });
    expect(ok.json()).toEqual({ success: true, message: LANGUAGE_TEXT.saved, language: 'de' });
    expect((await call('GET', API.userLanguage, buyer.cookie)).json()).toMatchObject({ language: 'de' });
    expect((await call('PATCH', API.updateUserLanguage, undefined, { language: 'de' })).statusCode).toBe(401);
  });

  it("writes the buyer's mails in it (quote received, offer, rejection); the company's stay English", async () => {
    const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: 'ar' });
    const quoteId = await quoteOf(buyer.cookie);
    let mails = await t.outbox();
    const ack = mails.find((m) => m.to.includes(buyer.email) && m.text.startsWith(CATALOGUES.ar.mail.dear.split(' ')[0]!));
    expect(ack, 'an Arabic acknowledgement').toBeDefined();
    // (The test's mail reader leaves a space where an encoded subject was folded: compare its words.)
    expect(ack!.subject.replace(/\s+/g, '')).toBe(
      CATALOGUES.ar.mail.ackSubject.replace('{{company}}', SITE.companyName).replace(/\s+/g, ''),
    );
    expect(ack!.text).toContain('شكرًا لطلبك عرض سعر لـ Crispy Fried Onions');
    expect(ack!.html).toContain('dir="rtl"');
    const company = mails.find((m) => m.to.includes(t.config.companyEmail) && m.text.includes(quoteId));
    expect(company!.subject).toMatch(/^New quote request from /);

    await call('PATCH', API.updateUserLanguage, buyer.cookie, { language: 'de' });
    expect((await call('POST', API.quoteOffer(quoteId), admin.cookie, offerBody())).statusCode).toBe(200);
    mails = await t.outbox();
    const offer = mails.find((m) => m.to.includes(buyer.email) && m.subject.startsWith('Angebot '));
    expect(offer, 'a German offer').toBeDefined();
    expect(offer!.text).toContain('Verladehafen');
    expect(offer!.text).toContain('/de/profile');

    const second = await quoteOf(buyer.cookie);
    await call('PATCH', API.updateUserLanguage, buyer.cookie, { language: 'es' });
    expect((await call('POST', API.quoteReject(second), admin.cookie, { reason: 'Out of season until March' })).statusCode).toBe(200);
    mails = await t.outbox();
    const rejection = mails.find((m) => m.to.includes(buyer.email) && m.text.includes('Motivo: Out of season until March'));
    expect(rejection, 'a Spanish rejection').toBeDefined();
    expect(rejection!.subject).toContain('no puede ofrecer');
  });

  it('an English account gets the mails as they always were', async () => {
    const buyer = await t.loginUser();
    await quoteOf(buyer.cookie);
    const ack = (await t.outbox()).find((m) => m.to.includes(buyer.email));
    expect(ack!.subject).toBe(`We received your quote request - ${SITE.companyName}`);
    expect(ack!.text).toContain('Our export team will reply within 24 hours.');
    expect(ack!.html).not.toContain('dir=');
  });

  it('welcomes a buyer who registered in another language, once, in that language; an English registration mails nothing, as SPEC.md has it', async () => {
    const arabic = await t.loginUser({}, { [LANGUAGE_HEADER]: 'ar' });
    const spanish = await t.loginUser({}, { [LANGUAGE_HEADER]: 'es' });
    const english = await t.loginUser();
    const mails = await t.outbox();
    const welcome = mails.filter((m) => m.to.includes(arabic.email));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.subject.replace(/\s+/g, '')).toBe(
      CATALOGUES.ar.mail.welcomeSubject.replace('{{company}}', SITE.companyName).replace(/\s+/g, ''),
    );
    expect(welcome[0]!.text).toContain(CATALOGUES.ar.mail.hello.replace('{{name}}', arabic.user.fullName));
    expect(welcome[0]!.text).toMatch(/\/ar\/profile/);
    expect(welcome[0]!.html).toContain('dir="rtl"');
    const es = mails.filter((m) => m.to.includes(spanish.email));
    expect(es.map((m) => m.subject.replace(/\s+/g, ''))).toEqual([
      CATALOGUES.es.mail.welcomeSubject.replace('{{company}}', SITE.companyName).replace(/\s+/g, ''),
    ]);
    expect(mails.filter((m) => m.to.includes(english.email))).toEqual([]);
  });

  it("acknowledges an inquiry in it; the company's notification stays English", async () => {
    const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: 'de' });
    const res = await call('POST', API.addContact, buyer.cookie, {
      fullName: 'Hans Müller',
      email: 'hans@import.example',
      companyName: 'Müller Import GmbH',
      country: 'Germany',
      productId,
      estimatedQuantity: 500,
      description: 'Bitte senden Sie Preise für 500 kg pro Monat.',
      productName: 'Crispy Fried Onions',
    });
    expect(res.statusCode).toBe(200);
    const mails = await t.outbox();
    const ack = mails.find((m) => m.to.includes(buyer.email) && m.text.includes('Vielen Dank'));
    expect(ack, 'a German acknowledgement').toBeDefined();
    expect(ack!.text).toContain('Vielen Dank für Ihre Anfrage zu Crispy Fried Onions. Wir antworten Ihnen innerhalb von 24 Stunden.');
    expect(ack!.html).toContain('lang="de"');
    const company = mails.find((m) => m.to.includes(t.config.companyEmail) && m.text.includes('Bitte senden Sie Preise'));
    expect(company!.text).toContain('A new contact inquiry was sent.');
  });

  it("follows an order in it: each step's mail, its rows and the order page under its prefix", async () => {
    const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: 'es' });
    const quoteId = await quoteOf(buyer.cookie);
    expect((await call('POST', API.quoteOffer(quoteId), admin.cookie, offerBody())).statusCode).toBe(200);
    expect((await call('POST', API.quoteAccept(quoteId), buyer.cookie, {})).statusCode).toBe(200);
    const order = await t.db.selectFrom('orders').select(['id', 'order_number']).where('quote_id', '=', quoteId).executeTakeFirstOrThrow();
    const advance = await call('POST', API.orderMilestone(order.id), admin.cookie, { step: 'ADVANCE_RECEIVED', amount: '4446.00' });
    expect(advance.statusCode, advance.body).toBe(200);
    const mails = (await t.outbox()).filter((m) => m.to.includes(buyer.email) && m.text.includes(order.order_number));
    const issued = mails.find((m) => m.text.includes('Gracias por aceptar la cotización'));
    expect(issued, 'the proforma mail in Spanish').toBeDefined();
    expect(issued!.subject.replace(/\s+/g, '')).toBe(
      `Pedido${order.order_number}:Facturaproformaemitida-${SITE.companyName.replace(/\s+/g, '')}`,
    );
    expect(issued!.text).toContain(`/es/orders/${order.id}`);
    const paid = mails.find((m) => m.text.includes('Hemos recibido su pago anticipado'));
    expect(paid, 'the advance mail in Spanish').toBeDefined();
    expect(paid!.text).toContain('Número de pedido: ');
    expect(paid!.text).toMatch(/Importe recibido: \S+ 4446\.00/);
    expect(paid!.text).toMatch(/Fecha: \d{1,2} de [a-z]+ de \d{4}/);
    expect(paid!.html).toContain('lang="es"');
    expect(paid!.text).not.toMatch(/Order number|Step:|Follow your order/);
  });

  it("answers a refusal that carries a status in the asking page's language; a SPEC client gets it in English", async () => {
    const buyer = await t.loginUser();
    const quoteId = await quoteOf(buyer.cookie);
    expect((await call('POST', API.quoteOffer(quoteId), admin.cookie, offerBody())).statusCode).toBe(200);
    expect((await call('POST', API.quoteAccept(quoteId), buyer.cookie, {})).statusCode).toBe(200);
    const again = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: API.quoteAccept(quoteId), payload: {}, headers: { cookie: buyer.cookie, ...headers } });
    const english = await again({});
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({ success: false, message: 'This quote is already ACCEPTED and can no longer change' });
    const spanish = await again({ [LANGUAGE_HEADER]: 'es' });
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json<{ message: string }>().message).toMatch(/^Esta cotización ya está «.+» y ya no puede cambiar$/);
  });

  it('sends the password reset in it, with the reset page under its language', async () => {
    const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: 'fr' });
    const res = await call('POST', API.forgotPassword, undefined, { email: buyer.email });
    expect(res.statusCode).toBe(200);
    const mail = (await t.outbox()).find((m) => m.to.includes(buyer.email) && m.subject.startsWith('Réinitialisez'));
    expect(mail).toBeDefined();
    expect(mail!.text).toMatch(/\/fr\/reset-password\/\S+/);
  });
});
