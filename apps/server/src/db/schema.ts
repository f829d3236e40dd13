/**
 * Table types. Column names are snake_case as stored; API shapes (camelCase, `_id`) are built by
 * the mappers in `mappers.ts`. Booleans are stored as 0/1 and lists as JSON text on BOTH
 * dialects so one set of queries and mappers serves SQLite and PostgreSQL.
 * Timestamps are ISO-8601 UTC strings (sortable as text).
 */
import type { Language, MessageAuthor, OrderStep, QuoteEventStatus, SpamReason, StoredQuoteStatus, ThreadKind } from '@agro/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0 or 1. */
export type Flag = number;

export interface UsersTable {
  id: string;
  full_name: string;
  /** Always lowercased. */
  email: string;
  phone_number: string;
  password_hash: string;
  role: 'USER' | 'ADMIN';
  created_at: string;
  updated_at: string;
  /** Two-step sign-in (modules/user/two-factor.ts): the authenticator secret (base32) once turned on. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret shown by setup, until a first code confirms it. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last 30-second step a code was accepted for (no code is accepted twice). */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The buyer's language (issue 28): their mails and quotation PDF are in it. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** When the buyer asked for no more reminder mails (issue 41; never offers, orders or account mails); null: they get them. */
  reminders_opted_out_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** JSON list of WebhookEvent. */
  events: string;
  /** whsec_<base64>: the Standard Webhooks signing secret. */
  secret: string;
  created_at: string;
  created_by: string;
}

