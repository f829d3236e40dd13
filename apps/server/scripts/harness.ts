/**
 * What the whole-system checks (scale-out.ts, chaos.ts, replica-loss.ts, pitr.ts) share: free ports,
 * waiting, HTTP calls as a client makes them, compiled server processes, Debian's nginx in front of
 * them, and throwaway PostgreSQL clusters.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API, type Product } from '@agro/shared';
import { SERVER_NODE_FLAGS } from '../src/node-flags.js';
import { file, makeImage, multipart, type FormValue } from '../test/images-fixtures.js';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every `everyMs` until it holds (true) or `ms` passed (false, said on the console). */
export async function until(what: string, condition: () => Promise<boolean> | boolean, ms = 60_000, everyMs = 100): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return true;
    await sleep(everyMs);
  }
  console.log(`     (gave up waiting: ${what})`);
  return false;
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
  body: Buffer;
  headers: Headers;
}

export async function call(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string; form?: [string, FormValue][]; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: Uint8Array | string | undefined;
  if (options.form) {
    const { payload, headers: h } = await multipart(options.form);
    body = new Uint8Array(payload);
    Object.assign(headers, h);
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const buffer = Buffer.from(await res.arrayBuffer());
  let json: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(buffer.toString('utf8')) as Record<string, unknown>;
  return { status: res.status, json, body: buffer, headers: res.headers };
}

export const cookieOf = (a: Answer): string => (a.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** A compiled server process (apps/server/dist) and its end. */
export interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts `dist/main.js` with `env`, its output appended to `<logDir>/<name>.log`. */
export function startServer(name: string, port: number, env: NodeJS.ProcessEnv, logDir: string): Proc {
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], { cwd: SERVER_DIR, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, child, exited };
}

/** True once `p` answers /readyz with 200 (false after `ms`). */
export const ready = (p: Proc, ms = 180_000) =>
  until(
    `${p.name} ready`,
    async () => {
      try {
        return (await fetch(`http://127.0.0.1:${p.port}/readyz`)).ok;
      } catch {
        return false;
      }
    },
    ms,
  );

/**
 * Debian's nginx on `port`, round-robin over `upstreams` (ports), as docs/deploy.md sets it up:
 * a request refused with 503 or a connection error is tried on the other process.
 */
export async function startNginx(work: string, port: number, upstreams: readonly number[]): Promise<ChildProcess> {
  const conf = path.join(work, 'nginx.conf');
  await fsp.writeFile(
    conf,
    `worker_processes 1;
error_log ${work}/nginx-error.log warn;
pid ${work}/nginx.pid;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  client_max_body_size 256m;
  upstream agro { ${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://agro;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_503 non_idempotent;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? 'nginx';
  return spawn(nginxBin, ['-c', conf, '-p', work, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * The environment of a compiled server in a whole-system check about something other than abuse:
 * production mode, no demo data, an admin account, no rate limit, no proof of work, no scheduled jobs,
 * the cheapest password hash; `extra` added last.
 */
export function checkEnv(
  port: number,
  dataDir: string,
  admin: { email: string; password: string },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_ENABLED: 'false',
    ALTCHA_ENABLED: 'false',
    SCHEDULER_ENABLED: 'false',
    PASSWORD_HASH_COST: '12',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Registers `buyer` (no proof of work: checkEnv) and logs in; the session cookie. */
export async function buyerSession(
  site: string,
  buyer: { fullName: string; email: string; phoneNumber: string; password: string },
): Promise<string> {
  await call(site, 'POST', API.register, { body: buyer });
  return cookieOf(await call(site, 'POST', API.login, { body: { email: buyer.email, password: buyer.password } }));
}

/** An AGRO product with two images (productForm), added by `admin` (a session cookie); undefined when not acknowledged. */
export async function addProduct(site: string, admin: string, name: string, seeds: [number, number]): Promise<Product | undefined> {
  const res = await call(site, 'POST', API.addProduct, {
    form: await productForm(name, 'Made by a whole-system check.', seeds),
    cookie: admin,
  }).catch(() => undefined);
  return res?.status === 200 ? (res.json.product as Product) : undefined;
}

/** A product's add form (an AGRO product with a thumbnail and one more image, made from `seeds`). */
export async function productForm(name: string, description: string, seeds: [number, number]): Promise<[string, FormValue][]> {
  const png = (seed: number) => makeImage('png', 800, 600, seed);
  return [
    ['productName', name],
    ['productType', 'AGRO'],
    ['productQuantityType', 'KG'],
    ['productForm', 'Powder'],
    ['productDescription', description],
    ['isOrganic', 'true'],
    ['isPremium', 'false'],
    ['productShelfLife', '12'],
    ['nutrientContent', 'Iron'],
    ['keyFeatures', 'Pure'],
    ['applications', 'Cooking'],
    ['productThumbnail', file(await png(seeds[0]))],
    ['productImages', file(await png(seeds[1]))],
  ];
}

/**
 * A TCP proxy on loopback that holds every chunk for half of `rttMs` in each direction: a long link
 * (India to Hamburg) for processes on one machine, where the kernel has no `netem` qdisc. Unlike
 * netem it delays the stream, not packets: the connection to the proxy is made at once (a
 * handshake costs no round trip) and ACKs are not delayed, so only a request's bytes and its
 * answer's pay the round trip (docs/performance.md, "The edge").
 */
export async function startDelayingProxy(
  target: { host: string; port: number },
  rttMs: number,
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const oneWay = rttMs / 2;
  // Every chunk waits the same time, so timers set in order fire in order: the stream stays whole.
  const relay = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), oneWay));
    from.on('end', () => setTimeout(() => to.destroyed || to.end(), oneWay));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- a throwaway PostgreSQL cluster -------------------------------------------------------------

/** The newest PostgreSQL's binaries (Debian's /usr/lib/postgresql/N/bin). */
export function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!dir) throw new Error('PostgreSQL binaries not found (apt-get install postgresql)');
  return dir;
}

/**
 * Runs `command` (a path and its arguments) as the `postgres` user when we are root (PostgreSQL and
 * its tools refuse to run as root); its output, or an error with its stderr.
 */
export function asPostgres(command: readonly string[]): string {
  try {
    if (process.getuid?.() === 0) {
      const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' }).toString();
    }
    return execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' }).toString();
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${path.basename(command[0]!)} ${command.slice(1).join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

const pgCommand = (bin: string, args: string[]): string => asPostgres([path.join(pgBin(), bin), ...args]);

export interface Cluster {
  /** Its folder (owned by postgres): `data/`, the socket, the log. */
  dir: string;
  port: number;
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** A cluster of its own (own port and folder); `settings` are extra `-c name=value` options. */
export async function startCluster(settings: readonly string[] = []): Promise<Cluster> {
  // A folder of its own: the postgres user cannot enter this process's private temporary folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agro-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  pgCommand('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust']);
  const options = [`-h 127.0.0.1 -p ${port} -k ${dir}`, ...settings.map((c) => `-c ${c}`)].join(' ');
  const start = () => void pgCommand('pg_ctl', ['-D', `${dir}/data`, '-o', options, '-l', `${dir}/log`, '-w', 'start']);
  start();
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // What a routine restart, a maintenance window or a failover does: sessions terminated (57P01).
    stop: () => void pgCommand('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        pgCommand('pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
