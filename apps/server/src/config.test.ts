import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SITE } from '@agro/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has safe defaults resolved from the repository root', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      companyEmail: SITE.email,
      seedDemo: true,
      corsOrigins: [],
      dataDir: path.join(REPO_ROOT, 'data'),
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
    });
    expect(c.uploadsDir).toBe(path.join(REPO_ROOT, 'data', 'uploads'));
    expect(c.outboxDir).toBe(path.join(REPO_ROOT, 'data', 'outbox'));
    expect(c.rateLimit.enabled).toBe(true);
  });

  it('does not seed in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '3123',
      HOST: '127.0.0.1',
      DATA_DIR: 'some/dir',
      DATABASE_URL: 'postgres://u@h:5432/db',
      PUBLIC_URL: 'https://shop.example.com/',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Shop <shop@example.com>',
      COMPANY_EMAIL: 'sales@example.com',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'Str0ng!Pass',
      CORS_ORIGINS: 'http://localhost:5173, https://admin.example.com/',
      RATE_LIMIT_AUTH_MAX: '50',
      RATE_LIMIT_FORM_MAX: '70',
      RATE_LIMIT_WINDOW_MS: '5000',
      LOG_LEVEL: 'warn',
      REPLY_ADDRESS: 'replies@example.com',
      IMAP_URL: 'imaps://replies:secret@mail.example.com:993/INBOX',
      IMAP_POLL_SECONDS: '10',
    });
    expect(c).toMatchObject({
      port: 3123,
      host: '127.0.0.1',
      dataDir: path.resolve('some/dir'),
      databaseUrl: 'postgres://u@h:5432/db',
      publicUrl: 'https://shop.example.com',
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Shop <shop@example.com>',
      companyEmail: 'sales@example.com',
      adminEmail: 'boss@example.com',
      adminPassword: 'Str0ng!Pass',
      corsOrigins: ['http://localhost:5173', 'https://admin.example.com'],
      rateLimit: { enabled: true, authMax: 50, formMax: 70, windowMs: 5000 },
      logLevel: 'warn',
      replyAddress: 'replies@example.com',
      imapUrl: 'imaps://replies:secret@mail.example.com:993/INBOX',
      imapPollMs: 10_000,
    });
  });

  it('fails listing every bad key', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'shop.example.com',
        CORS_ORIGINS: '*',
        REPLY_ADDRESS: 'replies',
        IMAP_URL: 'imap://replies:secret@mail.example.com/INBOX',
        IMAP_POLL_SECONDS: '0',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'CORS_ORIGINS', 'REPLY_ADDRESS', 'IMAP_URL', 'IMAP_POLL_SECONDS'])
      expect(problems).toContain(key);
  });

  it('takes plain imap:// only on a loopback host, and polls every 30 s by default', () => {
    expect(loadConfig({ IMAP_URL: 'imap://u:p@127.0.0.1:1143/INBOX' })).toMatchObject({
      imapUrl: 'imap://u:p@127.0.0.1:1143/INBOX',
      imapPollMs: 30_000,
    });
    expect(() => loadConfig({ IMAP_URL: 'imaps://mail.example.com/INBOX' })).toThrow(/IMAP_URL/);
    expect(loadConfig({}).imapUrl).toBeUndefined();
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});

/** What loadConfig refuses in `env`, one problem a line; '' when it takes it. */
const problemsOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.join('\n');
    throw err;
  }
  return '';
};

