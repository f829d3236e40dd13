/**
 * Every table of the product. Frozen in time: imports nothing from the app.
 * Types chosen to behave the same on SQLite and PostgreSQL: text ids and ISO timestamps,
 * integer 0/1 flags, JSON lists as text, double precision quantities.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('USER')
        .check(sqlIn('role', ['USER', 'ADMIN'])),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull().check(sqlIn('product_type', ['AGRO', 'NONAGRO'])))
    .addColumn('product_quantity_type', 'text', (c) => c.notNull().check(sqlIn('product_quantity_type', ['KG', 'LTR', 'NOS', 'TONS'])))
    .addColumn('product_form', 'text', (c) => c.notNull())
    .addColumn('product_description', 'text', (c) => c.notNull())
    .addColumn('nutrient_content', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_organic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key_features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('applications', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_shelf_life', 'double precision', (c) => c.notNull())
    .addColumn('thumbnail_image_id', 'text', (c) => c.notNull().references('images.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_created_at_idx').on('products').column('created_at').execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id'))
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
    .execute();
  await db.schema.createIndex('product_images_image_id_idx').on('product_images').column('image_id').execute();

  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gallery_images_image_id_idx').on('gallery_images').column('image_id').execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_person_name', 'text', (c) => c.notNull())
    .addColumn('company_email', 'text', (c) => c.notNull())
    .addColumn('mobile_number', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('required_qty', 'double precision', (c) => c.notNull())
    .addColumn('packaging_type', 'text', (c) => c.notNull())
    .addColumn('is_custom_packaging_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('delivery_location', 'text', (c) => c.notNull())
    .addColumn('is_urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('heard_from', 'text', (c) => c.notNull())
    .addColumn('quoted_by_email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_user_id_idx').on('quotes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('quotes_created_at_idx').on('quotes').column('created_at').execute();
  await db.schema.createIndex('quotes_product_id_idx').on('quotes').column('product_id').execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('estimated_quantity', 'double precision', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_product_id_idx').on('contacts').column('product_id').execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of [
    'app_meta',
    'contacts',
    'quotes',
    'gallery_images',
    'product_images',
    'products',
    'images',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

/** A CHECK (column IN (...)) expression with literal values (same syntax on both dialects). */
function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
