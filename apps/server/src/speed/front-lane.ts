/**
 * The front lane: a GET that repeats a cached public answer (a page, the product list, a product,
 * the gallery, the sitemap) is answered here, in the HTTP server's request listener, before
 * Fastify routes it. What a cached answer cost above the bare-Fastify ceiling was Fastify's work
 * around it: the router, the request and reply objects, the hooks (security headers, cookies),
 * the child logger of the access log, the reply's header bookkeeping (docs/performance.md, the
 * cost table). The lane keeps the two things that make it a production answer: the content
 * version is read for every request (a write by any process shows at the next request), and every
 * request gets its access-log line.
 *
 * An answer enters the lane when the normal path has sent it (`sendCached` with a freshness): the
 * lane keeps the very headers that answer had, and the body in every encoding made so far. A
 * request the lane cannot answer exactly as Fastify would (another method, an Origin header
 * (CORS), a conditional request, a body, an encoding not made yet, a changed version) goes on to
 * Fastify, which answers it and puts the new answer in the lane.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { loggedUrl } from '../lib/access-log.js';
import { STALE_HEADER, STALE_VALUE } from './last-known.js';
import { COMPRESS_THRESHOLD, pickEncoding, toCachedJson, type CachedJson, type Encoding, type Freshness } from './json-cache.js';

/** What a cached answer is valid for: the version it was made at, and how to read the current one. */

interface LaneAnswer {
  status: number;
  /** The headers the normal path sent, without Content-Encoding and Content-Length. */
  headers: OutgoingHttpHeaders;
  /** The same with Content-Encoding and Content-Length, per encoding, made on first use. */
  heads: Partial<Record<Encoding | 'identity', OutgoingHttpHeaders>>;
  body: CachedJson;
  /** Absent for a refusal that depends on no content (see rememberRefusal). */
  freshness: Freshness | undefined;
  /** Only for requests without a Cookie header (a refusal for want of a session). */
  anonymousOnly: boolean;
  /** The route pattern that made it (the metrics' label). */
  route: string;
}

/** Told of every answer of the lane (lib/metrics.ts). */
export type LaneObserver = (route: string, status: number, seconds: number) => void;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A version read shared by the requests of one turn of the event loop. */
type VersionRead = (current: () => Promise<string>) => Promise<string>;

/** Refusals of a route with a parameter (e.g. an unknown product id), answered by the lane (see refuseUnder). */
interface RefusalRoute {
  prefix: string;
  /** The content version the refusal depends on. */
  current: () => Promise<string>;
  /** True when the route would refuse the request for this rest of the path at `version` (the route's own check). */
  refuses: (rest: string, version: string) => Promise<boolean>;
  /** The refusal as the route sent it last. */
  answer?: LaneAnswer;
}