describe('BACKUP_URL', () => {
  it('is off by default', () => {
    expect(loadConfig({}).backup).toBeUndefined();
  });

  it('takes a second disk as file:///absolute/path', () => {
    expect(loadConfig({ DATA_DIR: '/srv/site/data', BACKUP_URL: 'file:///mnt/backup/site/' }).backup).toEqual({
      kind: 'file',
      url: 'file:///mnt/backup/site/',
      dir: '/mnt/backup/site',
    });
  });

  it('takes s3://bucket/path with the S3 endpoint, region and credentials, images on the disk', () => {
    const c = loadConfig({
      BACKUP_URL: 's3://agro-backup/site/main',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.s3).toBeUndefined();
    expect(c.backup).toEqual({
      kind: 's3',
      url: 's3://agro-backup/site/main',
      s3: {
        bucket: 'agro-backup',
        prefix: 'site/main/',
        documentsPrefix: '',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-central-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
    expect(loadConfig({ BACKUP_URL: 's3://agro-backup' }).backup).toMatchObject({ s3: { bucket: 'agro-backup', prefix: '' } });
  });

  it.each([
    ['http://backup.example.com/site', /must be s3:\/\/bucket\/path or file:\/\/\/absolute\/path \(got http:\/\/\)/],
    ['/mnt/backup', /must be s3:\/\/bucket\/path/],
    ['file://backup-host/mnt/backup', /names no host/],
    ['file:///', /not the root folder/],
    ['s3://Bad_Bucket/site', /is not a bucket name/],
    ['s3://agro-backup:9000/site', /is not a bucket name/],
    ['s3://key:secret@agro-backup/site', /without a query, fragment or credentials/],
    ['s3://agro-backup/site?region=x', /without a query/],
    ['s3://agro-backup/site/../other', /no \. or \.\./],
  ])('refuses %s with a clear message', (url, message) => {
    const problems = problemsOf({ BACKUP_URL: url });
    expect(problems).toMatch(/^BACKUP_URL: /m);
    expect(problems).toMatch(message);
  });

  it('refuses a file replica inside DATA_DIR (it would die with the same disk)', () => {
    expect(problemsOf({ DATA_DIR: '/srv/site/data', BACKUP_URL: 'file:///srv/site/data/backup' })).toMatch(
      /BACKUP_URL: \/srv\/site\/data\/backup is inside DATA_DIR/,
    );
    expect(loadConfig({ DATA_DIR: '/srv/site/data', BACKUP_URL: 'file:///srv/site/data-replica' }).backup).toMatchObject({ kind: 'file' });
  });

  it('is for SQLite: with DATABASE_URL it points at pgBackRest', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://u@h/db', BACKUP_URL: 'file:///mnt/backup' })).toMatch(/with DATABASE_URL use pgBackRest/);
  });

  it('lets S3_ENDPOINT serve an s3:// backup without S3_BUCKET, and only then', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatch(/S3_ENDPOINT needs S3_BUCKET/);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', BACKUP_URL: 'file:///mnt/backup' })).toMatch(/S3_ENDPOINT needs S3_BUCKET/);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', BACKUP_URL: 's3://agro-backup/x' })).toBe('');
  });
});

describe('DKIM_PRIVATE_KEY, DKIM_SELECTOR, DKIM_DOMAIN', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dkim = { DKIM_PRIVATE_KEY: pkcs1, DKIM_SELECTOR: 'agro2026', DKIM_DOMAIN: 'Example.com' };

  it('leaves mail unsigned when none is set', () => {
    expect(loadConfig({}).dkim).toBeUndefined();
  });

  it('takes the key as PEM text, with \\n escapes (one line of an env file), or as the path of a PEM file', () => {
    const expected = { domainName: 'example.com', keySelector: 'agro2026', privateKey: pkcs8 };
    expect(loadConfig(dkim).dkim).toEqual(expected);
    expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: pkcs1.replace(/\n/g, '\\n') }).dkim).toEqual(expected);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agro-dkim-'));
    try {
      fs.writeFileSync(path.join(dir, 'dkim.pem'), pkcs8, { mode: 0o600 });
      expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: path.join(dir, 'dkim.pem') }).dkim).toEqual(expected);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs all three together, naming what is missing', () => {
    expect(problemsOf({ DKIM_SELECTOR: 'agro2026' })).toBe(
      'DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN must be set together (missing: DKIM_PRIVATE_KEY, DKIM_DOMAIN)',
    );
    expect(problemsOf({ ...dkim, DKIM_DOMAIN: '' })).toMatch(/must be set together \(missing: DKIM_DOMAIN\)/);
  });

  it('refuses a key that is not an RSA private key of 1024 bits or more, or a file that cannot be read', () => {
    expect(problemsOf({ ...dkim, DKIM_PRIVATE_KEY: '/no/such/dkim.pem' })).toMatch(
      /DKIM_PRIVATE_KEY: neither a PEM key nor a readable file \(ENOENT\)/,
    );
    expect(problemsOf({ ...dkim, DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' })).toMatch(
      /DKIM_PRIVATE_KEY: not a PEM private key/,
    );
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(problemsOf({ ...dkim, DKIM_PRIVATE_KEY: ed25519 })).toMatch(/DKIM_PRIVATE_KEY: must be an RSA key of 2048 bits \(got ed25519\)/);
    const small = generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect(problemsOf({ ...dkim, DKIM_PRIVATE_KEY: small })).toMatch(/must be an RSA key of 2048 bits \(got rsa 512\)/);
  });

  it('refuses a selector or domain that is not a DNS name', () => {
    expect(problemsOf({ ...dkim, DKIM_SELECTOR: 'bad selector' })).toMatch(/^DKIM_SELECTOR: must be a DNS label/);
    expect(problemsOf({ ...dkim, DKIM_DOMAIN: 'localhost' })).toMatch(/^DKIM_DOMAIN: must be a domain name/);
    expect(problemsOf({ ...dkim, DKIM_DOMAIN: 'https://example.com' })).toMatch(/^DKIM_DOMAIN: must be a domain name/);
  });
});

describe('the Message-ID domain', () => {
  it('is DKIM_DOMAIN, else the host of PUBLIC_URL, else the domain of MAIL_FROM (never a name the company does not hold)', () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const dkim = { DKIM_PRIVATE_KEY: key, DKIM_SELECTOR: 's1', DKIM_DOMAIN: 'mail.example.com' };
    const publicUrl = { PUBLIC_URL: 'https://www.example.org:8443/' };
    const from = { MAIL_FROM: 'Shop <Shop@Example.NET>' };
    expect(loadConfig({ ...dkim, ...publicUrl, ...from }).messageIdDomain).toBe('mail.example.com');
    expect(loadConfig({ ...publicUrl, ...from }).messageIdDomain).toBe('www.example.org');
    expect(loadConfig(from).messageIdDomain).toBe('example.net');
    expect(loadConfig({ MAIL_FROM: 'orders@example.in' }).messageIdDomain).toBe('example.in');
    expect(loadConfig({ COMPANY_EMAIL: 'sales@example.co.in' }).messageIdDomain).toBe('example.co.in');
    expect(loadConfig({}).messageIdDomain).toBe(SITE.email.split('@')[1]);
  });
});
