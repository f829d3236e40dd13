/**
 * Mail that arrives (issue 44, item 4): every kind of mail the site sends goes through the outbox
 * and the mail worker to a real SMTP server (smtp-server) with DKIM configured (a key made here),
 * and each received mail is
 * - verified by an independent verifier, mailauth, whose DNS answers the records docs/deploy.md
 *   tells the company to publish (DKIM, SPF, DMARC): DKIM passes and is aligned with From;
 * - on the company's domain (Message-ID), dated, with a plain-text part;
 * - scored by Debian's SpamAssassin with its local rules only (`spamassassin -L`): 1.0 or less.
 * The offer mail carries the quotation PDF in the buyer's language; a reminder keeps its
 * List-Unsubscribe and List-Unsubscribe-Post, both signed. Every `…Mail` builder of a module's
 * mails.ts must be sent here: a new kind of mail fails this test until it is added.
 * Without spamassassin the test fails in CI (CI=true) and is skipped elsewhere, saying why.
 */
import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API, LANGUAGE_HEADER, SAMPLE_API, SITE, type Order, type QuoteDetail, type Sample, type ThreadMessage } from '@agro/shared';
import { authenticate, type DNSResolver } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRow } from '../src/db/schema.js';
import { translator } from '../src/lib/i18n.js';
import { queueMail, type MailMessage } from '../src/mail/mailer.js';
import { contactAcknowledgementMail, contactNotificationMail } from '../src/modules/contact/mails.js';
import { digestMail as threadDigestMail } from '../src/modules/messages/mails.js';
import { deliveredCompanyMail, orderStepMail } from '../src/modules/order/mails.js';
import { offerReminderMail, rejectionMail } from '../src/modules/quote/mails.js';
import { digestMail as dailyDigestMail, digestSections, leadDueMail, type MailPlace } from '../src/modules/reminders/mails.js';
import type { Lead } from '../src/modules/reminders/leads.js';
import { sampleFeedbackMail } from '../src/modules/sample/mails.js';
import { inviteMail } from '../src/modules/team/mails.js';
import { failedSignInsMail, passwordResetMail } from '../src/modules/user/mails.js';
import { parseEml } from './eml.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from './servers.js';

const run = promisify(execFile);
const spamassassinMissing = spawnSync('spamassassin', ['-V']).error
  ? 'spamassassin is not installed (apt-get install --no-install-recommends spamassassin)'
  : undefined;
const inCi = process.env.CI === 'true';
if (spamassassinMissing && !inCi) console.warn(`mail-arrives test skipped: ${spamassassinMissing}`);
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;

