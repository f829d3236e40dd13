import { DEFAULT_SETTINGS, SETTING_KEYS, type SettingKey, type SiteSettings } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';

const isKey = (key: string): key is SettingKey => (SETTING_KEYS as readonly string[]).includes(key);

/**
 * The stored settings over the defaults (`notificationEmail`'s default is COMPANY_EMAIL). A stored
 * value of a setting that gained fields since keeps the new fields' defaults.
 */
export async function readSettings(db: DbOrTx, companyEmail: string): Promise<SiteSettings> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).execute();
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS, notificationEmail: companyEmail };
  for (const row of rows) {
    if (!isKey(row.key)) continue;
    const value: unknown = JSON.parse(row.value);
    const fallback = settings[row.key];
    settings[row.key] =
      fallback && typeof fallback === 'object' && !Array.isArray(fallback) && value && typeof value === 'object' && !Array.isArray(value)
        ? { ...fallback, ...value }
        : value;
  }
  return settings as unknown as SiteSettings;
}

/** Store `values` (whole values of the keys given), one row each. */
export async function writeSettings(db: DbOrTx, values: Partial<SiteSettings>, now: string): Promise<void> {
  for (const key of SETTING_KEYS) {
    if (!(key in values)) continue;
    const value = JSON.stringify(values[key]);
    await db
      .insertInto('site_settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