export interface WebhookDeliveriesTable {
  /** msg_<id>: the webhook-id header, the same on every try. */
  id: string;
  endpoint_id: string;
  event: string;
  payload: string;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** Retried for a day from here: the creation, or an administrator's 'send again'. */
  retry_from: string;
  next_attempt_at: string;
  locked_until: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  response_status: number | null;
  response_body: string | null;
  last_error: string | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  token_hash: string;
  /** The session's public id (issue 44: the profile lists and ends sessions by it). */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** When a request last came with it (written at most every few minutes). */
  last_seen_at: string | null;
  /** The User-Agent of the request that opened it ('' unknown). */
  user_agent: ColumnType<string, string | undefined, string>;
  /** The address it was opened from, cut to its network: 203.0.113.0/24, 2001:db8:1::/48 ('' unknown). */
  ip_prefix: ColumnType<string, string | undefined, string>;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the mailed token. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One stored (processed) image file; several rows may point to the same image. */
export interface ImagesTable {
  /** Content-derived id (hash of the stored bytes); also the base of the file name. */
  id: string;
  /** File name inside DATA_DIR/uploads of the main (largest) rendition. */
  file_name: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON text: smaller renditions, [{ "width": 480, "file_name": "..." }, ...] smallest first. */
  variants: string;
  created_at: string;
}

export interface ProductsTable {
  id: string;
  product_name: string;
  product_type: 'AGRO' | 'NONAGRO';
  product_quantity_type: 'KG' | 'LTR' | 'NOS' | 'TONS';
  product_form: string;
  product_description: string;
  /** JSON text: string[]. */
  nutrient_content: string;
  is_organic: Flag;
  /** JSON text: string[]. */
  key_features: string;
  /** JSON text: string[]. */
  applications: string;
  is_premium: Flag;
  product_shelf_life: number;
  thumbnail_image_id: string;
  created_at: string;
  updated_at: string;
  /** The current slug (/products/{slug}); null until one is assigned (repository.ensureSlugs). */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** Harmonized System code (orders); null when not set. */
  hs_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 43's trade data (migration 20261128110000-product-trade-data): null or '[]' when not set. */
  moq_quantity: NullableColumn<number>;
  moq_unit: NullableColumn<QuantityUnit>;
  order_multiple: NullableColumn<number>;
  lead_time_days: NullableColumn<number>;
  supply_quantity: NullableColumn<number>;
  supply_unit: NullableColumn<QuantityUnit>;
  /** JSON text: { packagingType, quantity, unit }[]. */
  packing_options: ColumnType<string, string | undefined, string>;
  /** JSON text: { name, value }[]. */
  specifications: ColumnType<string, string | undefined, string>;
  /** JSON text: string[] (names from the settings' certifications). */
  certifications: ColumnType<string, string | undefined, string>;
  port_of_loading: NullableColumn<string>;
}

type QuantityUnit = 'KG' | 'LTR' | 'NOS' | 'TONS';
/** A column that may be null and may be left out of an insert. */
type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Every slug a product has had, its current one included: old links redirect to the current one. */
export interface ProductSlugsTable {
  slug: string;
  product_id: string;
  created_at: string;
}

/** productImages of a product, in order. */
/** A product's content in one of the other languages (issue 28): '' / '[]' = not translated. */
export interface ProductTranslationsTable {
  product_id: string;
  language: string;
  product_name: string;
  product_description: string;
  /** JSON list. */
  key_features: string;
  /** JSON list. */
  nutrient_content: string;
  /** JSON text: { name, value }[], entry i translating the product's specification i. */
  specifications: ColumnType<string, string | undefined, string>;
  updated_at: string;
}

export interface ProductImagesTable {
  product_id: string;
  position: number;
  image_id: string;
}

export interface GalleryImagesTable {
  id: string;
  image_id: string;
  created_at: string;
}

export interface QuotesTable {
  id: string;
  company_name: string;
  contact_person_name: string;
  company_email: string;
  mobile_number: string;
  country: string;
  address: string;
  required_qty: number;
  packaging_type: string;
  is_custom_packaging_required: Flag;
  /** Null once the product is deleted (the quote is kept). */
  product_id: string | null;
  delivery_location: string;
  is_urgent: Flag;
  additional_info: string;
  heard_from: string;
  /** The account's email at the time of the quote (from the session, never the body). */
  quoted_by_email: string;
  /** Owner; null if the account is deleted. Lookups use this, so an email change keeps the quotes. */
  user_id: string | null;
  created_at: string;
  /** Quote desk: NEW, QUOTED, ACCEPTED, DECLINED or REJECTED (EXPIRED is computed on read). */
  status: Generated<StoredQuoteStatus>;
  current_offer_id: Generated<string | null>;
  /** When the current offer expires (ISO instant); null without an offer. */
  offer_expires_at: Generated<string | null>;
  status_changed_at: Generated<string | null>;
  /** Trade terms: null / '[]' / 0 when the buyer gave none. */
  trade_incoterm: Generated<string | null>;
  trade_destination: Generated<string | null>;
  trade_container: Generated<string | null>;
  /** Integer minor units; PostgreSQL's bigint arrives as a string, hence the union. */
  trade_target_price_minor: ColumnType<number | string | null, number | null | undefined, number | null>;
  trade_target_currency: Generated<string | null>;
  trade_target_unit: Generated<string | null>;
  /** JSON text: string[]. */
  trade_certifications: Generated<string>;
  trade_sample_first: Generated<Flag>;
  /** Why it is held as spam (not mailed, out of the default lists); null when it is not. */
  spam_reason: Generated<SpamReason | null>;
  /** Issue 43: the delivered sample request it was asked from ('Request a quote'); null otherwise. */
  sample_id: Generated<string | null>;
  /** While the buyer's request for changes to the current offer waits for the company (status CHANGES_REQUESTED). */
  changes_requested_at: Generated<string | null>;
  /** The last message's time; null: none yet (read as created_at). */
  last_activity_at: Generated<string | null>;
  /** Issue 41: arrival + 24 hours (ISO); set with the row (the migration filled the older ones). */
  reply_due_at: string;
  /** Issue 41: the company's first reply (ISO); null until then, never moved once set (modules/reply-clock). */
  first_reply_at: Generated<string | null>;
  /** Issue 41: whole minutes from created_at to first_reply_at (rounded down), set with it: what the figures group by. */
  first_reply_minutes: Generated<number | null>;
  /** Issue 41: the administrator who owns it; null: nobody (modules/assignment). */
  assignee_id: Generated<string | null>;
  /** Issue 41: a day to come back to it (YYYY-MM-DD), or null. */
  follow_up_on: Generated<string | null>;
  /** When its assignee was reminded that the reply is due (modules/reminders); null: not yet. */
  due_reminded_at: Generated<string | null>;
}

/** Offers sent for a quote; the newest (highest revision) is the current one. */
export interface QuoteOffersTable {
  id: string;
  quote_id: string;
  revision: number;
  currency: string;
  /** Integer minor units; PostgreSQL's bigint arrives as a string, hence the union. */
  unit_price_minor: ColumnType<number | string, number, number>;
  price_basis: string;
  incoterm: string;
  port_of_loading: string;
  destination: string;
  lead_time_days: number;
  payment_terms: string;
  /** 'YYYY-MM-DD'. */
  valid_until: string;
  expires_at: string;
  note: string;
  created_by: string | null;
  created_at: string;
  /** When the buyer first opened the quote or its PDF after this offer was sent. */
  viewed_at: Generated<string | null>;
  /** When the buyer was reminded that it expires soon / that it waits for an answer (modules/reminders); null: not yet. */
  expiry_reminded_at: Generated<string | null>;
  unanswered_reminded_at: Generated<string | null>;
}

/** A quote's status changes (the quote's creation is its own created_at). */
export interface QuoteEventsTable {
  id: string;
  quote_id: string;
  status: QuoteEventStatus;
  actor: 'BUYER' | 'COMPANY';
  user_id: string | null;
  offer_id: string | null;
  note: string;
  created_at: string;
}

export interface ContactsTable {
  id: string;
  full_name: string;
  email: string;
  company_name: string;
  country: string;
  product_id: string | null;
  product_name: string;
  estimated_quantity: number;
  description: string;
  user_id: string | null;
  created_at: string;
  /** Null while open. */
  handled_at: Generated<string | null>;
  /** Why it is held as spam (not mailed, out of the default inbox); null when it is not. */
  spam_reason: Generated<SpamReason | null>;
  /** The last message's time; null: none yet (read as created_at). */
  last_activity_at: Generated<string | null>;
  /** Issue 41: arrival + 24 hours (ISO); set with the row (the migration filled the older ones). */
  reply_due_at: string;
  /** Issue 41: the company's first reply (ISO); null until then, never moved once set (modules/reply-clock). */
  first_reply_at: Generated<string | null>;
  /** Issue 41: whole minutes from created_at to first_reply_at (rounded down), set with it: what the figures group by. */
  first_reply_minutes: Generated<number | null>;
  /** Issue 41: the administrator who owns it; null: nobody (modules/assignment). */
  assignee_id: Generated<string | null>;
  /** Issue 41: a day to come back to it (YYYY-MM-DD), or null. */
  follow_up_on: Generated<string | null>;
  /** When its assignee was reminded that the reply is due (modules/reminders); null: not yet. */
  due_reminded_at: Generated<string | null>;
}

/** Small key/value facts about this database (e.g. when the demo data was seeded). */
export interface AppMetaTable {
  key: string;
  value: string;
}

/** A mail waiting to be sent (or sent): see mail/mailer.ts. */
export interface MailOutboxTable {
  id: string;
  /** `event:recipient`; unique, so the same mail is never queued twice. */
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  sealed_secret: string | null;
  /** JSON text: { name: value } headers sent with the mail (List-Unsubscribe); null: none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON text: [{ filename, contentType, content (base64) }] (the offer's quotation PDF); null: none, or sent. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Shared rate-limit counters (PostgreSQL deployments): see plugins/rate-limit.ts. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Epoch milliseconds (bigint on PostgreSQL: read back as a string). */
  window_ends: number | string;
}

/** A request made exactly once (plugins/idempotency.ts). */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  method: string;
  path: string;
  fingerprint: string;
  state: 'running' | 'applied' | 'done';
  status: number | null;
  body: string | null;
  locked_until: string;
  created_at: string;
}

