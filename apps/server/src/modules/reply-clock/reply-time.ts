/**
 * 'Usually replies within N hours' on the product and contact pages (issue 41, item 5): computed
 * from the leads of the last 90 days (figures.ts replyTimeHoursOf), never per request. The figure
 * is kept in the database (app_meta `reply_time`: the hours and when they were computed), so every
 * process shows the same one; whichever process finds it older than an hour computes it again in
 * the background (and a settings change does at once). When the figure changes, the settings'
 * content version is bumped in the same transaction: the server-rendered pages and the public
 * settings, cached per that version, show the new figure at their next request in every process.
 */
import { REPLY_TIME_RULES } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { contentVersion } from '../../speed/json-cache.js';
import { replyTimeHoursOf } from './figures.js';
import { clockGroupsSince } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'Usually replies within N hours' (modules/reply-clock/reply-time.ts). */
    replyTime: ReplyTime;
  }
}

const KEY = 'reply_time';
const DAY_MS = 86_400_000;

interface Stored {
  hours: number | null;
  /** When it was computed (ms); 0: never. */
  computedAt: number;
}

async function readStored(db: DbOrTx): Promise<Stored> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  try {
    const value = JSON.parse(row?.value ?? 'null') as Partial<Stored> | null;
    return {
      hours: typeof value?.hours === 'number' ? value.hours : null,
      computedAt: typeof value?.computedAt === 'number' ? value.computedAt : 0,
    };
  } catch {
    return { hours: null, computedAt: 0 };
  }
}

/** The figure now, from the leads of the last 90 days (without the owner's `showReplyTime`: publicSettings applies it). */
async function computeReplyTimeHours(db: DbOrTx, nowMs: number): Promise<number | null> {
  return replyTimeHoursOf(await clockGroupsSince(db, nowIso(nowMs - REPLY_TIME_RULES.windowDays * DAY_MS), nowIso(nowMs)));
}

export class ReplyTime {
  private memo: (Stored & { version: string }) | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly app: FastifyInstance) {
    // A computation under way ends before the database closes.
    app.addHook('onClose', async () => {
      await this.running;
    });
  }

  /**
   * The figure the pages show: the stored one (read once per settings version), with a computation
   * started in the background when it is an hour old or was never made. The request never waits for it.
   */
  async hours(): Promise<number | null> {
    const version = await contentVersion(this.app, 'settings');
    if (this.memo?.version !== version) this.memo = { version, ...(await readStored(this.app.db)) };
    const age = this.app.now() - this.memo.computedAt;
    if (age >= REPLY_TIME_RULES.refreshMs || age < 0) this.refreshSoon();
    return this.memo.hours;
  }

  private refreshSoon(): void {
    this.running ??= this.refresh()
      .catch((err: unknown) => this.app.log.warn({ err }, 'the reply time could not be computed (tried again later)'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Compute the figure now and store it (bumping the settings' version when it changed). */
  async refresh(): Promise<void> {
    const nowMs = this.app.now();
    const hours = await computeReplyTimeHours(this.app.db, nowMs);
    await this.app.db.transaction().execute(async (tx) => {
      const before = await readStored(tx);
      const value = JSON.stringify({ hours, computedAt: nowMs } satisfies Stored);
      await tx
        .insertInto('app_meta')
        .values({ key: KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      if (before.hours !== hours) {
        await sql`update app_meta set value = cast(cast(value as bigint) + 1 as text) where key = 'settings_version'`.execute(tx);
      }
    });
    this.memo = undefined;
  }
}
