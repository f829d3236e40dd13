export * from './api.js';
export * from './account-api.js';
export * from './constants.js';
export * from './leads.js';
export * from './contact.js';
export * from './early-taps.js';
export * from './messages.js';
export * from './product.js';
export * from './server-snapshot.js';
export * from './quote.js';
export * from './quote-desk.js';
export * from './quote-list.js';
export * from './site.js';
export * from './slug.js';
export * from './trade.js';
export * from './trade-terms.js';
export * from './types.js';
export * from './user.js';
export * from './validation.js';
export * from './altcha.js';
export * from './bot-signals.js';
export * from './bot-signal-fields.js';
export * from './order.js';
export * from './settings.js';
export * from './settings-schema.js';
export * from './audit.js';
export * from './team.js';
export * from './two-factor.js';
export * from './two-factor-texts.js';
export * from './sessions.js';
export * from './passkeys.js';
export * from './data-rights.js';
export * from './webhooks.js';
export * from './owner-pages.js';
export * from './sample.js';
export * from './languages.js';
export * from './i18n/translator.js';
export type {
  AdminCatalogue,
  AppCatalogue,
  Catalogue,
  MessageKey,
  MessagesCatalogue,
  PluralForm,
  PublicCatalogue,
  ServerCatalogue,
  Texts,
} from './i18n/catalogue.js';
export * from './language-schema.js';
export * from './content-translations.js';
export * from './thread.js';
export * from './held-reply.js';
export * from './reminders.js';
export * from './handling.js';
export * from './product-trade.js';
export * from './minimum-order.js';
export * from './product-filters.js';