/** Headers whose value is per encoding (set by the lane) or per request (never kept). */
const NOT_KEPT = new Set(['content-encoding', 'content-length', 'set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Accept-Encoding values seen, with the encoding each picks (bounded: a client may send anything). */
const MAX_ENCODING_VALUES = 64;

/** A path segment as it is, nothing escaped, no query. */
const PLAIN_SEGMENT = /^[\w-]+$/;

export class FrontLane {
  private readonly answers = new Map<string, LaneAnswer>();
  /** The bytes of the answers kept (uncompressed; an answer's body may be shared with a cache). */
  private bytes = 0;
  private readonly encodings = new Map<string, Encoding | undefined>();
  private readonly refusals: RefusalRoute[] = [];
  /** Requests waiting for this turn's version reads (see later). */
  private pending: Array<(read: VersionRead) => void> = [];
  private log: FastifyBaseLogger | undefined;
  /** True while versions are the last known, not read (speed/last-known.ts): answers are marked stale. */
  private stale: () => boolean = () => false;
  private observer: LaneObserver | undefined;
  private sequence = 0;
  /** Requests answered by the lane (tests read it). */
  served = 0;

  constructor(
    private readonly maxEntries: number,
    /** The most the kept answers may hold together: the lane must not keep alive what the caches let go. */
    private readonly maxBytes: number,
    /** With TRUST_PROXY the forwarded host and protocol are part of an answer's links. */
    private readonly trustProxy: boolean,
  ) {}

  /** The access log the lane writes to (the app's logger, once it exists), and whether versions are stale. */
  attach(log: FastifyBaseLogger, stale?: () => boolean): void {
    this.log = log;
    if (stale) this.stale = stale;
  }

  /** Who is told of every answer of the lane (the metrics, when kept). */
  observe(observer: LaneObserver): void {
    this.observer = observer;
  }

  /** The server's request listener: the lane first, `next` (Fastify) for everything it does not answer. */
  listener(next: Listener): Listener {
    return (req, res) => {
      if (!this.serve(req, res, next)) next(req, res);
    };
  }

  private key(req: IncomingMessage): string {
    const { headers } = req;
    const forwarded = this.trustProxy ? ` ${String(headers['x-forwarded-proto'])} ${String(headers['x-forwarded-host'])}` : '';
    return `${headers.host}${forwarded} ${req.url}`;
  }

  private encodingOf(header: string | undefined): Encoding | undefined {
    const value = header ?? '';
    if (this.encodings.has(value)) return this.encodings.get(value);
    const encoding = pickEncoding(value);
    if (this.encodings.size >= MAX_ENCODING_VALUES) this.encodings.clear();
    this.encodings.set(value, encoding);
    return encoding;
  }

  /** True when the lane took the request (it may still hand it to `next` once the version is read). */
  private serve(req: IncomingMessage, res: ServerResponse, next: Listener): boolean {
    if (req.method !== 'GET' || !this.log) return false;
    const { headers } = req;
    if (
      headers.origin !== undefined ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    ) {
      return false;
    }
    const key = this.key(req);
    const answer = this.answers.get(key);
    if (!answer) return this.refuse(req, res, next);
    if (answer.anonymousOnly && headers.cookie !== undefined) return false;
    const { body } = answer;
    const encoding = body.size >= COMPRESS_THRESHOLD ? this.encodingOf(headers['accept-encoding']) : undefined;
    const data = encoding ? body.ready[encoding] : body.identity.length === 1 ? body.identity[0] : undefined;
    if (!data) return false;
    const start = performance.now();
    const { freshness } = answer;
    if (!freshness) {
      this.send(req, res, answer, encoding, data, start);
      return true;
    }
    this.later((read) =>
      read(freshness.current).then(
        (version) => {
          if (version === freshness.version) return this.send(req, res, answer, encoding, data, start);
          if (this.answers.get(key) === answer) this.forget(key);
          next(req, res);
        },
        // The version could not be read (e.g. the database is closing): Fastify answers as it would.
        () => next(req, res),
      ),
    );
    return true;
  }

  /**
   * Runs `task` once every request of this turn of the event loop has been read: the requests of
   * one turn share each version read (one read per turn instead of one per request, on
   * PostgreSQL a round trip). Still exact: every request of the batch had arrived before the
   * version is read, so a write committed before any of them was sent is seen.
   */
  private later(task: (read: VersionRead) => void): void {
    this.pending.push(task);
    if (this.pending.length === 1) setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    const tasks = this.pending;
    this.pending = [];
    const reads = new Map<() => Promise<string>, Promise<string>>();
    const read: VersionRead = (current) => {
      let version = reads.get(current);
      if (!version) reads.set(current, (version = current()));
      return version;
    };
    for (const task of tasks) task(read);
  };

  /** A refusal of a route registered with refuseUnder, when the route would refuse this request. */
  private refuse(req: IncomingMessage, res: ServerResponse, next: Listener): boolean {
    const url = req.url ?? '';
    const route = this.refusals.find((r) => url.startsWith(r.prefix));
    const answer = route?.answer;
    if (!route || !answer) return false;
    const rest = url.slice(route.prefix.length);
    // Only the plain form: an escaped or queried path is read by Fastify's router.
    if (!PLAIN_SEGMENT.test(rest)) return false;
    const start = performance.now();
    this.later((read) =>
      read(route.current)
        .then((version) => route.refuses(rest, version))
        .then(
          (refused) => (refused ? this.send(req, res, answer, undefined, answer.body.identity[0]!, start) : next(req, res)),
          () => next(req, res),
        ),
    );
    return true;
  }

  /**
   * The lane answers the refusals of the GET route at `prefix` + one path segment when `refuses`
   * says the route would refuse that segment at the `current` version (the same check the route
   * makes, e.g. an id unknown at the current content version): random ids cost no routing. Returns the route's `onSend`
   * hook, which keeps the route's own answer of status `status` to answer with.
   */
  refuseUnder(
    prefix: string,
    status: number,
    current: () => Promise<string>,
    refuses: (rest: string, version: string) => Promise<boolean>,
  ): onSendHookHandler {
    const route: RefusalRoute = { prefix, current, refuses };
    this.refusals.push(route);
    return (request, reply, payload, done) => {
      if (reply.statusCode === status && typeof payload === 'string' && request.headers.origin === undefined) {
        route.answer = {
          status,
          headers: keptHeaders(reply),
          heads: {},
          body: toCachedJson(payload),
          freshness: undefined,
          route: request.routeOptions.url ?? prefix,
          anonymousOnly: false,
        };
      }
      done(null, payload);
    };
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    answer: LaneAnswer,
    encoding: Encoding | undefined,
    data: Buffer,
    start: number,
  ): void {
    const heads = (answer.heads[encoding ?? 'identity'] ??= headsFor(answer.headers, encoding, data.length));
    res.writeHead(answer.status, answer.freshness && this.stale() ? { ...heads, [STALE_HEADER]: STALE_VALUE } : heads);
    res.end(data);
    this.served += 1;
    this.observer?.(answer.route, answer.status, (performance.now() - start) / 1000);
    this.log?.info(
      {
        reqId: `lane-${(this.sequence++).toString(36)}`,
        method: 'GET',
        url: loggedUrl(req.url ?? ''),
        statusCode: answer.status,
        responseTime: Math.round((performance.now() - start) * 10) / 10,
      },
      'request completed',
    );
  }

  /**
   * Called by `sendCached` once the normal path has set every header of a 200 or 404 answer but
   * the encoding's: the answer is kept for the same request (host, URL) until its version changes.
   */
  remember(request: FastifyRequest, reply: FastifyReply, body: CachedJson, freshness: Freshness): void {
    if (reply.statusCode !== 200 && reply.statusCode !== 404) return;
    this.keep(request, reply, body, freshness, false);
  }

  /**
   * Called from the `onSend` of a GET route that needs a session (see plugins/auth.ts) with the
   * serialized answer: a 401 to a request without any cookie is the same for every such request,
   * whatever the content, and is answered by the lane from then on. (Junk traffic is cheap.)
   */
  rememberRefusal(request: FastifyRequest, reply: FastifyReply, payload: string): void {
    if (reply.statusCode !== 401 || request.headers.cookie !== undefined) return;
    this.keep(request, reply, toCachedJson(payload), undefined, true);
  }

  private keep(
    request: FastifyRequest,
    reply: FastifyReply,
    body: CachedJson,
    freshness: Freshness | undefined,
    anonymousOnly: boolean,
  ): void {
    // A CORS answer carries headers for its origin; the lane answers only requests without one.
    if (request.method !== 'GET' || request.headers.origin !== undefined) return;
    // A large list is sent in pieces, as a stream: it stays on the normal path (and is bound by moving its bytes).
    if (body.identity.length !== 1 || body.size > this.maxBytes) return;
    const headers = keptHeaders(reply);
    const key = this.key(request.raw);
    this.forget(key);
    // Oldest first out, by count and by bytes.
    for (const oldest of this.answers.keys()) {
      if (this.answers.size < this.maxEntries && this.bytes + body.size <= this.maxBytes) break;
      this.forget(oldest);
    }
    this.answers.set(key, {
      status: reply.statusCode,
      headers,
      heads: {},
      body,
      freshness,
      anonymousOnly,
      route: request.routeOptions.url ?? 'unmatched',
    });
    this.bytes += body.size;
  }

  private forget(key: string): void {
    const answer = this.answers.get(key);
    if (!answer) return;
    this.answers.delete(key);
    this.bytes -= answer.body.size;
  }
}

/** The reply's headers but the per-encoding and per-request ones. */
function keptHeaders(reply: FastifyReply): OutgoingHttpHeaders {
  // The names as the normal path writes them: those set on the raw response (helmet's) keep their case.
  const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
  const rawNames = new Map(raw.getRawHeaderNames().map((name) => [name.toLowerCase(), name] as const));
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    headers[rawNames.get(name) ?? name] = value;
  }
  return headers;
}

function headsFor(headers: OutgoingHttpHeaders, encoding: Encoding | undefined, length: number): OutgoingHttpHeaders {
  return { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(length) };
}
