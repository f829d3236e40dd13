/**
 * Where stored files live, behind one interface (FileStorage): the local disk or an S3-compatible
 * bucket (AWS S3, Cloudflare R2, MinIO). Files are named by their writer and written once
 * (atomically), read many times, deleted when nothing refers to them. The server keeps two such
 * stores (stores.ts): the public images and the private order documents.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { StorageFault } from '../lib/faults.js';

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Local storage only: the folder holding the files (served straight from disk). */
  readonly localDir: string | undefined;
  /** Store `data` under `name`; a reader never sees half a file. */
  put(name: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(name: string): Promise<Buffer | undefined>;
  exists(name: string): Promise<boolean>;
  /** Delete these files (missing ones are fine). */
  remove(names: readonly string[]): Promise<void>;
  /** Every stored file name (writes in progress excluded). */
  list(): Promise<string[]>;
  /** Throws unless a file can be written and deleted again (readiness). */
  checkWritable(): Promise<void>;
}

/** Names are ours (content hashes + extension); anything else never reaches the storage. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function assertSafe(name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`unsafe image file name: ${name}`);
}

const TEMP_SUFFIX = '.tmp';
const probeName = () => `.ready-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;

export function createLocalStorage(dir: string): FileStorage {
  const file = (name: string) => {
    assertSafe(name);
    return path.join(dir, name);
  };
  return {
    kind: 'local',
    localDir: dir,
    async put(name, data) {
      const target = file(name);
      await fs.mkdir(dir, { recursive: true });
      // Write via a temporary name and rename, so a reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
      try {
        await fs.writeFile(temp, data);
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return undefined;
      return fs.readFile(path.join(dir, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'EISDIR') return undefined;
        throw err;
      });
    },
    exists: (name) =>
      fs.access(file(name)).then(
        () => true,
        () => false,
      ),
    async remove(names) {
      await Promise.all(names.map((name) => fs.rm(file(name), { force: true })));
    },
    async list() {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      return names.filter((n) => !n.endsWith(TEMP_SUFFIX) && SAFE_NAME.test(n));
    },
    async checkWritable() {
      await fs.mkdir(dir, { recursive: true });
      const probe = path.join(dir, probeName());
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
    },
  };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loadedSdk: S3Sdk | undefined;
/**
 * The AWS SDK, loaded when a bucket is first used: a server on the local disk (the default, and a
 * 1 GB server's setting) never holds its several megabytes of code (docs/deploy.md, "The smallest
 * server"). Loaded synchronously (it is CommonJS), so creating the storage stays synchronous.
 */
function sdk(): S3Sdk {
  return (loadedSdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as S3Sdk);
}

function isMissing(err: unknown): boolean {
  const { NoSuchKey, NotFound, S3ServiceException } = sdk();
  return err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

/** How objects are stored: images are public and immutable; private documents (orders) are not (stores.ts). */
export interface ObjectOptions {
  contentType(name: string): string;
  cacheControl: string;
}

export function createS3Storage(s3: S3Config, objects: ObjectOptions, limits: S3Limits = S3_LIMITS): FileStorage {
  const client = s3Client(s3, limits);
  const { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } = sdk();
  const key = (name: string) => {
    assertSafe(name);
    return `${s3.prefix}${name}`;
  };
  return {
    kind: 's3',
    localDir: undefined,
    async put(name, data) {
      // A PUT is atomic in S3: readers see the old object (none) or the whole new one.
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key(name),
          Body: data,
          ContentType: objects.contentType(name),
          CacheControl: objects.cacheControl,
        }),
      );
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return undefined;
      try {
        // A reader (a page's image) waits less for the answer to begin than a write does.
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key(name) }), {
          requestTimeout: limits.readTimeoutMs,
        });
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key(name) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(names) {
      // DeleteObjects takes up to 1,000 keys per call.
      for (let i = 0; i < names.length; i += 1000) {
        const batch = names.slice(i, i + 1000);
        const out = await client.send(
          new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: batch.map((n) => ({ Key: key(n) })), Quiet: true } }),
        );
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0)
          throw new Error(`could not delete ${failed.length} image(s): ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`);
      }
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix || undefined, ContinuationToken: token }),
        );
        for (const item of out.Contents ?? []) {
          const name = item.Key?.slice(s3.prefix.length);
          if (name && SAFE_NAME.test(name) && !name.endsWith(TEMP_SUFFIX)) names.push(name);
        }
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async checkWritable() {
      const probe = `${s3.prefix}${probeName()}`;
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: probe, Body: 'ok' }));
      await client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: [{ Key: probe }], Quiet: true } }));
    },
  };
}

/**
 * The object store's time limits. A store that hangs is caught by the silence limit (no byte either
 * way, while a body goes up or comes down); the answer limits cap a call that trickles: a file's read
 * (a page's image) within 5 s of asking, any other call (an upload of up to 20 MB included: the
 * clock runs while its body is sent) within a minute. Two tries, the SDK's backoff between.
 */
export interface S3Limits {
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  readTimeoutMs: number;
  socketTimeoutMs: number;
  maxAttempts: number;
}
export const S3_LIMITS: S3Limits = {
  connectionTimeoutMs: 3_000,
  requestTimeoutMs: 60_000,
  readTimeoutMs: 5_000,
  socketTimeoutMs: 15_000,
  maxAttempts: 2,
};

export function s3Client(s3: S3Config, limits: S3Limits = S3_LIMITS): S3Client {
  return new (sdk().S3Client)({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: s3.forcePathStyle } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // An object store that is away fails a call within seconds, one that hangs within these limits
    // (docs/decisions/019): never a request that waits forever. `requestTimeout` alone only logs a
    // warning since @smithy/node-http-handler 4.x: `throwOnRequestTimeout` makes it end the call.
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: limits.socketTimeoutMs,
    },
    maxAttempts: limits.maxAttempts,
    // Checksums on every request are AWS-only extensions some compatible stores refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * `storage` whose failures are StorageFaults (lib/faults.ts): the object store refusing a
 * connection is told apart from the database doing so, and answered as the storage's fault (503,
 * or 507 for a full disk) with a message that says nothing was saved.
 */
export function guardStorage(storage: FileStorage, holds: 'images' | 'documents' = 'images'): FileStorage {
  const guard =
    <A extends unknown[], R>(operation: 'read' | 'write', fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      fn(...args).catch((err: unknown) => {
        throw err instanceof StorageFault ? err : new StorageFault(err, operation, holds);
      });
  return {
    kind: storage.kind,
    localDir: storage.localDir,
    put: guard('write', storage.put.bind(storage)),
    get: guard('read', storage.get.bind(storage)),
    // Asked only on the way to a write (is the file stored yet?).
    exists: guard('write', storage.exists.bind(storage)),
    remove: guard('write', storage.remove.bind(storage)),
    list: guard('read', storage.list.bind(storage)),
    checkWritable: guard('write', storage.checkWritable.bind(storage)),
  };
}