/** The company's domain, as deployed: the From address's, the site's and the DKIM signer's. */
const DOMAIN = SITE.email.split('@')[1]!;
const SELECTOR = 'agro2026';
const FROM_ADDRESS = `info@${DOMAIN}`;
const COMPANY_EMAIL = `sales@${DOMAIN}`;
const PUBLIC_URL = `https://www.${DOMAIN}`;
/** The highest SpamAssassin score a mail may have (issue 44). */
const MAX_SCORE = 1.0;

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** The DNS records of docs/deploy.md ('Mail that arrives'), as a resolver answers them. */
const DNS: Record<string, string[][]> = {
  // A TXT record longer than 255 characters is published as several strings of one record.
  [`${SELECTOR}._domainkey.${DOMAIN}`]: [
    (`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`.match(/.{1,255}/g) ?? []).map(String),
  ],
  [DOMAIN]: [['v=spf1 ip4:127.0.0.1 -all']],
  [`_dmarc.${DOMAIN}`]: [[`v=DMARC1; p=quarantine; rua=mailto:dmarc@${DOMAIN}`]],
};
const resolver: DNSResolver = async (name, rrtype) => {
  const answer = rrtype === 'TXT' ? DNS[name.toLowerCase()] : undefined;
  if (answer) return answer;
  throw Object.assign(new Error(`query${rrtype} ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

interface SentMail {
  kind: string;
  mail: ReceivedMail;
}

/** `<module>/<function>` of every exported `…Mail` builder in src/modules/<module>/mails.ts. */
async function mailBuilders(): Promise<string[]> {
  const modules = fileURLToPath(new URL('../src/modules', import.meta.url));
  const names: string[] = [];
  for (const module of (await fs.readdir(modules)).sort()) {
    const file = path.join(modules, module, 'mails.ts');
    if (!(await fs.stat(file).catch(() => undefined))) continue;
    const exports = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (typeof value === 'function' && /Mail$/.test(name)) names.push(`${module}/${name}`);
  }
  return names.sort();
}

interface SpamVerdict {
  score: number;
  tests: string[];
}

/**
 * SpamAssassin's score and rules of each raw mail, by Message-ID: local tests only, no Bayes, no
 * user state. One `spamassassin --mbox` for them all (its start, about a second, is most of the
 * time); it answers the mails in an order of its own, hence the Message-IDs.
 */
async function spamVerdicts(raws: string[], home: string): Promise<Map<string, SpamVerdict>> {
  const mbox = raws
    .map((raw) => `From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n${raw.replace(/\r\n/g, '\n').replace(/^From /gm, '>From ')}\n`)
    .join('');
  const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) => {
    const child = execFile(
      'spamassassin',
      ['-L', '--mbox', '--cf=use_bayes 0', '--cf=bayes_auto_learn 0', '--cf=use_auto_whitelist 0', '-p', path.join(home, 'user_prefs')],
      { env: { ...process.env, HOME: home }, maxBuffer: 64 * 1024 * 1024 },
      (err, out) => (err ? reject(err) : resolve({ stdout: out })),
    );
    child.stdin!.end(mbox);
  });
  const verdicts = new Map<string, SpamVerdict>();
  for (const message of stdout.split(/^From MAILER-DAEMON .*\n/m).slice(1)) {
    const head = message.slice(0, message.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
    const messageId = /^Message-ID: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
    const status = /^X-Spam-Status: (.*)$/im.exec(head)?.[1];
    if (!status) throw new Error(`no X-Spam-Status for ${messageId} in spamassassin's answer:\n${message.slice(0, 2000)}`);
    const tests = (/tests=(\S*)/.exec(status)?.[1] ?? '').split(',').filter((s) => s !== '' && s !== 'none');
    verdicts.set(messageId, { score: Number(/score=(-?[\d.]+)/.exec(status)?.[1]), tests });
  }
  return verdicts;
}

describe.skipIf(Boolean(spamassassinMissing) && !inCi)('mail that arrives: DKIM, Message-ID, text part, attachments, SpamAssassin', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  const sent: SentMail[] = [];
  /** The builders the mails below came from (`<module>/<function>`). */
  const covered = new Set<string>();
  let offered: QuoteDetail;
  let order: Order;

  /** Run `action`, let the worker send what it queued, and name the mails that arrived. */
  async function collect(kind: string, builders: string[], action: () => Promise<unknown>): Promise<ReceivedMail[]> {
    const before = smtp.received.length;
    await action();
    await t.app.mailer.idle();
    const arrived = smtp.received.slice(before);
    expect(arrived.length, `${kind}: no mail arrived`).toBeGreaterThan(0);
    for (const mail of arrived) {
      const to = mail.to.join(', ');
      sent.push({ kind: arrived.length === 1 ? kind : `${kind} (${to === COMPANY_EMAIL ? 'company' : 'buyer'})`, mail });
    }
    for (const b of builders) covered.add(b);
    return arrived;
  }

  /** Queue one built mail as the site does (an outbox row) and let the worker send it. */
  const queued = (kind: string, builder: string, mail: MailMessage) =>
    collect(kind, [builder], async () => {
      await queueMail(t.db, { ...mail, event: `mail-arrives:${kind}` });
      t.app.mailer.kick();
    });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    if (spamassassinMissing) throw new Error(`CI needs SpamAssassin for the mail test: ${spamassassinMissing}`);
    smtp = await startSmtpServer();
    t = await buildTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      COMPANY_EMAIL,
      MAIL_FROM: `${SITE.companyName} <${FROM_ADDRESS}>`,
      MAIL_POLL_MS: '0',
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      DKIM_SELECTOR: SELECTOR,
      DKIM_DOMAIN: DOMAIN,
    });
    admin = await t.loginAdmin();
    const productId = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions', productQuantityType: 'KG' });
    const settings = await t.app.siteSettings();
    const place: MailPlace = { baseUrl: PUBLIC_URL, timeZone: settings.businessHours.timeZone };

    // Through the API, as a buyer and the quote desk do: a German buyer registers, asks for a quote,
    // gets an offer (with its PDF) and accepts it.
    await collect('welcome (de)', ['user/welcomeMail'], async () => {
      buyer = await t.loginUser({ fullName: 'Jonas Becker' }, { [LANGUAGE_HEADER]: 'de' });
    });
    let quoteId = '';
    let sample: Sample | undefined;
    await collect('quote received', ['quote/quoteNotificationMail', 'quote/quoteAcknowledgementMail'], async () => {
      const made = await call('POST', API.addQuote, buyer.cookie, quoteBody(productId, { contactPersonName: 'Jonas Becker' }));
      expect(made.statusCode, made.body).toBe(200);
      quoteId = made.json<{ quote: { _id: string } }>().quote._id;
    });
    // A sample request (issue 43): the buyer's acknowledgement in German, the company's notice.
    await collect('sample requested', ['sample/sampleStatusMail', 'sample/sampleCompanyMail'], async () => {
      const made = await call('POST', SAMPLE_API.addSample, buyer.cookie, {
        items: [{ productId, grams: 250 }],
        address: 'Hafenstrasse 12, 20457 Hamburg',
        country: 'Germany',
        companyName: 'Becker Gewürze GmbH',
        shipping: 'ACCOUNT',
        courier: 'DHL',
        accountNumber: '960123456',
        note: '',
        fillMs: 9000,
      });
      expect(made.statusCode, made.body).toBe(200);
      sample = made.json<{ sample: Sample }>().sample;
    });
    await collect('offer with its PDF (de)', ['quote/offerMail'], async () => {
      const res = await call('POST', API.quoteOffer(quoteId), admin.cookie, offerBody());
      expect(res.statusCode, res.body).toBe(200);
      offered = res.json<{ quote: QuoteDetail }>().quote;
    });
    await collect('offer accepted', ['quote/decisionMail', 'order/orderStepMail'], async () => {
      const res = await call('POST', API.quoteAccept(quoteId), buyer.cookie, {});
      expect(res.statusCode, res.body).toBe(200);
    });
    const orderRow = await t.db.selectFrom('orders').select('id').where('quote_id', '=', quoteId).executeTakeFirstOrThrow();
    order = (await call('GET', API.order(orderRow.id), admin.cookie)).json<{ order: Order }>().order;

    // Every other kind, built as the site builds it and sent through the outbox.
    const to = buyer.email;
    const link = (p: string) => `${PUBLIC_URL}${p}`;
    await queued(
      'password reset (de)',
      'user/passwordResetMail',
      passwordResetMail(to, 'Jonas Becker', link('/reset-password/3f9a1c'), 'de'),
    );
    await queued(
      'failed sign-ins (de)',
      'user/failedSignInsMail',
      failedSignInsMail(to, 'Jonas Becker', 10, link('/forgot-password'), 'de'),
    );
    await queued('team invite', 'team/inviteMail', inviteMail(`priya@${DOMAIN}`, 'Site Admin', link('/team/accept/7c1e9d')));
    const contact: ContactRow = {
      id: 'c0ffee00c0ffee00c0ffee00',
      full_name: 'Amal Haddad',
      email: 'amal@gulf-trading.example',
      company_name: 'Gulf Trading LLC',
      country: 'United Arab Emirates',
      product_id: productId,
      product_name: 'Crispy Fried Onions',
      estimated_quantity: 800,
      description: 'We import fried onions for restaurants in Dubai. What are your prices for 800 kg a month?',
      user_id: null,
      created_at: new Date().toISOString(),
      handled_at: null,
      spam_reason: null,
      last_activity_at: null,
      reply_due_at: new Date(Date.now() + 86_400_000).toISOString(),
      first_reply_at: null,
      first_reply_minutes: null,
      assignee_id: null,
      follow_up_on: null,
      due_reminded_at: null,
    };
    await queued(
      'inquiry received (company)',
      'contact/contactNotificationMail',
      contactNotificationMail(COMPANY_EMAIL, contact, contact.email),
    );
    await queued(
      'inquiry received (buyer, ar)',
      'contact/contactAcknowledgementMail',
      contactAcknowledgementMail(contact.email, contact, settings, 'ar'),
    );
    await queued(
      'quote rejected (es)',
      'quote/rejectionMail',
      rejectionMail(
        'ana@importaciones.example',
        offered,
        'We cannot ship this quantity before March.',
        link('/es/profile'),
        settings,
        'es',
      ),
    );
    const links = { quotes: link('/de/profile'), unsubscribe: link('/api/v1/reminders/unsubscribe?token=9b2f4e') };
    await queued(
      'offer reminder: expiry (de)',
      'quote/offerReminderMail',
      offerReminderMail('expiry', to, offered, offered.offer!, links, settings, 'de'),
    );
    await queued(
      'offer reminder: unanswered (fr)',
      'quote/offerReminderMail',
      offerReminderMail('unanswered', 'claire@epicerie.example', offered, offered.offer!, links, settings, 'fr'),
    );
    await queued('order shipped (de)', 'order/orderStepMail', orderStepMail(order, 'SHIPPED', link(`/de/orders/${order._id}`), 'de'));
    await queued('order delivered (company)', 'order/deliveredCompanyMail', deliveredCompanyMail(COMPANY_EMAIL, order));
    const rated: Sample = {
      ...sample!,
      status: 'DELIVERED',
      feedback: { rating: 5, note: 'Sehr gute Farbe', at: new Date().toISOString() },
    };
    await queued(
      'sample feedback (company)',
      'sample/sampleFeedbackMail',
      sampleFeedbackMail(COMPANY_EMAIL, rated, link(`/profile/samples?id=${rated._id}`)),
    );
    const message = (author: 'BUYER' | 'COMPANY', text: string): ThreadMessage => ({
      _id: `m-${author}`,
      author,
      authorName: author === 'BUYER' ? 'Jonas Becker' : 'Priya Sharma',
      text,
      attachments: [],
      createdAt: new Date().toISOString(),
      readAt: null,
      hidden: false,
    });
    const thread = { kind: 'quote' as const, id: quoteId };
    const owner = { userId: buyer.user._id, ref: offered.offer!.quotationNumber, heldAsSpam: false };
    const replyTo = `replies+4kq7d2@${DOMAIN}`;
    await queued(
      'thread message (buyer, de)',
      'messages/digestMail',
      threadDigestMail({
        to,
        recipient: 'BUYER',
        thread,
        owner,
        messages: [message('COMPANY', 'The first container can leave Nhava Sheva on 12 January.')],
        baseUrl: PUBLIC_URL,
        language: 'de',
        replyTo,
      }),
    );
    await queued(
      'thread message (company)',
      'messages/digestMail',
      threadDigestMail({
        to: COMPANY_EMAIL,
        recipient: 'COMPANY',
        thread,
        owner,
        messages: [message('BUYER', 'Could you pack the onions in 10 kg cartons instead of bags?')],
        baseUrl: PUBLIC_URL,
        language: 'en',
        replyTo,
      }),
    );
    const now = Date.now();
    const lead = (kind: Lead['kind'], i: number): Lead => ({
      kind,
      id: `lead-${kind}-${i}`,
      createdAt: new Date(now - 20 * 3_600_000).toISOString(),
      dueAt: new Date(now + 4 * 3_600_000).toISOString(),
      assigneeId: null,
      followUpOn: null,
      companyName: ['Global Foods Ltd', 'Nordic Spice AB', 'Gulf Trading LLC'][i % 3]!,
      personName: ['Maria Lopez', 'Erik Lund', 'Amal Haddad'][i % 3]!,
      country: ['Spain', 'Sweden', 'United Arab Emirates'][i % 3]!,
    });
    await queued(
      'lead reply due (company)',
      'reminders/leadDueMail',
      leadDueMail(COMPANY_EMAIL, lead('quote', 0), 'Priya Sharma', now, place),
    );
    const sections = digestSections(
      {
        late: [lead('contact', 1)],
        dueToday: [lead('quote', 2)],
        fresh: [lead('quote', 0), lead('contact', 1)],
        offers: [{ quoteId, number: offered.offer!.quotationNumber, company: 'Global Foods Ltd', expiresAt: offered.offer!.expiresAt }],
        orders: [{ id: order._id, number: order.orderNumber, company: 'Global Foods Ltd', step: 'PROFORMA_ISSUED', shipBy: '2027-01-12' }],
        followUps: { leads: [lead('quote', 2)], orders: [] },
      },
      place,
    );
    await queued(
      'daily digest (company)',
      'reminders/digestMail',
      dailyDigestMail(COMPANY_EMAIL, sections, new Date(now).toISOString().slice(0, 10), place),
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends every kind of mail the site has (each …Mail builder of a mails.ts)', async () => {
    expect([...covered].sort()).toEqual(await mailBuilders());
  });

  it('signs every mail with DKIM, verified by mailauth against the published key, aligned with From (DMARC pass)', async () => {
    for (const { kind, mail } of sent) {
      const result = await authenticate(mail.raw, {
        ip: '127.0.0.1',
        helo: `mail.${DOMAIN}`,
        sender: FROM_ADDRESS,
        mta: 'mx.buyer.example',
        resolver,
        disableArc: true,
        disableBimi: true,
      });
      const dkim = result.dkim.results;
      expect(dkim.length, kind).toBe(1);
      expect({ kind, result: dkim[0]!.status.result, domain: dkim[0]!.signingDomain, selector: dkim[0]!.selector }).toEqual({
        kind,
        result: 'pass',
        domain: DOMAIN,
        selector: SELECTOR,
      });
      expect({ kind, dmarc: result.dmarc && result.dmarc.status.result, spf: result.spf && result.spf.status.result }).toEqual({
        kind,
        dmarc: 'pass',
        spf: 'pass',
      });
    }
  });

  it('names each mail on the company domain, stable per outbox row, dated, with a plain-text part', async () => {
    const rows = await t.db.selectFrom('mail_outbox').select(['id', 'status', 'attachments']).execute();
    const ids = new Set(rows.map((r) => r.id));
    for (const { kind, mail } of sent) {
      const id = new RegExp(`^<([^@>]+)@${DOMAIN.replace(/\./g, '\\.')}>$`).exec(mail.messageId)?.[1];
      expect(id && ids.has(id), `${kind}: ${mail.messageId}`).toBe(true);
      const parsed = parseEml('', mail.raw);
      expect(parsed.headers.get('date'), kind).toMatch(/\d{4} \d\d:\d\d:\d\d [+-]\d{4}$/);
      expect(parsed.text.trim().length, `${kind}: text part`).toBeGreaterThan(20);
      expect(parsed.headers.get('mime-version'), kind).toBe('1.0');
    }
    // Sent: the attachments' bytes are no longer kept in the outbox.
    expect(rows.every((r) => r.status === 'sent' && r.attachments === null)).toBe(true);
  });

  it('attaches the quotation PDF, in the buyer language, to the offer mail, and keeps the link', async () => {
    const [offerMail] = sent.filter((s) => s.kind.startsWith('offer with its PDF')).map((s) => parseEml('', s.mail.raw));
    const number = offered.offer!.quotationNumber;
    expect(offerMail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${number}.pdf`, 'application/pdf']]);
    const pdf = offerMail!.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(offerMail!.text).toContain(`${PUBLIC_URL}/de/profile`);
    expect(offerMail!.text).toContain(translator('de')('mail.offerAttached', { file: `${number}.pdf` }));
    if (hasPdftotext) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-offer-pdf-'));
      await fs.writeFile(path.join(dir, 'offer.pdf'), pdf);
      const { stdout } = await run('pdftotext', [path.join(dir, 'offer.pdf'), '-']);
      await fs.rm(dir, { recursive: true, force: true });
      expect(stdout).toContain(number);
      expect(stdout).toContain(translator('de')('pdf.title'));
    }
  });

  it("keeps a reminder's one-click unsubscribe, both headers covered by the signature", () => {
    for (const { kind, mail } of sent.filter((s) => s.kind.startsWith('offer reminder'))) {
      const headers = parseEml('', mail.raw).headers;
      expect(headers.get('list-unsubscribe'), kind).toMatch(/^<https:\/\/.+unsubscribe.+>$/);
      expect(headers.get('list-unsubscribe-post'), kind).toBe('List-Unsubscribe=One-Click');
      const signed = (/\bh=([^;]+)/.exec(headers.get('dkim-signature') ?? '')?.[1] ?? '').replace(/\s+/g, '').toLowerCase().split(':');
      expect(signed, kind).toEqual(
        expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'from', 'subject', 'date', 'message-id']),
      );
    }
  });

  it(`scores every mail at ${MAX_SCORE} or less with SpamAssassin (local rules)`, async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-spamassassin-'));
    try {
      await fs.writeFile(path.join(home, 'user_prefs'), '');
      const verdicts = await spamVerdicts(
        sent.map((s) => s.mail.raw),
        home,
      );
      const table = sent.map(({ kind, mail }) => ({
        kind,
        score: verdicts.get(mail.messageId)?.score ?? NaN,
        tests: verdicts.get(mail.messageId)?.tests ?? [],
      }));
      console.info(
        `SpamAssassin (local rules), per kind of mail:\n${table.map((r) => `  ${r.score.toFixed(1).padStart(5)}  ${r.kind}  [${r.tests.join(' ')}]`).join('\n')}`,
      );
      expect(table.filter((r) => !(r.score <= MAX_SCORE))).toEqual([]);
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the .eml outbox (no SMTP_URL)', () => {
  it("signs its mails too; unsigned, the Message-ID names PUBLIC_URL's host", async () => {
    const signed = await buildTestApp({
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      DKIM_SELECTOR: SELECTOR,
      DKIM_DOMAIN: DOMAIN,
    });
    const unsigned = await buildTestApp({ PUBLIC_URL: 'https://shop.example.org' });
    try {
      for (const t of [signed, unsigned]) {
        await queueMail(t.db, { to: 'buyer@example.com', subject: 'Your quote', text: 'Thank you for your request.', event: 'eml' });
        t.app.mailer.kick();
      }
      const [fromSigned] = await signed.outbox();
      const [fromUnsigned] = await unsigned.outbox();
      expect(fromSigned!.headers.get('dkim-signature')).toMatch(new RegExp(`d=${DOMAIN}; q=dns/txt; s=${SELECTOR};`));
      expect(fromSigned!.headers.get('message-id')).toMatch(new RegExp(`@${DOMAIN}>$`));
      expect(fromUnsigned!.headers.has('dkim-signature')).toBe(false);
      expect(fromUnsigned!.headers.get('message-id')).toMatch(/^<[0-9a-f]{24}@shop\.example\.org>$/);
    } finally {
      await signed.close();
      await unsigned.close();
    }
  });
});
