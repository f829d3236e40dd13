import { SERVER_ERRORS } from '@agro/shared';
import { describe, expect, it } from 'vitest';
import { StorageFault, faultOf } from './faults.js';

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
