/**
 * Turns a V8 CPU profile (`node --cpu-prof`) of the server into the cost table of
 * docs/performance.md: for each sample taken while one target was loaded, the stack is walked
 * from the leaf up and the sample is charged to the first frame that names a piece of the request
 * path (helmet -> security headers, pino -> access log, find-my-way -> routing...). Node's own
 * frames are skipped on the way up, except the socket write and the HTTP parser, which are
 * charged where they are. Divided by the requests answered in the window: microseconds of CPU
 * per request, per piece.
 */

import { isRecord } from './json.js';

/** A V8 CPU profile (`.cpuprofile`, Chrome DevTools protocol `Profiler.Profile`): the fields used here. */
export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the profile's own clock. */
  startTime: number;
  endTime: number;
  /** Per sample, the id of the node (leaf frame) it hit. */
  samples: number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  timeDeltas: number[];
}

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  /** Ids of the child nodes. */
  children?: number[];
}

/** One target's time window (profile clock, microseconds) and the requests answered in it. */
export interface CostWindow {
  key: string;
  fromUs: number;
  toUs: number;
  requests: number;
}

/** One target's column of the cost table. */
export interface CostRow {
  requests: number;
  /** Microseconds sampled per line of the table. */
  us: Record<string, number>;
  idleUs: number;
  sampledUs: number;
  perRequestUs: Record<string, number>;
  totalPerRequestUs: number;
}

/** Per target key. */
export type CostTable = Record<string, CostRow>;

const isNumberArray = (value: unknown): value is number[] => Array.isArray(value) && value.every((v) => typeof v === 'number');

function isProfileNode(value: unknown): value is ProfileNode {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    isRecord(value.callFrame) &&
    typeof value.callFrame.functionName === 'string' &&
    typeof value.callFrame.url === 'string' &&
    (value.children === undefined || isNumberArray(value.children))
  );
}

/** A parsed `.cpuprofile` with the shape costTable reads. */
export function isCpuProfile(value: unknown): value is CpuProfile {
  return (
    isRecord(value) &&
    Array.isArray(value.nodes) &&
    value.nodes.every(isProfileNode) &&
    typeof value.startTime === 'number' &&
    typeof value.endTime === 'number' &&
    isNumberArray(value.samples) &&
    isNumberArray(value.timeDeltas)
  );
}

