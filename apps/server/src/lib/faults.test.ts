import { SERVER_ERRORS } from '@agro/shared';
import { describe, expect, it } from 'vitest';
import { StorageFault, faultOf, isStorageAway } from './faults.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('faultOf', () => {
  it.each([
    ['PostgreSQL shut down by an administrator (57P01)', withCode('57P01'), 'database', 503],
    ['PostgreSQL starting up (57P03)', withCode('57P03'), 'database', 503],
    ['a statement timeout (57014)', withCode('57014'), 'database', 503],
    ['a connection exception (08006)', withCode('08006'), 'database', 503],
    ['PostgreSQL out of disk (53100)', withCode('53100'), 'disk', 507],
    ['a refused connection', withCode('ECONNREFUSED'), 'database', 503],
    ["node-postgres' cut connection", new Error('Connection terminated unexpectedly'), 'database', 503],
    ["node-postgres' pool wait", new Error('timeout exceeded when trying to connect'), 'database', 503],
    ['SQLite locked', withCode('SQLITE_BUSY'), 'database', 503],
    ['SQLite on a full disk', withCode('SQLITE_FULL'), 'disk', 507],
    ['SQLite on a read-only file system', withCode('SQLITE_READONLY_DBMOVED'), 'disk', 503],
    ['a full disk', withCode('ENOSPC'), 'disk', 507],
    ['a read-only file system', withCode('EROFS'), 'disk', 503],
    ['the object store refusing a write', new StorageFault(withCode('ECONNREFUSED'), 'write'), 'storage', 503],
    ['the images folder full', new StorageFault(withCode('ENOSPC'), 'write'), 'disk', 507],
    ['a wrapped cause', new Error('outer', { cause: withCode('57P01') }), 'database', 503],
  ])('%s is a fault of the %s (%d)', (_name, err, part, status) => {
    expect(faultOf(err)).toMatchObject({ part, status });
  });

  it('says the images could not be stored for a failed write, and could not be loaded for a failed read', () => {
    expect(faultOf(new StorageFault(new Error('down'), 'write'))?.message).toBe(SERVER_ERRORS.storageUnavailable);
    expect(faultOf(new StorageFault(new Error('down'), 'read'))?.message).toBe(SERVER_ERRORS.storageUnreachable);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug', new TypeError('x is undefined')],
    ['a thrown string', 'oops'],
  ])('%s is not a fault (it stays a 500 or its own answer)', (_name, err) => {
    expect(faultOf(err)).toBeUndefined();
  });
});

describe('isStorageAway (a start-up waits for it; anything else ends the start)', () => {
  /** What the AWS SDK throws: the store's answer with its HTTP status, or a network error. */
  const answered = (name: string, httpStatusCode: number) =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode, attempts: 1 } });
  const timedOut = () => Object.assign(new Error('the request socket timed out'), { name: 'TimeoutError' });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a connection cut', withCode('ECONNRESET')],
    ['a store that hangs (the SDK time-out)', timedOut()],
    ['an address that does not resolve yet', withCode('EAI_AGAIN')],
    ['the store overloaded (503 SlowDown)', answered('SlowDown', 503)],
    ['the store failing (500 InternalError)', answered('InternalError', 500)],
  ])('%s: away', (_name, cause) => {
    expect(isStorageAway(new StorageFault(cause, 'write'))).toBe(true);
  });

  it.each([
    ['no such bucket (404)', new StorageFault(answered('NoSuchBucket', 404), 'write')],
    ['access denied (403)', new StorageFault(answered('AccessDenied', 403), 'write')],
    ['a bad access key (403)', new StorageFault(answered('InvalidAccessKeyId', 403), 'write')],
    ['a local folder it may not write', new StorageFault(withCode('EACCES'), 'write')],
    ['a full disk', new StorageFault(withCode('ENOSPC'), 'write')],
    ['the database refusing a connection', withCode('ECONNREFUSED')],
  ])('%s: not away', (_name, err) => {
    expect(isStorageAway(err)).toBe(false);
  });
});
