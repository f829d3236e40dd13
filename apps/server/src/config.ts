import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE } from '@agro/shared';
import { z } from 'zod';

/** The repository root: defaults are resolved from here, not from the cwd npm happens to use. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? String(fallback) : v.trim()))
    .pipe(z.string().regex(/^\d+$/, { error: 'must be a whole number' }))
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const httpUrl = optionalText.refine((v) => v === undefined || /^https?:\/\/[^\s/]+/.test(v), {
  error: 'must be an http(s) URL',
});

const emailText = optionalText.refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v), {
  error: 'must be an email address',
});

const splitList = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter((s) => s !== '');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: 'must start with postgres:// (leave it unset for SQLite)',
  }),
  PUBLIC_URL: httpUrl,
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    error: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: optionalText,
  COMPANY_EMAIL: emailText,
  ADMIN_EMAIL: emailText,
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', '']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform(splitList)
    .refine((l) => l.every((o) => /^https?:\/\/[^\s/]+$/.test(o)), {
      error: 'must be a comma-separated list of origins like https://example.com',
    }),
  // Extra image hosts for the CSP. None by default: the register form's flags are bundled
  // SVGs (the site loads no image from a third-party host).
  CSP_IMG_SOURCES: z.string().default('').transform(splitList),
  TRUST_PROXY: bool(false),
  WEB_DIST: optionalText,
  RATE_LIMIT_ENABLED: bool(true),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 86_400_000),
  RATE_LIMIT_AUTH_MAX: int(10, 1, 1_000_000),
  RATE_LIMIT_FORM_MAX: int(20, 1, 1_000_000),
  SESSION_TTL_HOURS: int(24 * 7, 1, 24 * 365),
  MAIL_POLL_MS: int(1000, 0, 3_600_000),
  MAIL_SECRET: optionalText,
  ALTCHA_SECRET: optionalText,
  /** GET /metrics answers only with this as a bearer token; unset, /metrics does not exist (404). */
  METRICS_TOKEN: optionalText,
  // Off only for tools and tests that are about something else (a warning is logged at start).
  ALTCHA_ENABLED: bool(true),
  // The proof of work's base size (counter range); tests lower it. Doubles while a form is busy.
  ALTCHA_MAX_NUMBER: int(40_000, 10, 10_000_000),
  MAIL_LEASE_MS: int(120_000, 1000, 86_400_000),
  MAIL_RETRY_BASE_MS: int(5000, 1, 3_600_000),
  MAIL_MAX_ATTEMPTS: int(25, 1, 1000),
  /** The reminders and digests (issue 41): off only for tools and tests that are about something else. */
  SCHEDULER_ENABLED: bool(true),
  /** The least time between two looks of one process at what is due (reminders, digests). */
  SCHEDULER_INTERVAL_MS: int(60_000, 0, 3_600_000),
  RATE_LIMIT_STORE: z.enum(['memory', 'database', '']).optional(),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: httpUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PREFIX: optionalText,
  S3_DOCUMENTS_PREFIX: optionalText,
  S3_FORCE_PATH_STYLE: bool(true),
  IMAGE_BASE_URL: httpUrl,
  PASSWORD_HASH_COST: int(15, 12, 20),
  /** The threads' mails name `local+<token>@domain` of this address as their Reply-To (issue 40); unset: no Reply-To. */
  REPLY_ADDRESS: emailText,
  /**
   * The mailbox the replies to REPLY_ADDRESS arrive in (issue 40): imaps://user:password@host:993/INBOX;
   * imap:// (no TLS) only on a loopback host (tests, a local relay). Unset: replies are not read.
   */
  IMAP_URL: optionalText.refine((v) => v === undefined || isImapUrl(v), {
    error: 'must be imaps://user:password@host[:port][/mailbox] (imap:// only on 127.0.0.1, ::1 or localhost)',
  }),
  /** How often the reply mailbox is looked at when the server does not support IDLE, and after a failure. */
  IMAP_POLL_SECONDS: int(30, 1, 3600),
  /** The edge caches told to drop what changed (a Varnish BAN endpoint each, comma-separated; docs/deploy.md); unset: none. */
  EDGE_PURGE_URL: z
    .string()
    .optional()
    .transform(splitList)
    .refine((l) => l.every((u) => /^https?:\/\/[^\s/]+/.test(u)), { error: 'must be a comma-separated list of http(s) URLs' }),
  /** How often each process looks for purges to send. */
  EDGE_PURGE_POLL_MS: int(250, 0, 3_600_000),
  /** Webhooks may go to http: and to loopback, private and link-local addresses (tests, an intranet). */
  WEBHOOKS_ALLOW_PRIVATE: bool(false),
  /** How often each process looks for webhook deliveries to send (0: only when asked, tests). */
  WEBHOOK_POLL_MS: int(1000, 0, 3_600_000),
  /** The time one delivery may take before it counts as failed (a receiver that hangs). */
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 120_000),
  /**
   * Continuous backup of the SQLite default (docs/decisions/034): s3://bucket/path (with the S3_*
   * endpoint, region and credentials) or file:///absolute/path (a second disk). Unset: none.
   */
  BACKUP_URL: optionalText,
  /** The litestream binary; default: the npm package's (Linux x64), else `litestream` on PATH. */
  LITESTREAM_BIN: optionalText,
  /**
   * DKIM signing of every mail (issue 44, item 4): the RSA private key, as PEM text (one line with
   * `\n` escapes will do) or the path of a PEM file; the selector; the signing domain. All three or none.
   */
  DKIM_PRIVATE_KEY: optionalText,
  DKIM_SELECTOR: optionalText.refine((v) => v === undefined || DNS_NAME.test(v), {
    error: 'must be a DNS label such as mail2026 (letters, digits, hyphens; dots between labels)',
  }),
  DKIM_DOMAIN: optionalText.refine((v) => v === undefined || (DNS_NAME.test(v) && v.includes('.')), {
    error: 'must be a domain name such as example.com',
  }),
});