/** A solved proof-of-work challenge, kept until it expires (modules/altcha). */
export interface AltchaUsedTable {
  signature: string;
  expires_at: string;
}

/** The last order number given in a year (orders). */
export interface OrderCountersTable {
  year: number;
  last: number;
}

/** An accepted offer, its terms and buyer copied at acceptance (modules/order). */
export interface OrdersTable {
  id: string;
  order_number: string;
  quote_id: string | null;
  user_id: string | null;
  step: OrderStep;
  offer_id: string | null;
  quotation_number: string;
  product_id: string | null;
  product_name: string;
  hs_code: string;
  quantity: number;
  unit: string;
  packaging_type: string;
  currency: string;
  /** Integer minor units; PostgreSQL's bigint arrives as a string, hence the union. */
  unit_price_minor: ColumnType<number | string, number, number>;
  total_minor: ColumnType<number | string, number, number>;
  incoterm: string;
  port_of_loading: string;
  destination: string;
  lead_time_days: number;
  payment_terms: string;
  company_name: string;
  contact_person_name: string;
  company_email: string;
  mobile_number: string;
  country: string;
  address: string;
  delivery_location: string;
  account_email: string;
  ship_by: string;
  shipped_on: string | null;
  etd: string | null;
  eta: string | null;
  tracking_url: string | null;
  created_at: string;
  step_changed_at: string;
  /** The last message's time; null: none yet (read as created_at). */
  last_activity_at: Generated<string | null>;
  /** Issue 41: a day to come back to it (YYYY-MM-DD), or null. */
  follow_up_on: Generated<string | null>;
}

