/**
 * Litestream beside the server (docs/decisions/034): with BACKUP_URL set on SQLite, the process runs
 * `litestream replicate` as a child, which streams the database's write-ahead log to the replica
 * (`<BACKUP_URL>/database`). Its failure never stops the site: it is logged, shown on /readyz as a
 * warning, and the child is started again after a growing pause. `npm run restore -- --from-backup`
 * runs `litestream restore` with the same generated configuration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import type { BackupTarget, Config } from '../config.js';

/**
 * How often Litestream looks at the write-ahead log, and the least time between two uploads: a
 * commit reaches the replica within about their sum (the goal: at most a second of quotes
 * lost with the disk). An idle database uploads nothing.
 */
export const LITESTREAM_MONITOR_INTERVAL = '250ms';
export const LITESTREAM_SYNC_INTERVAL = '500ms';
/** A full snapshot a day, kept with its write-ahead log for a week: restores to any moment of the last 7 days. */
const SNAPSHOT_INTERVAL = '24h';
const RETENTION = '168h';

/** The generated configuration's file and the running child's pid, in DATA_DIR. */
export const litestreamFiles = (config: Config) => ({
  configFile: path.join(config.dataDir, 'litestream.yml'),
  pidFile: path.join(config.dataDir, 'litestream.pid'),
});

/** Where in the replica the database goes. */
function replicaOf(backup: BackupTarget): Record<string, unknown> {
  if (backup.kind === 'file') return { type: 'file', path: path.join(backup.dir, 'database') };
  const { s3 } = backup;
  return {
    type: 's3',
    bucket: s3.bucket,
    path: `${s3.prefix}database`,
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, 'force-path-style': s3.forcePathStyle } : {}),
  };
}

/**
 * Litestream's configuration (JSON is YAML): no secret in it, the credentials go in the child's
 * environment (`litestreamEnv`). Litestream checkpoints the database itself (the server turns its own
 * automatic checkpoints off while Litestream runs: `walAutocheckpoint`).
 */
export function litestreamConfig(config: Config, backup: BackupTarget): string {
  return `${JSON.stringify(
    {
      logging: { type: 'json', level: 'info' },
      dbs: [
        {
          path: config.sqliteFile,
          'monitor-interval': LITESTREAM_MONITOR_INTERVAL,
          replicas: [
            {
              ...replicaOf(backup),
              'sync-interval': LITESTREAM_SYNC_INTERVAL,
              'snapshot-interval': SNAPSHOT_INTERVAL,
              retention: RETENTION,
            },
          ],
        },
      ],
    },
    null,
    2,
  )}\n`;
}

/** The child's environment: ours, plus the S3 credentials Litestream reads (LITESTREAM_ACCESS_KEY_ID, ...). */
export function litestreamEnv(backup: BackupTarget, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const credentials = backup.kind === 's3' ? backup.s3.credentials : undefined;
  return credentials
    ? { ...env, LITESTREAM_ACCESS_KEY_ID: credentials.accessKeyId, LITESTREAM_SECRET_ACCESS_KEY: credentials.secretAccessKey }
    : env;
}

/** LITESTREAM_BIN, else the binary of the npm package (Linux x64), else `litestream` on PATH. */
export function litestreamBinary(config: Config): string {
  if (config.litestreamBin) return config.litestreamBin;
  try {
    const manifest = createRequire(import.meta.url).resolve('@flydotio/litestream-linux-x64/package.json');
    const binary = path.join(path.dirname(manifest), 'litestream');
    if (fs.existsSync(binary)) return binary;
  } catch {
    // not installed on this platform
  }
  return 'litestream';
}

/** Pauses before starting a dead child again (the last one repeats); back to the first after a minute's run. */
const RESTART_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000];
const HEALTHY_RUN_MS = 60_000;
/** An error logged by Litestream this recently (it retries every sync interval) means replication is failing. */
export const ERROR_FRESH_MS = 10_000;
/** Litestream's repeated errors reach our log at most this often. */
const ERROR_LOG_EVERY_MS = 60_000;

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface LitestreamState {
  running: boolean;
  /** Times the child ended and was started again. */
  restarts: number;
  /** Why it last ended or failed to start, or the last error it logged. */
  lastError: string | undefined;
  lastErrorAt: number | undefined;
}

