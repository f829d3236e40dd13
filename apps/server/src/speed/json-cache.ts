/**
 * Serialized JSON answers kept in memory per content version (see the content-versions
 * migration): the product list, a product and the gallery are read, serialized, hashed and
 * compressed once per change instead of once per request. A request costs one primary-key read
 * of the version; an unchanged resource is answered from memory, or with 304.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markEdgeCacheable } from './edge.js';
import { etagOf, matchesIfNoneMatch } from './etag.js';
import { STALE_HEADER, STALE_VALUE } from './last-known.js';

/** The content version an answer was made from, and how to read the current one (the front lane, speed/front-lane.ts, checks it). */
export interface Freshness {
  version: string;
  /** The current version, read again for every request (the same read the normal path makes). */
  current: () => Promise<string>;
}

export type ContentKind = 'products' | 'gallery' | 'settings';

/** The counter the triggers bump on every write to `kind`'s tables. */
export async function contentVersion(app: FastifyInstance, kind: ContentKind): Promise<string> {
  const [version] = await app.readMeta([`${kind}_version`]);
  return version ?? '0';
}

const readers = new WeakMap<FastifyInstance['readMeta'], Record<ContentKind, () => Promise<string>>>();

/** Reads `kind`'s current version: one function per database, so the front lane reads it once per turn. */
export function versionReader(app: FastifyInstance, kind: ContentKind): () => Promise<string> {
  let byKind = readers.get(app.readMeta);
  if (!byKind) {
    byKind = {
      products: () => contentVersion(app, 'products'),
      gallery: () => contentVersion(app, 'gallery'),
      settings: () => contentVersion(app, 'settings'),
    };
    readers.set(app.readMeta, byKind);
  }
  return byKind[kind];
}

/** The freshness of an answer made at `version` of `kind` (for the front lane). */
export function freshAt(app: FastifyInstance, kind: ContentKind, version: string): Freshness {
  return { version, current: versionReader(app, kind) };
}

const ALL_VERSIONS = ['products_version', 'gallery_version', 'settings_version'] as const;

/** Every counter in one read (a public page shows products, gallery images and the site settings). */
export async function contentVersions(app: FastifyInstance): Promise<Record<ContentKind, string>> {
  const [products, gallery, settings] = await app.readMeta(ALL_VERSIONS);
  return { products: products ?? '0', gallery: gallery ?? '0', settings: settings ?? '0' };
}

export type Encoding = 'br' | 'gzip';

/** One serialized answer; compressed forms are made on first demand and then kept. */
export interface CachedJson {
  etag: string;
  /**
   * The bytes: one Buffer, or the pieces a large list was written in (see JsonListWriter), sent
   * one after the other and never copied into one Buffer.
   */
  identity: readonly Buffer[];
  /** Their total length. */
  size: number;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The compressed forms that are made (the front lane answers from these without waiting). */
  ready: Partial<Record<Encoding, Buffer>>;
}

/** Below this, compression saves less than its headers and time cost (as @fastify/compress). */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli's best quality is affordable once per change for small bodies, too slow for 10 MB lists. */
const BROTLI_MAX_QUALITY_BYTES = 256 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `text` as a cached answer; `encoded` holds forms compressed beforehand (e.g. by the build). */
export function toCachedJson(text: string | Buffer | readonly Buffer[], encoded: CachedJson['encoded'] = {}): CachedJson {
  const identity = typeof text === 'string' ? [Buffer.from(text)] : Buffer.isBuffer(text) ? [text] : text;
  // Hashed as bytes: hashing the string made a second, temporary UTF-8 copy of it.
  const body: CachedJson = {
    etag: etagOf(identity),
    identity,
    size: identity.reduce((sum, piece) => sum + piece.length, 0),
    encoded,
    ready: {},
  };
  for (const [encoding, pending] of Object.entries(encoded) as Array<[Encoding, Promise<Buffer>]>) keepReady(body, encoding, pending);
  return body;
}

/** Once `pending` is made, `body.ready` holds it too. */
function keepReady(body: CachedJson, encoding: Encoding, pending: Promise<Buffer>): void {
  pending.then(
    (data) => {
      if (body.encoded[encoding] === pending) body.ready[encoding] = data;
    },
    () => {
      if (body.encoded[encoding] === pending) delete body.encoded[encoding];
    },
  );
}