export interface OrderMilestonesTable {
  id: string;
  order_id: string;
  step: OrderStep;
  at: string;
  note: string;
  /** JSON text: the step's own fields. */
  details: string;
  actor: 'BUYER' | 'COMPANY';
  user_id: string | null;
  created_at: string;
}

export interface OrderDocumentsTable {
  id: string;
  order_id: string;
  type: string;
  file_name: string;
  storage_name: string;
  content_type: string;
  bytes: number;
  uploaded_by: string | null;
  created_at: string;
}

export interface OrderDocumentDownloadsTable {
  id: string;
  order_id: string;
  document_id: string;
  user_id: string | null;
  role: string;
  ip: string;
  created_at: string;
}

/** One site setting (modules/settings): its JSON value over the shared defaults. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** One administrative change (modules/audit/record.ts); only ever inserted. */
export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON text: { field: { before, after } }. */
  changes: string;
}

/** An invitation to become an administrator (modules/team). */
export interface TeamInvitesTable {
  id: string;
  email: string;
  /** SHA-256 (hex) of the mailed token. */
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  cancelled_at: string | null;
}

/** A recovery code of two-step sign-in: SHA-256 of the code, single use. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
}

/** A sign-in whose password was right, waiting (5 minutes) for its second step. */
export interface LoginChallengesTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
}

/** A passkey (WebAuthn credential) of an account (issue 44, item 1; modules/user/passkeys.ts). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** bigint on PostgreSQL: read as a string there. */
  counter: ColumnType<number | string, number | undefined, number>;
  transports: ColumnType<string, string | undefined, string>;
  device_type: string;
  backed_up: ColumnType<number, number | undefined, number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed out, used once within its five minutes. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'register' | 'login' | 'confirm';
  user_id: string | null;
  expires_at: string;
}

/** One message of a thread (modules/messages). */
export interface MessagesTable {
  id: string;
  thread_kind: ThreadKind;
  thread_id: string;
  author: MessageAuthor;
  user_id: string | null;
  author_name: string;
  body: string;
  /** JSON text of a request for changes (shared `proposalSchema`); null on other messages. */
  proposal: string | null;
  created_at: string;
  read_at: string | null;
  hidden_at: string | null;
  hidden_by: string | null;
  digest_id: string | null;
}