export interface LitestreamOptions {
  binary: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Where the running child's pid is written (and a child left by a crashed process found). */
  pidFile: string;
  log: Logger;
  /** Told when the child starts (true) and ends (false): the server's own checkpoints follow it. */
  onRunning?: (running: boolean) => void;
  now?: () => number;
  restartMs?: readonly number[];
}

/** The supervised `litestream replicate` child. */
export class Litestream {
  private child: ChildProcess | undefined;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private lastLoggedAt = 0;
  private suppressed = 0;
  private readonly state_: LitestreamState = { running: false, restarts: 0, lastError: undefined, lastErrorAt: undefined };

  constructor(private readonly options: LitestreamOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  state(): LitestreamState {
    return { ...this.state_ };
  }

  /** Starts the child (ending one that a crashed process of ours left running first). */
  async start(): Promise<void> {
    await stopLeftover(this.options.pidFile, this.options.log);
    this.spawn();
  }

  private spawn(): void {
    if (this.stopping) return;
    const startedAt = this.now();
    // A process group of its own: a terminal's Ctrl-C reaches the server, which stops it after the
    // server's own connections (main.ts), never before.
    const child = spawn(this.options.binary, this.options.args, {
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    let ended = false;
    const end = (why: string) => {
      if (ended) return;
      ended = true;
      this.child = undefined;
      this.state_.running = false;
      fs.rmSync(this.options.pidFile, { force: true });
      // Stopped with the server: the database is closed by now.
      if (this.stopping) return;
      this.options.onRunning?.(false);
      if (this.now() - startedAt >= HEALTHY_RUN_MS) this.attempt = 0;
      const wait = this.options.restartMs ?? RESTART_MS;
      const pause = wait[Math.min(this.attempt, wait.length - 1)]!;
      this.attempt += 1;
      this.failed(why);
      this.options.log.error({ why, restartInMs: pause }, 'litestream stopped: the database is not being backed up; starting it again');
      this.timer = setTimeout(() => {
        this.state_.restarts += 1;
        this.spawn();
      }, pause);
    };
    child.on('error', (err) => end(`could not run ${this.options.binary}: ${err.message}`));
    child.on('exit', (code, signal) => end(signal ? `killed by ${signal}` : `exited with ${code}`));
    if (child.pid !== undefined) {
      fs.writeFileSync(this.options.pidFile, `${child.pid}\n`);
      this.state_.running = true;
      // Why the last one ended stays in lastError; it is no longer fresh.
      this.state_.lastErrorAt = undefined;
      this.options.onRunning?.(true);
    }
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) readline.createInterface({ input: stream }).on('line', (line) => this.line(line));
    }
  }

  private failed(message: string): void {
    this.state_.lastError = message;
    this.state_.lastErrorAt = this.now();
  }

  /** One line of Litestream's JSON log: errors are kept (for /readyz) and logged, at most once a minute. */
  private line(line: string): void {
    let entry: { level?: string; msg?: string; error?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      entry = { level: 'INFO', msg: line };
    }
    if (entry.level !== 'ERROR' && entry.level !== 'WARN') return;
    const message = [entry.msg, entry.error].filter(Boolean).join(': ');
    if (entry.level === 'ERROR') this.failed(message);
    if (this.now() - this.lastLoggedAt < ERROR_LOG_EVERY_MS) {
      this.suppressed += 1;
      return;
    }
    this.lastLoggedAt = this.now();
    const similar = this.suppressed;
    this.suppressed = 0;
    this.options.log[entry.level === 'ERROR' ? 'error' : 'warn']({ litestream: message, similarSinceLast: similar }, 'litestream');
  }

  /** Stops the child (SIGTERM: it uploads what it holds, then exits; SIGKILL after `graceMs`). */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(kill);
  }
}

/**
 * A process of ours that died without stopping its child (SIGKILL, a crash) leaves Litestream running;
 * two on one database would each take the write-ahead log for their own. The new process ends it.
 */
async function stopLeftover(pidFile: string, log: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  fs.rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 1) return;
  // Only a litestream process: the pid may since have been given to something else.
  const command = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  if (!command.includes('litestream')) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  // It uploads what it holds, then exits; a few seconds at most.
  for (let waited = 0; alive() && waited < 5000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
  log.warn({ pid }, 'a litestream left running by an earlier process was stopped');
}
