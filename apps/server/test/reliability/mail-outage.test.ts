/**
 * A mail server that is down or hangs must never lose or slow down a quote or an inquiry: the
 * row is committed and the answer sent before any mail is attempted (DESIGN.md "Mail").
 */
import net from 'node:net';
import { API, type Quote } from '@agro/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { insertTestProduct } from '../fixtures.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { contactBody, quoteBody } from '../security/endpoints.js';

/** A TCP server that accepts connections and never says a word (an SMTP server that hangs). */
async function stallingServer(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let t: TestApp | undefined;
let stalling: Awaited<ReturnType<typeof stallingServer>> | undefined;
afterEach(async () => {
  // Let the queued mails fail fast so the app can close.
  await stalling?.close();
  await t?.close();
  stalling = undefined;
  t = undefined;
});

/** Send `n` quotes and `n` inquiries; answers timed, rows checked. */
async function sendAndCheck(app: TestApp, n: number): Promise<number[]> {
  const user = await app.loginUser();
  const productId = await insertTestProduct(app.db);
  const times: number[] = [];
  const quoteIds: string[] = [];
  for (let i = 0; i < n; i += 1) {
    let started = Date.now();
    const quote = await app.app.inject({
      method: 'POST',
      url: API.addQuote,
      headers: { cookie: user.cookie },
      payload: quoteBody(productId, { additionalInfo: `#${i}` }),
    });
    times.push(Date.now() - started);
    expect(quote.statusCode, quote.body).toBe(200);
    quoteIds.push(quote.json<{ quote: Quote }>().quote._id);
    started = Date.now();
    const contact = await app.app.inject({
      method: 'POST',
      url: API.addContact,
      headers: { cookie: user.cookie },
      payload: contactBody(productId),
    });
    times.push(Date.now() - started);
    expect(contact.statusCode, contact.body).toBe(200);
  }
  const quotes = await app.db.selectFrom('quotes').select('id').where('user_id', '=', user.user._id).execute();
  expect(quotes.map((q) => q.id).sort()).toEqual([...quoteIds].sort());
  expect(await app.db.selectFrom('contacts').select('id').where('user_id', '=', user.user._id).execute()).toHaveLength(n);
  return times;
}

describe('mail outages never lose or delay a quote or an inquiry', () => {
  it('SMTP server down (connection refused)', async () => {
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const times = await sendAndCheck(t, 5);
    expect(Math.max(...times)).toBeLessThan(5000);
    // The failures happened (and were only logged).
    await t.app.mailer.idle();
  });

  it('SMTP server that accepts and then hangs', async () => {
    stalling = await stallingServer();
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${stalling.port}` });
    const times = await sendAndCheck(t, 5);
    // Every answer came back while the first mail was still stuck on the silent server.
    expect(stalling.connections()).toBeGreaterThanOrEqual(1);
    expect(Math.max(...times)).toBeLessThan(5000);
    let idle = false;
    void t.app.mailer.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(idle).toBe(false);
  });
});