export interface MessageAttachmentsTable {
  id: string;
  message_id: string;
  file_name: string;
  storage_name: string;
  content_type: string;
  bytes: number;
  position: number;
}

export interface ThreadReadsTable {
  user_id: string;
  thread_kind: ThreadKind;
  thread_id: string;
  last_read_at: string;
}

/** A mail that tells one side of a thread about the other's messages, sent at `send_at` (modules/messages/digests.ts). */
export interface MessageDigestsTable {
  id: string;
  /** `kind:id:recipient` while waiting; null once sent. */
  pending_key: string | null;
  thread_kind: ThreadKind;
  thread_id: string;
  recipient: MessageAuthor;
  send_at: string;
  created_at: string;
  sent_at: string | null;
}

/** The SHA-256 of a Reply-To token, bound to its thread and recipient (modules/messages/reply-address.ts). */
export interface ReplyTokensTable {
  token_hash: string;
  thread_kind: ThreadKind;
  thread_id: string;
  recipient: MessageAuthor;
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

/** One run of a scheduled job for one period (scheduler/scheduler.ts): inserted once, with the run's mails. */
/** A tag an edge cache must drop, queued by the triggers of a change (speed/edge-purger.ts sends it). */
export interface EdgePurgesTable {
  /** A number (SQLite) or a bigint as text (PostgreSQL). */
  id: Generated<number | string>;
  purge_key: string;
  created_at: string;
  /** Null: due now. */
  next_attempt_at: string | null;
  attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
}

export interface JobRunsTable {
  job: string;
  period_key: string;
  ran_at: string;
  mails: number;
}

/** The SHA-256 of a token a reminder's unsubscribe links carry, bound to its buyer (modules/reminders/unsubscribe.ts). */
export interface UnsubscribeTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
}

export interface WorkerLeasesTable {
  name: string;
  holder: string | null;
  locked_until: string | null;
}

export interface InboundMailsTable {
  mail_key: string;
  outcome: 'posted' | 'held' | 'ignored';
  message_id: string | null;
  held_id: string | null;
  received_at: string;
}

export type HeldReplyReasonColumn = 'SENDER' | 'UNKNOWN_TOKEN' | 'EXPIRED_TOKEN';

export interface HeldRepliesTable {
  id: string;
  reason: HeldReplyReasonColumn;
  thread_kind: ThreadKind | null;
  thread_id: string | null;
  recipient: MessageAuthor | null;
  user_id: string | null;
  from_address: string;
  from_name: string;
  subject: string;
  body: string;
  attachments: string;
  notes: string;
  received_at: string;
  status: 'HELD' | 'POSTED' | 'DROPPED';
  decided_at: string | null;
  decided_by: string | null;
  message_id: string | null;
}

export interface SamplesTable {
  id: string;
  user_id: string | null;
  status: 'REQUESTED' | 'APPROVED' | 'DECLINED' | 'DISPATCHED' | 'DELIVERED';
  contact_name: string;
  account_email: string;
  company_name: string;
  country: string;
  address: string;
  shipping: 'ACCOUNT' | 'ON_DELIVERY';
  account_courier: string | null;
  account_number: string | null;
  note: string;
  decline_reason: string | null;
  dispatch_courier: string | null;
  tracking_number: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  feedback_rating: number | null;
  feedback_note: string | null;
  feedback_at: string | null;
  created_at: string;
  status_changed_at: string;
  /** The last message in its conversation (null: none yet). */
  last_activity_at: Generated<string | null>;
  /** SMP-2026-000042 (counted a year; the earliest requests' from their id). */
  number: string;
}

export interface SampleItemsTable {
  sample_id: string;
  position: number;
  product_id: string | null;
  product_name: string;
  grams: number;
}

