/**
 * Real servers for tests and the scale-out script: an S3-API server (s3rver, from npm) and an
 * SMTP server (smtp-server, from npm) that records every mail and can be told to fail.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** Environment for the app: S3_BUCKET, S3_ENDPOINT, credentials. */
  env: Record<string, string>;
  /** The object store goes away (connections refused); its files are kept. */
  stop(): Promise<void>;
  /** It is back, on the same address with the same files. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * s3rver 3.7 lists a common prefix (a "folder", with a delimiter) only where an object sits right
 * under it: `a/b/` for `a/b/c`, but nothing under `site/` for `site/database/generations/g/wal/0`
 * (it prunes the folders it walks before reaching the objects). S3 lists `site/database/`. Litestream
 * finds its generations that way, so the store lists every key under the prefix and groups them.
 */
function groupDeepPrefixes(server: S3rver): void {
  const store = server.store;
  const listAll = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    const { delimiter, prefix = '' } = options;
    if (!delimiter) return listAll(bucket, options);
    const all = await listAll(bucket, { ...options, delimiter: '', maxKeys: Infinity });
    const commonPrefixes = new Set<string>();
    const objects = all.objects.filter((o) => {
      const at = o.key.indexOf(delimiter, prefix.length);
      if (at !== -1) commonPrefixes.add(o.key.slice(0, at + delimiter.length));
      return at === -1;
    });
    return { objects, commonPrefixes: [...commonPrefixes].sort(), isTruncated: false };
  };
}

export async function startS3Server(bucket = 'agro-images', port = 0): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-s3rver-'));
  const run = async (at: number) => {
    const server = new S3rver({ address: '127.0.0.1', port: at, silent: true, directory, configureBuckets: [{ name: bucket }] });
    groupDeepPrefixes(server);
    return { server, address: await server.run() };
  };
  let running: Awaited<ReturnType<typeof run>> | undefined = await run(port);
  const boundPort = running.address.port;
  const endpoint = `http://127.0.0.1:${boundPort}`;
  const stop = async () => {
    const current = running;
    running = undefined;
    await current?.server.close();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    },
    stop,
    async start() {
      running ??= await run(boundPort);
    },
    async close() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The Message-ID header. */
  messageId: string;
  /** The outbox row it was sent from: the Message-ID's left part (mail/mailer.ts names a mail <row id@domain>). */
  outboxId: string;
  subject: string;
}

export interface SmtpTestServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451) after DATA. */
  failing: boolean;
  /** Messages refused so far. */
  refused: number;
  close(): Promise<void>;
}

const header = (raw: string, name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';

export async function startSmtpServer(port = 0): Promise<SmtpTestServer> {
  const state: SmtpTestServer = {
    port: 0,
    url: '',
    received: [],
    failing: false,
    refused: 0,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.failing) {
          state.refused += 1;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = header(raw, 'Message-ID');
        state.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId,
          outboxId: /^<([^@>]*)@/.exec(messageId)?.[1] ?? '',
          subject: header(raw, 'Subject'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A client that vanishes (a SIGKILLed process's pooled connection) is not the server's failure.
  server.on('error', () => undefined);
  const address = server.server.address();
  state.port = typeof address === 'object' && address ? address.port : port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