/** One or more DNS labels: letters, digits and inner hyphens, dot-separated. */
const DNS_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i;

function isImapUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!url.username || !url.hostname) return false;
  if (url.protocol === 'imaps:') return true;
  return url.protocol === 'imap:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file inside dataDir; unused with PostgreSQL. */
  sqliteFile: string;
  databaseUrl: string | undefined;
  /** Fixed public origin (mail links, Secure cookies); undefined = derive it per request. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  companyEmail: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  corsOrigins: string[];
  cspImgSources: string[];
  trustProxy: boolean;
  webDist: string;
  uploadsDir: string;
  /** Private order documents on the local disk (never served as static files). */
  documentsDir: string;
  outboxDir: string;
  rateLimit: {
    enabled: boolean;
    windowMs: number;
    authMax: number;
    formMax: number;
    /** Where counts live: this process's memory, or the database (shared by every process). */
    store: 'memory' | 'database';
  };
  mail: { pollMs: number; retryBaseMs: number; maxAttempts: number; leaseMs: number; secret: string | undefined };
  /** The scheduled jobs (scheduler/scheduler.ts): reminders and the daily digest. */
  scheduler: { enabled: boolean; intervalMs: number };
  /** The proof of work of the public forms (modules/altcha). */
  altcha: { enabled: boolean; secret: string | undefined; maxNumber: number };
  /** The bearer token of GET /metrics; undefined: no metrics are kept and /metrics is a 404. */
  metricsToken: string | undefined;
  /** S3-compatible image storage; undefined = DATA_DIR/uploads on the local disk. */
  s3: S3Config | undefined;
  /** Public base URL of stored images (a public bucket or CDN); undefined = served by this server. */
  imageBaseUrl: string | undefined;
  sessionTtlMs: number;
  /** log2 of the scrypt cost parameter N. */
  passwordHashCost: number;
  /** REPLY_ADDRESS: the base of the threads' Reply-To addresses; undefined = no Reply-To. */
  replyAddress: string | undefined;
  /** IMAP_URL: the reply mailbox; undefined = replies by mail are not read. */
  imapUrl: string | undefined;
  /** IMAP_POLL_SECONDS in ms. */
  imapPollMs: number;
  /** EDGE_PURGE_URL (none: no edge is told anything) and EDGE_PURGE_POLL_MS (speed/edge-purger.ts). */
  edgePurge: { targets: string[]; pollMs: number };
  /** WEBHOOKS_ALLOW_PRIVATE, WEBHOOK_POLL_MS and WEBHOOK_TIMEOUT_MS (modules/webhooks/deliverer.ts). */
  webhooks: { allowPrivate: boolean; pollMs: number; timeoutMs: number };
  /** BACKUP_URL: where Litestream replicates the SQLite database and the files are mirrored; undefined = no continuous backup. */
  backup: BackupTarget | undefined;
  /** LITESTREAM_BIN; undefined = the npm package's binary, else `litestream` on PATH. */
  litestreamBin: string | undefined;
  /** DKIM_*: how every mail is signed (mail/mailer.ts); undefined = mails go unsigned. */
  dkim: DkimConfig | undefined;
  /**
   * The domain of every mail's Message-ID: DKIM_DOMAIN, else PUBLIC_URL's host, else MAIL_FROM's
   * domain (the company's own, never a name it does not hold).
   */
  messageIdDomain: string;
}

/** nodemailer's single-key DKIM options (its `dkim` transport option). */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM (PKCS#1 or PKCS#8), RSA. */
  privateKey: string;
}

/**
 * The replica of the continuous backup (backup/replication.ts): the database under `database/`,
 * the images under `uploads/`, the order documents under `documents/`.
 */
