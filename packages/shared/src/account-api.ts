/**
 * The calls of a person's own account and of the company's other systems (issue 44): sessions, data
 * rights, webhooks. Apart from API (api.ts), whose every path joins every first page: these are
 * read only by the profile's and the settings' screens (and the server and its tests).
 */
const V1 = '/api/v1';

export const ACCOUNT_API = {
  userSessions: `${V1}/user/sessions`,
  endOtherSessions: `${V1}/user/sessions`,
  dataExport: `${V1}/user/export`,
  deleteAccount: `${V1}/user/account`,
  webhooks: `${V1}/webhooks`,
  addWebhook: `${V1}/webhooks`,
  deleteWebhook: (id: string) => `${V1}/webhooks/${encodeURIComponent(id)}`,
  webhookDeliveries: (id: string) => `${V1}/webhooks/${encodeURIComponent(id)}/deliveries`,
  retryWebhookDelivery: (id: string) => `${V1}/webhooks/deliveries/${encodeURIComponent(id)}/retry`,
  userSession: (id: string) => `${V1}/user/sessions/${encodeURIComponent(id)}`,
};

/**
 * The pages the owner writes (issue 43, item 3): read by anyone in a language, saved and restored
 * by an administrator. Apart from API too: only the pages that show them and the settings read it.
 */
export const PAGES_API = {
  /** Add `?lang=` (English without it). */
  ownerPage: (page: string) => `${V1}/pages/${encodeURIComponent(page)}`,
  saveOwnerPage: (page: string) => `${V1}/pages/${encodeURIComponent(page)}`,
  /** Add `?lang=`. */
  restoreOwnerPage: (page: string) => `${V1}/pages/${encodeURIComponent(page)}`,
};
