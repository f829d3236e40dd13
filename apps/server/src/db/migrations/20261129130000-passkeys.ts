/**
 * Passkeys (issue 44, item 1): the WebAuthn credentials of each account and the challenges handed
 * out for them (single use, five minutes: a table, so a challenge made by one process is checked
 * by another). Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The credential's id (base64url), as the authenticator names it in every answer.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // The COSE public key (base64url).
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The signature counter (32 bits unsigned: bigint on PostgreSQL).
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    // A JSON list of transports (internal, hybrid, usb, ...).
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    // singleDevice or multiDevice; backed_up 1 when synced (a password manager's).
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // register, login or confirm (the account's deletion).
    .addColumn('purpose', 'text', (c) => c.notNull())
    // The account it was made for; null for a sign-in that names no account (usernameless).
    .addColumn('user_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
