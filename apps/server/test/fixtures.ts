/**
 * Rows the user/quote/contact tests need but whose API belongs to other modules: a product is
 * inserted directly (with a tiny stored image for its thumbnail), as the seed does.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/index.js';
import { newId } from '../src/db/ids.js';
import { nowIso } from '../src/db/mappers.js';
import { productRow } from '../src/modules/product/repository.js';
import { offerToday, type ProductInput } from '@agro/shared';

/** A product row (see productRow) of `fields` over a jaggery default, with a tiny stored thumbnail. */
export async function insertTestProduct(db: Db, fields: Partial<ProductInput> & { id?: string } = {}): Promise<string> {
  const imageId = randomBytes(16).toString('hex');
  const now = nowIso();
  await db
    .insertInto('images')
    .values({ id: imageId, file_name: `${imageId}.webp`, width: 10, height: 10, bytes: 100, variants: '[]', created_at: now })
    .execute();
  const { id = newId(), ...product } = fields;
  const row = productRow(
    {
      productName: 'Natural Jaggery Blocks',
      productType: 'AGRO',
      productQuantityType: 'KG',
      productForm: 'Blocks',
      productDescription: 'Jaggery in blocks',
      nutrientContent: ['Iron'],
      isOrganic: true,
      keyFeatures: ['Chemical free'],
      applications: ['Sweets'],
      isPremium: false,
      productShelfLife: 12,
      ...product,
    },
    { id, thumbnailImageId: imageId },
    now,
  );
  await db.insertInto('products').values(row).execute();
  return id;
}

/** A valid POST /api/v1/quote/add body for `productId`; `overrides` replace or add fields. */
export function quoteBody(productId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyName: 'Global Foods Ltd',
    contactPersonName: 'Maria Lopez',
    companyEmail: 'buying@globalfoods.example',
    mobileNumber: '+34-600123456',
    country: 'Spain',
    productId,
    requiredQty: 1200,
    packagingType: 'PP_BAG',
    deliveryLocation: 'Port of Valencia, Spain',
    address: 'Calle Mayor 1, 46001 Valencia',
    heardFrom: 'Google',
    isCustomPackagingRequired: true,
    isUrgent: false,
    additionalInfo: 'Need samples first',
    ...overrides,
  };
}

/**
 * A valid POST /api/v1/quote/{id}/offer body (valid for two weeks); `overrides` replace fields and
 * an `undefined` override removes one.
 */
/** A valid body for POST /api/v1/sample/add (issue 43): one product, paid on delivery, filled in at a person's pace. */
export function sampleBody(productId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    items: [{ productId, grams: 200 }],
    address: '4 Quay Street, Hamburg 20457',
    country: 'Germany',
    companyName: 'Hanse Foods GmbH',
    shipping: 'ON_DELIVERY',
    note: '',
    fillMs: 9000,
    ...overrides,
  };
}

export function offerBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    unitPrice: '12.35',
    currency: 'USD',
    incoterm: 'FOB',
    portOfLoading: 'Nhava Sheva (JNPT), India',
    destination: 'Port of Valencia, Spain',
    leadTimeDays: 21,
    paymentTerms: '30% TT advance / 70% against documents',
    validUntil: offerToday(Date.now() + 14 * 86_400_000),
    note: 'Price includes PP bags of 25 kg.',
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

/**
 * A folder standing in for the built web app (WEB_DIST): its index.html only, so the server renders
 * the public pages as that shell with their head tags and snapshot. Remove it after the tests.
 */
export async function standInWebDist(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Web app</title></head>
  <body><div id="root"></div></body>
</html>`,
  );
  return dir;
}
