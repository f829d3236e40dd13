/**
 * The ceiling beside the real server: capture what the server answers for each target (status,
 * type, encoding, the raw bytes), then start bench/ceiling-server.mjs answering exactly that from
 * bare Fastify routes.
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from './processes.js';
import type { RequestSpec, Target } from './targets.js';

/** One raw answer: the bytes as sent (not decoded). */
export interface RawAnswer {
  status: number | undefined;
  type: string | undefined;
  encoding: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What bench/ceiling-server.mjs reads (its `Answer`), one per target. */
interface CeilingAnswer {
  key: string;
  method: string;
  status: number | undefined;
  type: string | undefined;
  encoding: string | undefined;
  /** base64 */
  body: string;
}

/** The running ceiling. */
export interface Ceiling {
  pid: number | undefined;
  /** Where the ceiling answers the target of that key. */
  urlOf: (key: string) => string;
  stop: () => Promise<void>;
}

export interface StartCeilingOptions {
  port: number;
  /** The real server, whose answers the ceiling repeats. */
  serverUrl: string;
  /** Each gets its `bytes` set to the size of the answer captured. */
  targets: Target[];
  /** Where the answers file is written. */
  dir: string;
  /** Given to node before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}

/** The raw answer to one target (node:http does not decode bodies, unlike fetch). */
export function fetchRaw(url: string, target: RequestSpec): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: target.method ?? 'GET', headers: target.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          type: res.headers['content-type'],
          encoding: res.headers['content-encoding'],
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end(target.body);
  });
}

/** Start the ceiling for `targets` as `serverUrl` answers them now; resolves to { urlOf(key), stop }. */
export async function startCeiling({ port, serverUrl, targets, dir, nodeArgs = [] }: StartCeilingOptions): Promise<Ceiling> {
  const answers: CeilingAnswer[] = [];
  for (const t of targets) {
    const expected = t.status ?? 200;
    let raw = await fetchRaw(serverUrl + t.path, t);
    // A rate-limited target answers 429 once its limit is used up.
    for (let i = 0; expected === 429 && raw.status !== 429 && i < 100; i += 1) raw = await fetchRaw(serverUrl + t.path, t);
    if (raw.status !== expected) throw new Error(`${t.name}: expected ${expected}, the server answered ${raw.status}`);
    answers.push({
      key: t.key,
      method: t.method ?? 'GET',
      status: raw.status,
      type: raw.type,
      encoding: raw.encoding,
      body: raw.body.toString('base64'),
    });
    t.bytes = raw.body.length;
  }
  const file = path.join(dir, 'ceiling-answers.json');
  await fsp.writeFile(file, JSON.stringify(answers));
  const child = spawn(process.execPath, [...nodeArgs, path.join(REPO_ROOT, 'bench/ceiling-server.mjs'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => String(chunk).startsWith('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`ceiling exited with ${code}`)));
  });
  return {
    pid: child.pid,
    urlOf: (key) => `http://127.0.0.1:${port}/ceiling/${key}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
