/**
 * Issue 41, item 4, with two server processes on one database (two apps, each with its own
 * connections; on PostgreSQL the race is real, on SQLite the file's lock orders the writers): both
 * tick at once, many times, with reminders and a digest due. Every lead reminder, buyer reminder
 * and digest is queued exactly once: the mails the ticks say they queued add up to the outbox's
 * rows (a second copy would count there even where the outbox's unique key dropped it), one run of
 * the digest is recorded, and one unsubscribe token is issued per buyer reminder.
 */
import { offerToday } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helper.js';
import {
  DAY,
  HOUR,
  addInquiry,
  addQuote,
  anotherProcess,
  arrived,
  closeWorld,
  dayOf,
  offer,
  world,
  type World,
} from '../reminders-world.js';

const LEADS = 6;
const OFFERS = 6;
const ROUNDS = 15;

// 01:00 UTC today while the world is made: before the digest hour, nothing due yet.
let now = Math.floor(Date.now() / DAY) * DAY + HOUR;
let w: World;
let second: FastifyInstance;
const buyers: TestUser[] = [];
let expiresAt = 0;

beforeAll(async () => {
  w = await world(() => now);
  await w.t.loginAdmin();
  await w.t.loginAdmin();
  second = await anotherProcess(w);
  for (let i = 0; i < OFFERS; i += 1) buyers.push(await w.t.loginUser());
  for (const [i, buyer] of buyers.entries()) {
    ({ expiresAt } = await offer(w, await addQuote(w, buyer, `Offer Buyer ${i}`), offerToday(Date.now() + 20 * DAY)));
  }
}, 60_000);
afterAll(() => closeWorld(w));

describe('two processes ticking at once', () => {
  it('queue each reminder and each digest once', async () => {
    // The race's time: every buyer's offer within three days of its end, every lead within four
    // hours of its due time, past the digest hour (UTC) of the day.
    const raceAt = Math.floor((expiresAt - 2 * DAY) / DAY) * DAY + 20 * HOUR;
    expect(expiresAt - raceAt).toBeLessThan(3 * DAY);
    for (let i = 0; i < LEADS; i += 1) {
      const kind = i % 2 === 0 ? 'quote' : 'contact';
      const id = kind === 'quote' ? await addQuote(w, buyers[0]!, `Racing Lead ${i}`) : await addInquiry(w, buyers[0]!, `Racing Lead ${i}`);
      await arrived(w, kind, id, raceAt - 21 * HOUR);
    }
    // The mail passes those calls started end before the clock moves: from here on only the race's
    // own ticks run the jobs, and count what they queue.
    await Promise.all([w.t.app.mailer.idle(), second.mailer.idle()]);
    now = raceAt;

    let queued = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const counts = await Promise.all([w.t.app.scheduler.tick(), second.scheduler.tick()]);
      queued += counts[0] + counts[1];
      now += 60_000;
    }
    // Both workers send what was queued (their passes tick too, and find nothing left to do).
    await Promise.all([w.t.app.mailer.idle(), second.mailer.idle()]);
    const rows = await w.t.db.selectFrom('mail_outbox').select(['dedupe_key', 'status']).execute();
    const of = (prefix: string) => rows.filter((r) => r.dedupe_key.startsWith(prefix));
    expect(of('lead-due:')).toHaveLength(LEADS);
    expect(of('offer-expiry:')).toHaveLength(OFFERS);
    expect(of('daily-digest:')).toHaveLength(3);
    expect(queued).toBe(LEADS + OFFERS + 3);
    expect(rows.filter((r) => /^(lead-due|offer-expiry|daily-digest):/.test(r.dedupe_key)).every((r) => r.status === 'sent')).toBe(true);

    // (The data rights' retention job claims each day too: data-rights/retention.ts.)
    const runs = await w.t.db.selectFrom('job_runs').selectAll().where('job', '!=', 'order-retention').execute();
    expect(runs.map((r) => [r.job, r.period_key, Number(r.mails)])).toEqual([['daily-digest', dayOf(now), 3]]);
    expect(await w.t.db.selectFrom('unsubscribe_tokens').select('token_hash').execute()).toHaveLength(OFFERS);
  }, 60_000);
});
