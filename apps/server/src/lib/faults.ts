/**
 * Faults of the parts the server depends on (the database, the image storage, the disk), told
 * apart from bugs: a fault is answered with 503 (or 507 for a full disk), a clear message and
 * `Retry-After`, and the process goes on; anything else stays a 500 (docs/decisions/019).
 */
import { SERVER_ERRORS } from '@agro/shared';

export type FaultPart = 'database' | 'storage' | 'disk';

export interface Fault {
  part: FaultPart;
  status: 503 | 507;
  message: string;
  /** Seconds, for Retry-After. */
  retryAfter: number;
}

/** Seconds a client is asked to wait: a database restart takes seconds, a full disk an operator. */
const RETRY_AFTER = { database: 5, storage: 10, disk: 60 } as const;

const DATABASE_FAULT: Fault = {
  part: 'database',
  status: 503,
  message: SERVER_ERRORS.databaseUnavailable,
  retryAfter: RETRY_AFTER.database,
};
const STORAGE_FAULT: Fault = {
  part: 'storage',
  status: 503,
  message: SERVER_ERRORS.storageUnavailable,
  retryAfter: RETRY_AFTER.storage,
};
const STORAGE_READ_FAULT: Fault = {
  part: 'storage',
  status: 503,
  message: SERVER_ERRORS.storageUnreachable,
  retryAfter: RETRY_AFTER.storage,
};
const DOCUMENT_STORAGE_FAULT: Fault = { ...STORAGE_FAULT, message: SERVER_ERRORS.documentStorageUnavailable };
const DOCUMENT_STORAGE_READ_FAULT: Fault = { ...STORAGE_READ_FAULT, message: SERVER_ERRORS.documentStorageUnreachable };
const DISK_FULL: Fault = { part: 'disk', status: 507, message: SERVER_ERRORS.diskFull, retryAfter: RETRY_AFTER.disk };
const DISK_READ_ONLY: Fault = { part: 'disk', status: 503, message: SERVER_ERRORS.diskReadOnly, retryAfter: RETRY_AFTER.disk };

/** Node's errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'TimeoutError',
]);

/**
 * node-postgres' own errors carry no code, only these messages: a connection cut or never made,
 * the pool's wait for a connection (connectionTimeoutMillis), a query past query_timeout.
 */
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
  'Cannot use a pool after calling end on the pool',
];

/**
 * PostgreSQL's SQLSTATEs for a server that is away or refusing work: class 08 (connection),
 * 57P01-57P03 (shut down by an administrator, a crash, starting up), 57014 (statement_timeout),
 * 25P03 (idle in transaction too long), 53xxx (out of resources; 53100 a full disk).
 */
function pgStateFault(code: string): Fault | undefined {
  if (code === '53100') return DISK_FULL;
  if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P') || code === '57014' || code === '25P03') {
    return DATABASE_FAULT;
  }
  return undefined;
}

/** SQLite's result codes (better-sqlite3 puts the extended one in `code`). */
function sqliteFault(code: string): Fault | undefined {
  if (code === 'SQLITE_FULL') return DISK_FULL;
  if (code.startsWith('SQLITE_READONLY')) return DISK_READ_ONLY;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') {
    return DATABASE_FAULT;
  }
  return undefined;
}

/** A file system that is full or refuses writes, whoever wrote to it. */
function fileSystemFault(code: string): Fault | undefined {
  if (code === 'ENOSPC' || code === 'EDQUOT') return DISK_FULL;
  if (code === 'EROFS' || code === 'EIO') return DISK_READ_ONLY;
  return undefined;
}

function codeOf(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const { code, name } = err as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : '';
}

/**
 * The image storage (local disk or object store) failed: thrown by the guarded storage (see
 * guardStorage), so that a refused connection there is not taken for the database's.
 */
export class StorageFault extends Error {
  constructor(
    override readonly cause: unknown,
    readonly operation: 'read' | 'write',
    /** What the storage holds: the answer names it (images, or the orders' private documents). */
    readonly holds: 'images' | 'documents' = 'images',
  ) {
    super(
      `${holds === 'images' ? 'image' : 'document'} storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'StorageFault';
  }
}

/** The fault `err` stands for, or undefined when it is not one (a bug, or a refusal of the request). */
export function faultOf(err: unknown): Fault | undefined {
  if (err instanceof StorageFault) {
    const documents = err.holds === 'documents';
    if (err.operation === 'read') return documents ? DOCUMENT_STORAGE_READ_FAULT : STORAGE_READ_FAULT;
    return fileSystemFault(codeOf(err.cause)) ?? (documents ? DOCUMENT_STORAGE_FAULT : STORAGE_FAULT);
  }
  const code = codeOf(err);
  if (code.startsWith('SQLITE_')) return sqliteFault(code);
  const fs = fileSystemFault(code);
  if (fs) return fs;
  if (/^[0-9A-Z]{5}$/.test(code)) {
    const pg = pgStateFault(code);
    if (pg) return pg;
  }
  if (NETWORK_CODES.has(code)) return DATABASE_FAULT;
  const message = err instanceof Error ? err.message : '';
  if (PG_CLIENT_MESSAGES.some((m) => message.includes(m))) return DATABASE_FAULT;
  // Kysely and the pool wrap some errors: look at what caused them.
  if (err instanceof Error && err.cause !== undefined && err.cause !== err) return faultOf(err.cause);
  return undefined;
}

/** True when `err` says the database is away (not a full or read-only disk under it). */
export function isDatabaseAway(err: unknown): boolean {
  return faultOf(err)?.part === 'database';
}

/**
 * True when `err` says the image storage is away or hangs: a refused, cut or timed-out connection,
 * or the object store's own 5xx (overloaded, starting). Not when it refuses us (no such bucket,
 * denied, a bad key: 4xx) nor a local disk's refusal: configuration for an operator to fix.
 */
export function isStorageAway(err: unknown): boolean {
  if (!(err instanceof StorageFault)) return false;
  const status = (err.cause as { $metadata?: { httpStatusCode?: unknown } } | undefined)?.$metadata?.httpStatusCode;
  if (typeof status === 'number') return status >= 500;
  return NETWORK_CODES.has(codeOf(err.cause));
}