/** JSON serialized beforehand (e.g. piece by piece, see serializeList): cached as it is. */
export class SerializedJson {
  constructor(readonly pieces: readonly Buffer[]) {}
}

/**
 * Up to this size a list's pieces are joined into one Buffer, sent in one write like any other
 * answer; above it they stay apart: joining a 25 MB list held it twice until the next full
 * garbage collection, the largest single part of the server's peak memory (docs/performance.md).
 */
const JOIN_MAX_BYTES = 1024 * 1024;

/**
 * The bytes of `JSON.stringify({ ...head, [key]: items })`, written a piece of items at a time:
 * with 10,000 products the list is 25 MB, and the whole string, its Buffer and a hash copy of it,
 * with every product object alive meanwhile, were most of the server's peak memory
 * (docs/performance.md, "Memory"). A large list stays in its pieces (JOIN_MAX_BYTES).
 */
export class JsonListWriter {
  private readonly pieces: Buffer[];
  private size = 0;
  private empty = true;

  constructor(head: Record<string, unknown>, key: string) {
    const open = JSON.stringify(head);
    this.pieces = [];
    this.push(`${open.slice(0, -1)}${open.length > 2 ? ',' : ''}${JSON.stringify(key)}:[`);
  }

  private push(piece: string | Buffer): void {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    this.pieces.push(bytes);
    this.size += bytes.length;
  }

  add(items: readonly unknown[]): void {
    if (items.length === 0) return;
    if (!this.empty) this.push(',');
    // The items without the array's brackets: a view of the bytes, not a copy of the string.
    const json = Buffer.from(JSON.stringify(items));
    this.push(json.subarray(1, -1));
    this.empty = false;
  }

  finish(): SerializedJson {
    this.push(']}');
    return new SerializedJson(this.size <= JOIN_MAX_BYTES ? [Buffer.concat(this.pieces, this.size)] : this.pieces);
  }
}

export function serializeList(head: Record<string, unknown>, key: string, items: readonly unknown[], pieceSize = 200): SerializedJson {
  const writer = new JsonListWriter(head, key);
  for (let i = 0; i < items.length; i += pieceSize) writer.add(items.slice(i, i + pieceSize));
  return writer.finish();
}

/** `pieces` compressed as one stream (the pieces of a large list are never joined). */
async function compressPieces(pieces: readonly Buffer[], compressor: zlib.BrotliCompress | zlib.Gzip): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), compressor, async (compressed: AsyncIterable<Buffer>) => {
    for await (const chunk of compressed) out.push(chunk);
  });
  return Buffer.concat(out);
}

function compress(body: CachedJson, encoding: Encoding): Promise<Buffer> {
  let pending = body.encoded[encoding];
  if (!pending) {
    const { size, identity } = body;
    const brotliOptions = {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: size <= BROTLI_MAX_QUALITY_BYTES ? 11 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    };
    const gzipOptions = { level: 9 };
    // Runs on libuv's thread pool, so a large list does not stall the event loop.
    if (identity.length === 1) pending = encoding === 'br' ? brotli(identity[0]!, brotliOptions) : gzip(identity[0]!, gzipOptions);
    else pending = compressPieces(identity, encoding === 'br' ? zlib.createBrotliCompress(brotliOptions) : zlib.createGzip(gzipOptions));
    body.encoded[encoding] = pending;
    keepReady(body, encoding, pending);
  }
  return pending;
}

