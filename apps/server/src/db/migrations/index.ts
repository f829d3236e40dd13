/**
 * The ordered list of migrations. Add a new timestamped file and list it here; never edit an
 * applied one. Each receives the dialect so SQLite and PostgreSQL differences stay explicit.
 */
import type { Kysely } from 'kysely';
import * as initial from './20250601000000-initial.js';
import * as contentVersions from './20250701000000-content-versions.js';
import * as quoteDesk from './20261123100000-quote-desk.js';
import * as tradeDesk from './20261123110000-trade-desk.js';
import * as outboxAndRateLimits from './20261123120000-outbox-and-rate-limits.js';
import * as productSlugs from './20261123130000-product-slugs.js';
import * as idempotency from './20261125100000-idempotency.js';
import * as altcha from './20261125110000-altcha.js';
import * as spam from './20261126100000-spam.js';
import * as leadSearch from './20261126130000-lead-search.js';
import * as leadListIndexes from './20261126140000-lead-list-indexes.js';
import * as orders from './20261126150000-orders.js';
import * as siteSettings from './20261126160000-site-settings.js';
import * as auditLog from './20261126170000-audit-log.js';
import * as teamInvites from './20261126180000-team-invites.js';
import * as twoFactor from './20261126190000-two-factor.js';
import * as dashboardIndexes from './20261126200000-dashboard-indexes.js';
import * as userLanguage from './20261126210000-user-language.js';
import * as productTranslations from './20261126220000-product-translations.js';
import * as threads from './20261127100000-threads.js';
import * as repliesByMail from './20261127110000-replies-by-mail.js';
import * as messagesVersion from './20261127115000-messages-version.js';
import * as replyClock from './20261127120000-reply-clock.js';
import * as scheduler from './20261127130000-scheduler.js';
import * as replyClockFigures from './20261127140000-reply-clock-figures.js';
import * as edgePurges from './20261128100000-edge-purges.js';
import * as productTradeData from './20261128110000-product-trade-data.js';
import * as sessionDetails from './20261128120000-session-details.js';
import * as webhooks from './20261128130000-webhooks.js';
import * as mailAttachments from './20261129100000-mail-attachments.js';
import * as samples from './20261129120000-samples.js';
import * as passkeys from './20261129130000-passkeys.js';
import * as sampleThreads from './20261130090000-sample-threads.js';
import * as sampleNumbers from './20261130091000-sample-numbers.js';
import * as quoteItems from './20261130100000-quote-items.js';
import * as dashboardLines from './20261201100000-dashboard-lines.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

export const migrations: Record<string, DialectMigration> = {
  '20250601000000-initial': initial,
  '20250701000000-content-versions': contentVersions,
  '20261123100000-quote-desk': quoteDesk,
  '20261123110000-trade-desk': tradeDesk,
  '20261123120000-outbox-and-rate-limits': outboxAndRateLimits,
  '20261123130000-product-slugs': productSlugs,
  '20261125100000-idempotency': idempotency,
  '20261125110000-altcha': altcha,
  '20261126100000-spam': spam,
  '20261126130000-lead-search': leadSearch,
  '20261126140000-lead-list-indexes': leadListIndexes,
  '20261126150000-orders': orders,
  '20261126160000-site-settings': siteSettings,
  '20261126170000-audit-log': auditLog,
  '20261126180000-team-invites': teamInvites,
  '20261126190000-two-factor': twoFactor,
  '20261126200000-dashboard-indexes': dashboardIndexes,
  '20261126210000-user-language': userLanguage,
  '20261126220000-product-translations': productTranslations,
  '20261127100000-threads': threads,
  '20261127110000-replies-by-mail': repliesByMail,
  '20261127115000-messages-version': messagesVersion,
  '20261127120000-reply-clock': replyClock,
  '20261127130000-scheduler': scheduler,
  '20261127140000-reply-clock-figures': replyClockFigures,
  '20261128100000-edge-purges': edgePurges,
  '20261128110000-product-trade-data': productTradeData,
  '20261128120000-session-details': sessionDetails,
  '20261128130000-webhooks': webhooks,
  '20261129100000-mail-attachments': mailAttachments,
  '20261129120000-samples': samples,
  '20261129130000-passkeys': passkeys,
  '20261130090000-sample-threads': sampleThreads,
  '20261130091000-sample-numbers': sampleNumbers,
  '20261130100000-quote-items': quoteItems,
  '20261201100000-dashboard-lines': dashboardLines,
};