export type BackupTarget =
  | { kind: 'file'; url: string; dir: string }
  /** `s3.prefix` is the URL's path with a trailing slash ('' for the bucket's root). */
  | { kind: 's3'; url: string; s3: S3Config };

export interface S3Config {
  bucket: string;
  /** Custom endpoint (MinIO, R2, ...); undefined = AWS. */
  endpoint: string | undefined;
  region: string;
  /** Undefined = the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Key prefix inside the bucket, e.g. `uploads/` ('' = none). */
  prefix: string;
  /** Key prefix of the private order documents (never public: see docs/deploy.md). */
  documentsPrefix: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment; throws ConfigError listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const backupUrl = e.BACKUP_URL === undefined ? undefined : parseBackupUrl(e.BACKUP_URL);
  if (typeof backupUrl === 'string') problems.push(`BACKUP_URL: ${backupUrl}`);
  const s3Backup = typeof backupUrl === 'object' && backupUrl.protocol === 's3:';
  if (e.S3_BUCKET === undefined && e.S3_ENDPOINT !== undefined && !s3Backup)
    problems.push('S3_ENDPOINT needs S3_BUCKET (or an s3:// BACKUP_URL)');
  if (backupUrl !== undefined && e.DATABASE_URL !== undefined)
    problems.push('BACKUP_URL: Litestream backs up the SQLite database only; with DATABASE_URL use pgBackRest (docs/deploy.md)');
  const dkim = dkimConfig(e.DKIM_PRIVATE_KEY, e.DKIM_SELECTOR, e.DKIM_DOMAIN, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const mailFrom = e.MAIL_FROM ?? `${SITE.companyName} <${e.COMPANY_EMAIL ?? SITE.email}>`;

  // Relative paths are taken from the cwd (as a person typing them expects); the defaults live
  // under the repository root because npm runs workspace scripts inside apps/server.
  const dataDir = e.DATA_DIR === undefined ? path.join(REPO_ROOT, 'data') : path.resolve(e.DATA_DIR);
  const s3Settings = {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
  if (typeof backupUrl === 'object' && backupUrl.protocol === 'file:' && isInside(backupUrl.path, dataDir))
    throw new ConfigError([`BACKUP_URL: ${backupUrl.path} is inside DATA_DIR: the replica must live on another disk`]);
  const webDist = e.WEB_DIST === undefined ? path.join(REPO_ROOT, 'apps/web/dist') : path.resolve(e.WEB_DIST);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    sqliteFile: path.join(dataDir, 'agro.sqlite'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom,
    companyEmail: e.COMPANY_EMAIL ?? SITE.email,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo:
      e.SEED_DEMO === undefined || e.SEED_DEMO === '' ? e.NODE_ENV !== 'production' : ['true', '1', 'yes', 'on'].includes(e.SEED_DEMO),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: e.CORS_ORIGINS,
    cspImgSources: e.CSP_IMG_SOURCES,
    trustProxy: e.TRUST_PROXY,
    webDist,
    uploadsDir: path.join(dataDir, 'uploads'),
    documentsDir: path.join(dataDir, 'documents'),
    outboxDir: path.join(dataDir, 'outbox'),
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      authMax: e.RATE_LIMIT_AUTH_MAX,
      formMax: e.RATE_LIMIT_FORM_MAX,
      // Several processes share PostgreSQL, so by default they share the counts there too;
      // one SQLite process keeps them in memory (docs/decisions/006-scale-out.md).
      store: e.RATE_LIMIT_STORE || (e.DATABASE_URL ? 'database' : 'memory'),
    },
    altcha: { enabled: e.ALTCHA_ENABLED, secret: e.ALTCHA_SECRET, maxNumber: e.ALTCHA_MAX_NUMBER },
    metricsToken: e.METRICS_TOKEN,
    mail: {
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      leaseMs: e.MAIL_LEASE_MS,
      secret: e.MAIL_SECRET,
    },
    scheduler: { enabled: e.SCHEDULER_ENABLED, intervalMs: e.SCHEDULER_INTERVAL_MS },
    s3:
      e.S3_BUCKET === undefined
        ? undefined
        : {
            ...s3Settings,
            bucket: e.S3_BUCKET,
            prefix: e.S3_PREFIX === undefined ? '' : `${e.S3_PREFIX.replace(/^\/+|\/+$/g, '')}/`,
            documentsPrefix: `${(e.S3_DOCUMENTS_PREFIX ?? 'private-documents').replace(/^\/+|\/+$/g, '')}/`,
          },
    imageBaseUrl: e.IMAGE_BASE_URL?.replace(/\/+$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    passwordHashCost: e.PASSWORD_HASH_COST,
    replyAddress: e.REPLY_ADDRESS,
    imapUrl: e.IMAP_URL,
    imapPollMs: e.IMAP_POLL_SECONDS * 1000,
    edgePurge: { targets: e.EDGE_PURGE_URL, pollMs: e.EDGE_PURGE_POLL_MS },
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE, pollMs: e.WEBHOOK_POLL_MS, timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    backup:
      backupUrl === undefined || typeof backupUrl === 'string'
        ? undefined
        : backupUrl.protocol === 'file:'
          ? { kind: 'file', url: e.BACKUP_URL!, dir: backupUrl.path }
          : {
              kind: 's3',
              url: e.BACKUP_URL!,
              s3: { ...s3Settings, bucket: backupUrl.bucket, prefix: backupUrl.path ? `${backupUrl.path}/` : '', documentsPrefix: '' },
            },
    litestreamBin: e.LITESTREAM_BIN,
    dkim,
    messageIdDomain: (dkim?.domainName ?? hostOf(e.PUBLIC_URL) ?? addressDomain(mailFrom) ?? SITE.email.split('@')[1]!).toLowerCase(),
  };
}

/**
 * The DKIM settings when all three are set, none when none is; otherwise (or with a key that is not
 * an RSA private key of 1024 bits or more) what is wrong goes to `problems`.
 */
function dkimConfig(
  key: string | undefined,
  selector: string | undefined,
  domain: string | undefined,
  problems: string[],
): DkimConfig | undefined {
  const given = { DKIM_PRIVATE_KEY: key, DKIM_SELECTOR: selector, DKIM_DOMAIN: domain };
  const missing = Object.entries(given).filter(([, v]) => v === undefined);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    problems.push(`DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN must be set together (missing: ${missing.map(([k]) => k).join(', ')})`);
    return undefined;
  }
  const pem = readDkimKey(key!, problems);
  if (pem === undefined) return undefined;
  return { domainName: domain!.toLowerCase(), keySelector: selector!, privateKey: pem };
}

/** DKIM_PRIVATE_KEY's PEM: the value itself when it holds one, else the file it names. */
function readDkimKey(value: string, problems: string[]): string | undefined {
  let pem = value.replace(/\\n/g, '\n');
  if (!pem.includes('-----BEGIN')) {
    try {
      pem = readFileSync(path.resolve(value), 'utf8');
    } catch (err) {
      problems.push(`DKIM_PRIVATE_KEY: neither a PEM key nor a readable file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      return undefined;
    }
  }
  let keyObject: KeyObject;
  try {
    keyObject = createPrivateKey(pem);
  } catch {
    problems.push('DKIM_PRIVATE_KEY: not a PEM private key (make one with: openssl genrsa -out dkim.pem 2048)');
    return undefined;
  }
  const bits = keyObject.asymmetricKeyDetails?.modulusLength ?? 0;
  if (keyObject.asymmetricKeyType !== 'rsa' || bits < 1024) {
    problems.push(
      `DKIM_PRIVATE_KEY: must be an RSA key of 2048 bits (got ${keyObject.asymmetricKeyType ?? 'unknown'}${bits ? ` ${bits}` : ''})`,
    );
    return undefined;
  }
  return keyObject.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** The domain of a mailbox (`a@b.c` or `Name <a@b.c>`). */
const addressDomain = (mailbox: string): string | undefined => /@([^\s@<>]+)>?\s*$/.exec(mailbox)?.[1];

type ParsedBackupUrl = { protocol: 'file:'; path: string } | { protocol: 's3:'; bucket: string; path: string };

/** BACKUP_URL's parts, or what is wrong with it. */
function parseBackupUrl(value: string): ParsedBackupUrl | string {
  const expected = 'must be s3://bucket/path or file:///absolute/path';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${expected} (got ${JSON.stringify(value)})`;
  }
  if (url.search || url.hash || url.username || url.password)
    return `${expected}, without a query, fragment or credentials (S3_* hold those)`;
  if (url.protocol === 'file:') {
    if (url.host !== '') return `${expected}: a file URL names no host (three slashes)`;
    const dir = decodeURIComponent(url.pathname).replace(/\/+$/, '');
    if (dir === '') return `${expected}: not the root folder`;
    return { protocol: 'file:', path: dir };
  }
  if (url.protocol === 's3:') {
    // Bucket names: 3-63 lowercase letters, digits, dots and hyphens.
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname) || url.port)
      return `${expected}: ${JSON.stringify(url.host)} is not a bucket name`;
    // new URL() resolves . and .. away: look at the text as written.
    if (/\/\.\.?(\/|$)/.test(value.slice('s3://'.length))) return `${expected}: no . or .. in the path`;
    const key = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
    return { protocol: 's3:', bucket: url.hostname, path: key };
  }
  return `${expected} (got ${url.protocol}//)`;
}

const isInside = (child: string, parent: string): boolean => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};