/** A quote's lines (issue 45); position 0 is the first line, whose values the quote's own columns repeat. */
export interface QuoteItemsTable {
  id: string;
  quote_id: string;
  position: number;
  product_id: string | null;
  required_qty: number;
  packaging_type: string;
  is_custom_packaging_required: Flag;
  /** The quote's created_at, copied to its lines (20261201100000-dashboard-lines): the dashboard counts a year's lines by product without joining their quotes. */
  created_at: string;
}

/** An offer's price per quote line (issue 45); `quantity` null: as asked. */
export interface QuoteOfferLinesTable {
  offer_id: string;
  item_id: string;
  position: number;
  /** Integer minor units; PostgreSQL's bigint arrives as a string, hence the union. */
  unit_price_minor: ColumnType<number | string, number, number>;
  quantity: number | null;
}

/** An order's lines as accepted (issue 45). */
export interface OrderItemsTable {
  order_id: string;
  position: number;
  product_id: string | null;
  product_name: string;
  hs_code: string;
  quantity: number;
  unit: string;
  packaging_type: string;
  unit_price_minor: ColumnType<number | string, number, number>;
  total_minor: ColumnType<number | string, number, number>;
}

/** A buyer's quote list (issue 45): its lines as JSON (QuoteListItem[]). */
export interface QuoteListsTable {
  user_id: string;
  items: string;
  updated_at: string;
}

export interface Database {
  quote_lists: QuoteListsTable;
  quote_items: QuoteItemsTable;
  quote_offer_lines: QuoteOfferLinesTable;
  order_items: OrderItemsTable;
  samples: SamplesTable;
  sample_counters: { year: number; last: number };
  sample_items: SampleItemsTable;
  edge_purges: EdgePurgesTable;
  job_runs: JobRunsTable;
  unsubscribe_tokens: UnsubscribeTokensTable;
  worker_leases: WorkerLeasesTable;
  inbound_mails: InboundMailsTable;
  held_replies: HeldRepliesTable;
  messages: MessagesTable;
  message_attachments: MessageAttachmentsTable;
  thread_reads: ThreadReadsTable;
  message_digests: MessageDigestsTable;
  reply_tokens: ReplyTokensTable;
  users: UsersTable;
  sessions: SessionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  password_resets: PasswordResetsTable;
  images: ImagesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_slugs: ProductSlugsTable;
  product_translations: ProductTranslationsTable;
  gallery_images: GalleryImagesTable;
  quotes: QuotesTable;
  quote_offers: QuoteOffersTable;
  quote_events: QuoteEventsTable;
  contacts: ContactsTable;
  app_meta: AppMetaTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  altcha_used: AltchaUsedTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  order_milestones: OrderMilestonesTable;
  order_documents: OrderDocumentsTable;
  order_document_downloads: OrderDocumentDownloadsTable;
  site_settings: SiteSettingsTable;
  audit_log: AuditLogTable;
  team_invites: TeamInvitesTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ImageRow = Selectable<ImagesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type ProductTranslationRow = Selectable<ProductTranslationsTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type NewQuoteRow = Insertable<QuotesTable>;
export type QuoteOfferRow = Selectable<QuoteOffersTable>;
export type NewQuoteItemRow = Insertable<QuoteItemsTable>;
export type QuoteOfferLineRow = Selectable<QuoteOfferLinesTable>;
export type NewQuoteOfferLineRow = Insertable<QuoteOfferLinesTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type NewOrderItemRow = Insertable<OrderItemsTable>;
export type NewQuoteOfferRow = Insertable<QuoteOffersTable>;
export type QuoteEventRow = Selectable<QuoteEventsTable>;
export type NewQuoteEventRow = Insertable<QuoteEventsTable>;
export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type OrderRow = Selectable<OrdersTable>;
export type SampleRow = Selectable<SamplesTable>;
export type SampleItemRow = Selectable<SampleItemsTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type OrderMilestoneRow = Selectable<OrderMilestonesTable>;
export type OrderDocumentRow = Selectable<OrderDocumentsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type MessageAttachmentRow = Selectable<MessageAttachmentsTable>;
