/**
 * The calls of a person's own account and of the company's other systems (issue 44): sessions, data
 * rights, webhooks, passkeys. Apart from API (api.ts), whose every path joins every first page: these are
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
  passkeys: `${V1}/user/passkey`,
  passkeyRegisterOptions: `${V1}/user/passkey/register/options`,
  addPasskey: `${V1}/user/passkey/register`,
  renamePasskey: (id: string) => `${V1}/user/passkey/${encodeURIComponent(id)}`,
  deletePasskey: (id: string) => `${V1}/user/passkey/${encodeURIComponent(id)}`,
  passkeyLoginOptions: `${V1}/user/passkey/login/options`,
  passkeyLogin: `${V1}/user/passkey/login`,
  passkeyConfirmOptions: `${V1}/user/passkey/confirm/options`,
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

/**
 * Sample requests (issue 43, item 2): read by the samples' screens only (the product page links to
 * /samples with a plain link), so apart from API like the account's calls.
 */
export const SAMPLE_API = {
  addSample: `${V1}/sample/add`,
  mySamples: `${V1}/sample/mine`,
  allSamples: `${V1}/sample/all`,
  exportSamples: `${V1}/sample/export`,
  sample: (id: string) => `${V1}/sample/${encodeURIComponent(id)}`,
  approveSample: (id: string) => `${V1}/sample/${encodeURIComponent(id)}/approve`,
  declineSample: (id: string) => `${V1}/sample/${encodeURIComponent(id)}/decline`,
  dispatchSample: (id: string) => `${V1}/sample/${encodeURIComponent(id)}/dispatch`,
  sampleDelivered: (id: string) => `${V1}/sample/${encodeURIComponent(id)}/delivered`,
  sampleFeedback: (id: string) => `${V1}/sample/${encodeURIComponent(id)}/feedback`,
};
