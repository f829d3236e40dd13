/**
 * The site settings as every part of the server reads them (pages, JSON-LD, mails, the quotation
 * PDF): kept in memory per `settings_version`, the counter the site_settings triggers bump, so a
 * change made through any process shows at the next request here, without a restart.
 */
import type { SiteSettings } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { VersionedValue, contentVersion } from '../../speed/json-cache.js';
import { readSettings } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The current site settings (one primary-key read of their version when unchanged). */
    siteSettings(): Promise<SiteSettings>;
  }
}

export function settingsReader(app: FastifyInstance): () => Promise<SiteSettings> {
  const cached = new VersionedValue<SiteSettings>();
  return async () => {
    const version = await contentVersion(app, 'settings');
    return cached.get(version, () => readSettings(app.db, app.config.companyEmail));
  };
}
