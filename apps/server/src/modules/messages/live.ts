/**
 * Live threads (issue 40): a thread open in two browsers shows a new message in the other within
 * seconds, through Server-Sent Events. Who listens to which thread is this process's business (an
 * in-memory emitter); that something happened in a thread reaches every process:
 * - SQLite (one process): straight to this process's listeners;
 * - PostgreSQL (several processes): `NOTIFY agro_thread` with the thread and message ids (a payload
 *   far under NOTIFY's 8000 bytes: each process reads the message itself), and every process,
 *   this one included, hears it on ONE listening connection of its own (opened with the first
 *   listener, reopened after a second when lost) and hands it to its listeners.
 * A lost notification costs a live update, never a message: it is in the database, and a client
 * that reconnects reads the thread again.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { THREAD_EVENT_TYPES, THREAD_KINDS, type ThreadEventType, type ThreadKind } from '@agro/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db, Dialect } from '../../db/index.js';

export interface ThreadSignal {
  kind: ThreadKind;
  threadId: string;
  messageId: string;
  type: ThreadEventType;
}

const CHANNEL = 'agro_thread';
const RECONNECT_MS = 1000;

function parseSignal(payload: string | undefined): ThreadSignal | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<ThreadSignal>;
    if (!(THREAD_KINDS as readonly unknown[]).includes(value.kind)) return undefined;
    if (typeof value.threadId !== 'string' || typeof value.messageId !== 'string') return undefined;
    if (!(THREAD_EVENT_TYPES as readonly unknown[]).includes(value.type)) return undefined;
    return { kind: value.kind!, threadId: value.threadId, messageId: value.messageId, type: value.type! };
  } catch {
    return undefined;
  }
}

export class ThreadEvents {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: { db: Db; dialect: Dialect; databaseUrl: string | undefined; logger: FastifyBaseLogger }) {
    // Every open SSE connection is one listener.
    this.emitter.setMaxListeners(0);
  }

  /**
   * Call `listener` for each signal of the thread until the returned function is called; resolves
   * once signals are heard (on PostgreSQL, once this process listens).
   */
  async subscribe(kind: ThreadKind, threadId: string, listener: (signal: ThreadSignal) => void): Promise<() => void> {
    const name = `${kind}:${threadId}`;
    this.emitter.on(name, listener);
    if (this.options.dialect === 'postgres') await this.listen();
    return () => this.emitter.off(name, listener);
  }

  /** Tell every process that a thread changed (after the change committed). */
  async publish(signal: ThreadSignal): Promise<void> {
    if (this.options.dialect !== 'postgres') {
      this.deliver(signal);
      return;
    }
    try {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(signal)})`.execute(this.options.db);
    } catch (err) {
      // The message is stored; only the live update is lost.
      this.options.logger.warn({ err }, 'thread notification could not be sent');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    this.emitter.emit('close');
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Called when the app closes: each open stream ends. */
  onClose(listener: () => void): () => void {
    this.emitter.on('close', listener);
    return () => this.emitter.off('close', listener);
  }

  private deliver(signal: ThreadSignal): void {
    this.emitter.emit(`${signal.kind}:${signal.threadId}`, signal);
  }

  /** The one listening connection of this process (PostgreSQL). */
  private listen(): Promise<void> {
    if (this.client || this.closed || !this.options.databaseUrl) return Promise.resolve();
    this.connecting ??= (async () => {
      const require = createRequire(import.meta.url);
      const { Client } = require('pg') as typeof pg;
      const client = new Client({ connectionString: this.options.databaseUrl, application_name: 'agro-thread-listener', keepAlive: true });
      const lost = (err?: Error) => {
        if (this.client !== client) return;
        this.client = undefined;
        if (err) this.options.logger.warn({ err }, 'thread listener lost; reconnecting');
        void client.end().catch(() => undefined);
        this.scheduleReconnect();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (n) => {
        const signal = n.channel === CHANNEL ? parseSignal(n.payload) : undefined;
        if (signal) this.deliver(signal);
      });
      try {
        await client.connect();
        await client.query(`listen ${CHANNEL}`);
        if (this.closed) {
          await client.end();
          return;
        }
        this.client = client;
      } catch (err) {
        this.options.logger.warn({ err }, 'thread listener could not connect; retrying');
        await client.end().catch(() => undefined);
        this.scheduleReconnect();
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      if (this.emitter.eventNames().some((n) => n !== 'close')) void this.listen();
    }, RECONNECT_MS);
    this.reconnect.unref();
  }
}