/** [line of the cost table, test(url, functionName)]: first match from the leaf up wins. */
const OWNERS: ReadonlyArray<readonly [string, (url: string, functionName: string) => boolean]> = [
  ['security headers (helmet, CORS hook)', (u) => /\/helmet\/|plugins\/security\.ts/.test(u)],
  ['cookies (@fastify/cookie)', (u) => /@fastify\/cookie|\/node_modules\/cookie\//.test(u)],
  ['auth (session lookup)', (u) => /plugins\/auth\.ts|session-repository\.ts/.test(u)],
  ['rate limit (@fastify/rate-limit)', (u) => /@fastify\/rate-limit|plugins\/rate-limit\.ts|toad-cache/.test(u)],
  [
    'compression hooks (@fastify/compress)',
    (u) => /@fastify\/compress|\/mnemonist\/|\/minipass|\/peek-stream|\/pumpify|\/duplexify|\/vary\//.test(u),
  ],
  ['content-version check', (u, f) => (/json-cache\.ts/.test(u) && f === 'contentVersion') || /db\/index\.ts/.test(u)],
  ['database query (Kysely)', (u) => /\/kysely\/|modules\/\w+\/repository\.ts/.test(u)],
  [
    'access log (pino)',
    (u) =>
      /\/pino\/|\/pino-std-serializers\/|\/sonic-boom\/|\/fast-redact\/|\/quick-format-unescaped\/|\/on-exit-leak-free\/|\/thread-stream\/|lib\/access-log\.ts|\/safe-stable-stringify\//.test(
        u,
      ),
  ],
  ['error path (throw, error handler)', (u) => /plugins\/error-handler\.ts|lib\/errors\.ts/.test(u)],
  ['front lane (lookup, batching, its writeHead)', (u) => /lib\/front-lane\.ts/.test(u)],
  ['cached answer (lookup, ETag, encoding choice)', (u) => /lib\/json-cache\.ts|lib\/etag\.ts|lib\/answer-cache\.ts/.test(u)],
  [
    'static files (@fastify/static, send)',
    (u) => /@fastify\/static|\/@fastify\/send\/|\/send\/|\/mime\/|\/content-disposition\/|\/glob\//.test(u),
  ],
  ['route handler (modules/*)', (u) => /apps\/server\/src\/(modules|plugins|lib)\//.test(u)],
  ['routing (find-my-way)', (u) => /\/find-my-way\//.test(u)],
  [
    'serialisation (fast-json-stringify)',
    (u) => /fast-json-stringify|\/fastify\/lib\/schemas\.js|\/fastify\/lib\/error-serializer\.js/.test(u),
  ],
  ['Fastify core (request, reply, hooks)', (u) => /\/fastify\/|\/avvio\/|\/light-my-request\/|\/abstract-logging\//.test(u)],
];

const SOCKET_WRITE =
  /^(writeHead|_writeRaw|_send|end|write|writev|_writev|_writeGeneric|writeGeneric|writevGeneric|_flushOutput|handleWriteReq|onWriteComplete|afterWriteDispatched)$/;
const NODE_URL = /^node:|^internal\/|^$|^(net|stream|events|_http_\w+|http)\.js$/;

/** Where one node (frame) of the profile belongs, walking up from it. */
function classify(node: ProfileNode | undefined, parentOf: Map<number, ProfileNode>): string {
  for (let n = node; n; n = parentOf.get(n.id)) {
    const { url, functionName } = n.callFrame;
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)' || functionName === '(root)') return 'V8 and native, not attributed';
    // The driver is charged to whoever called it (the version check or a Kysely query).
    if (/better-sqlite3|\/pg\/|\/pg-protocol\/|\/pg-pool\//.test(url)) continue;
    if (/^node:(internal\/)?fs/.test(url)) return 'file system (stat, open, read, close)';
    if (NODE_URL.test(url)) {
      if (SOCKET_WRITE.test(functionName) && /_http_outgoing|net|stream|_http_server|stream_base_commons|writable/.test(url))
        return 'socket write (node:http, net)';
      if (/_http_common|_http_server|_http_incoming/.test(url) && /parser|Incoming|connectionListener|onParser/.test(functionName))
        return 'HTTP parsing (node:http)';
      continue;
    }
    for (const [line, test] of OWNERS) if (test(url, functionName)) return line;
  }
  return 'other (node internals, event loop)';
}

/**
 * Per target window { key, fromUs, toUs, requests }: CPU microseconds per request per line.
 * Timestamps are the profile's own clock (CLOCK_MONOTONIC, as process.hrtime), in microseconds.
 */
export function costTable(profile: CpuProfile, windows: CostWindow[]): CostTable {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
  const lineOf = new Map<number, string>();
  const lineFor = (id: number) => {
    let line = lineOf.get(id);
    if (line === undefined) {
      line = classify(byId.get(id), parentOf);
      lineOf.set(id, line);
    }
    return line;
  };
  const out: CostTable = {};
  // perRequestUs and totalPerRequestUs are filled in at the end.
  for (const w of windows) out[w.key] = { requests: w.requests, us: {}, idleUs: 0, sampledUs: 0, perRequestUs: {}, totalPerRequestUs: 0 };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    const w = windows.find((x) => t >= x.fromUs && t < x.toUs);
    if (!w) continue;
    const row = out[w.key];
    const node = byId.get(profile.samples[i]);
    if (!node) throw new Error(`the profile's sample ${i} hits no node (${profile.samples[i]})`);
    // The sample's time is the interval up to the next sample.
    const spent = profile.timeDeltas[i + 1] ?? delta;
    if (node.callFrame.functionName === '(idle)') {
      row.idleUs += spent;
      continue;
    }
    row.sampledUs += spent;
    const line = lineFor(node.id);
    row.us[line] = (row.us[line] ?? 0) + spent;
  }
  for (const row of Object.values(out)) {
    row.perRequestUs = Object.fromEntries(Object.entries(row.us).map(([k, v]) => [k, v / Math.max(1, row.requests)]));
    row.totalPerRequestUs = row.sampledUs / Math.max(1, row.requests);
  }
  return out;
}
