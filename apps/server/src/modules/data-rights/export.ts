/**
 * GET /api/v1/user/export (issue 44, item 3): everything the site holds about the signed-in
 * account as one JSON file, written as it is read (a quote, an order, a page of messages at a
 * time), or a ZIP holding that file (`data.json`) and the account's attachments and documents, one
 * file at a time (fflate, streaming). A big account never sits whole in memory.
 */
import { THREAD_KINDS, type DataExport, type Quote } from '@agro/shared';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { DbOrTx } from '../../db/index.js';
import { toPublicUser, nowIso } from '../../db/mappers.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { toAuditEntry } from '../audit/index.js';
import { findInquiry } from '../contact/repository.js';
import { listMessages } from '../messages/repository.js';
import { findOrder } from '../order/repository.js';
import { findSample, userSampleIds } from '../sample/index.js';
import { getQuoteDetail } from '../quote/index.js';
import { findUserById, listPasskeys, listUserSessions, toPasskeyRecord, toSessionRecord } from '../user/index.js';
import { auditRowsOf, filesOf, leadIdsOf } from './repository.js';

const MESSAGES_PAGE = 200;
/**
 * Items written between two turns of the event loop: SQLite answers synchronously, so without a
 * turn now and then a big export would hold every other request until it ends.
 */
const ITEMS_PER_TURN = 50;

/** Whether a lead is held as spam, who owns it and when to follow it up are the company's business. */
function forBuyer<Q extends Pick<Quote, 'spamReason' | 'assignee' | 'followUpOn'>>(
  lead: Q,
): Omit<Q, 'spamReason' | 'assignee' | 'followUpOn'> {
  const { spamReason: _held, assignee: _owner, followUpOn: _followUp, ...shown } = lead;
  return shown;
}

/** A name safe in a ZIP on any system: letters, digits, dot, dash and underscore. */
const safeName = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-100) || 'file';

export interface AccountExport {
  /** The JSON file's text, piece by piece. */
  json(): AsyncGenerator<string>;
  /** The files the ZIP holds (`DataExport['files']`) with where they are stored. */
  files: (DataExport['files'][number] & { storageName: string })[];
}

/** Reads what is small first (the account, its sessions, its leads' ids, audit rows, files): a database away answers 503 before a byte is sent. */
export async function prepareExport(db: DbOrTx, userId: string, currentTokenHash: string | null): Promise<AccountExport | undefined> {
  const row = await findUserById(db, userId);
  if (!row) return undefined;
  const now = nowIso();
  const [sessions, passkeys, leads, audit, sampleIds] = await Promise.all([
    listUserSessions(db, userId, now),
    listPasskeys(db, userId),
    leadIdsOf(db, userId),
    auditRowsOf(db, userId),
    userSampleIds(db, userId),
  ]);
  const files = (await filesOf(db, userId)).map((f) => ({
    path: `files/${f.kind === 'order-document' ? 'orders' : 'messages'}/${f.id}-${safeName(f.fileName)}`,
    kind: f.kind,
    ownerId: f.ownerId,
    fileName: f.fileName,
    contentType: f.contentType,
    bytes: f.bytes,
    storageName: f.storageName,
  }));
  const account: DataExport['account'] = {
    ...toPublicUser(row),
    language: row.language,
    remindersOptedOutAt: row.reminders_opted_out_at,
    twoStepSignIn: Boolean(row.totp_secret),
  };
  const J = (value: unknown) => JSON.stringify(value);

  async function* list<T>(ids: readonly string[], read: (id: string) => Promise<T | undefined>): AsyncGenerator<string> {
    let first = true;
    for (const [i, id] of ids.entries()) {
      if (i > 0 && i % ITEMS_PER_TURN === 0) await nextTurn();
      const item = await read(id);
      if (item === undefined) continue;
      yield (first ? '' : ',') + J(item);
      first = false;
    }
  }

  async function* messages(): AsyncGenerator<string> {
    let first = true;
    for (const kind of THREAD_KINDS) {
      for (const id of leads[kind]) {
        for (let page = 1; ; page += 1) {
          await nextTurn();
          const { messages: batch, total } = await listMessages(db, { kind, id }, page, MESSAGES_PAGE);
          for (const m of batch) {
            yield (first ? '' : ',') + J({ ...m, threadKind: kind, threadId: id });
            first = false;
          }
          if (page * MESSAGES_PAGE >= total || batch.length === 0) break;
        }
      }
    }
  }

  async function* json(): AsyncGenerator<string> {
    yield `{"exportedAt":${J(now)},"account":${J(account)},"sessions":${J(sessions.map((s) => toSessionRecord(s, currentTokenHash)))},"passkeys":${J(passkeys.map(toPasskeyRecord))},"quotes":[`;
    yield* list(leads.quote, async (id) => {
      const quote = await getQuoteDetail(db, id);
      return quote && forBuyer(quote);
    });
    yield '],"orders":[';
    yield* list(leads.order, (id) => findOrder(db, id));
    yield '],"inquiries":[';
    yield* list(leads.contact, async (id) => {
      const inquiry = await findInquiry(db, id);
      return inquiry && forBuyer(inquiry);
    });
    yield '],"messages":[';
    yield* messages();
    yield '],"samples":[';
    yield* list(sampleIds, (id) => findSample(db, id));
    yield `],"audit":${J(audit.map(toAuditEntry))},"files":${J(files.map(({ storageName: _s, ...f }) => f))}}\n`;
  }

  return { json, files };
}

/** The JSON file as a stream of UTF-8 text. */
export const jsonStream = (data: AccountExport): Readable => Readable.from(data.json(), { objectMode: false });

/**
 * The ZIP: `data.json` (deflated as it is written), then each file as stored (documents and
 * pictures are compressed already), read one at a time. A file gone from the storage is left out
 * (`data.json` still lists it).
 */
export function zipStream(data: AccountExport, storage: FileStorage): Readable {
  async function* pieces(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else ready.push(chunk);
    });
    const take = (): Uint8Array[] => {
      if (failure) throw failure;
      return ready.splice(0);
    };
    const encoder = new TextEncoder();
    const json = new ZipDeflate('data.json', { level: 6 });
    zip.add(json);
    for await (const piece of data.json()) {
      json.push(encoder.encode(piece));
      yield* take();
    }
    json.push(new Uint8Array(0), true);
    yield* take();
    for (const file of data.files) {
      const bytes = await storage.get(file.storageName);
      if (!bytes) continue;
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      entry.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
      yield* take();
    }
    zip.end();
    yield* take();
  }
  return Readable.from(pieces(), { objectMode: false });
}