/** br, else gzip, else nothing, as the request's Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: Encoding): boolean => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/**
 * Answer with `body` of content type `type`: 304 when the client holds it, else the best encoding
 * it accepts. `no-cache` makes browsers revalidate every time, so a change shows at once and no
 * change costs a 304. With `freshness` (a public answer, the same for every visitor) the answer
 * goes into the front lane (speed/front-lane.ts), which answers the same request again until the
 * version changes. With `edgeTags` an edge cache may keep it too, tagged (speed/edge.ts); browsers
 * still revalidate every time.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedJson,
  type: string,
  freshness?: Freshness,
  edgeTags?: readonly string[],
): Promise<FastifyReply> {
  const vary = reply.getHeader('Vary');
  // Appended, not set: a CORS answer already varies on Origin.
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  reply.header('ETag', body.etag);
  if (edgeTags) markEdgeCacheable(reply, edgeTags);
  else reply.header('Cache-Control', 'no-cache');
  // Made from the last version known while the database is away: said so, and not kept by the lane.
  const stale = request.server.contentStale?.() === true;
  if (stale) reply.header(STALE_HEADER, STALE_VALUE);
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type(type);
  if (freshness && !stale) request.server.frontLane?.remember(request, reply, body, freshness);
  const encoding = body.size >= COMPRESS_THRESHOLD ? pickEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) {
    const [whole] = body.identity;
    if (body.identity.length === 1 && whole) return reply.send(whole);
    // The pieces one after the other, with the length a single Buffer would have had.
    return reply.header('Content-Length', body.size).send(Readable.from(body.identity, { objectMode: false }));
  }
  const data = await compress(body, encoding);
  return reply.header('Content-Encoding', encoding).header('Content-Length', data.length).send(data);
}

export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedJson,
  freshness?: Freshness,
  edgeTags?: readonly string[],
): Promise<FastifyReply> {
  return sendCached(request, reply, body, 'application/json; charset=utf-8', freshness, edgeTags);
}

/**
 * One value valid for one content version (e.g. the set of product ids), rebuilt on first use
 * after the version changes; concurrent requests share one build, a failed build is not kept.
 */
export class VersionedValue<T> {
  private current: { version: string; value: Promise<T> } | undefined;

  get(version: string, build: () => Promise<T>): Promise<T> {
    if (this.current?.version === version) return this.current.value;
    const entry = { version, value: build() };
    this.current = entry;
    entry.value.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return entry.value;
  }
}

/** A byte budget for KeyedVersions: what each value holds, and the most all of them may hold together. */
export interface ByteBudget<T> {
  sizeOf: (value: T) => number;
  maxBytes: number;
}

interface KeyedEntry<T> {
  version: string;
  value: Promise<T>;
  /** What the value holds, once built (0 before, or without a budget). */
  bytes: number;
}

/**
 * Values per key, each valid for one content version. Concurrent requests for a missing value share
 * one build; the map is bounded (least recently used out first) so varying keys (Host headers,
 * random ids) cannot grow it without limit: in entries, and with `budget` in bytes too (the value
 * built last is kept even alone above it). A failed build is not kept, nor a value `keep` refuses.
 */
export class KeyedVersions<T> {
  private readonly entries = new Map<string, KeyedEntry<T>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly keep: (value: T) => boolean = () => true,
    private readonly budget?: ByteBudget<T>,
  ) {}

  get(key: string, version: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.remove(key);
    const entry: KeyedEntry<T> = { version, value: build(), bytes: 0 };
    this.entries.set(key, entry);
    const drop = () => {
      if (this.entries.get(key) === entry) this.remove(key);
    };
    entry.value.then((value) => {
      if (!this.keep(value)) drop();
      else if (this.budget && this.entries.get(key) === entry) {
        entry.bytes = this.budget.sizeOf(value);
        this.bytes += entry.bytes;
        this.evict(this.budget.maxBytes, entry);
      }
    }, drop);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    return entry.value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Least recently used out first while above `maxBytes`, sparing `newest`. */
  private evict(maxBytes: number, newest: KeyedEntry<T>): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= maxBytes) return;
      if (entry !== newest) this.remove(key);
    }
  }
}

/** Serialized JSON answers per key (e.g. the origin image URLs are built on, or a product id), per content version. */
export class JsonCache {
  // A "not found" is not kept: requests for random ids must not evict real answers.
  private readonly answers: KeyedVersions<CachedJson | undefined>;

  constructor(maxEntries: number, maxBytes?: number) {
    this.answers = new KeyedVersions(
      maxEntries,
      (value) => value !== undefined,
      maxBytes === undefined ? undefined : { maxBytes, sizeOf: (value) => value?.size ?? 0 },
    );
  }

  /** The answer for `key` at `version`; `build` returns the value to serialize, or undefined (nothing to cache). */
  get(key: string, version: string, build: () => Promise<unknown>): Promise<CachedJson | undefined> {
    return this.answers.get(key, version, () =>
      build().then((value) =>
        value === undefined ? undefined : toCachedJson(value instanceof SerializedJson ? value.pieces : JSON.stringify(value)),
      ),
    );
  }
}
