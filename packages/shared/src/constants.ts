/** Business constants and enums shared by the server and the web app (SPEC.md sections 3 and 9). */
import { messages, packagingTypes } from '../locales/en/messages.json';

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PRODUCT_TYPES = ['AGRO', 'NONAGRO'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const DEFAULT_PRODUCT_TYPE: ProductType = 'AGRO';

export const QUANTITY_TYPES = ['KG', 'LTR', 'NOS', 'TONS'] as const;
export type QuantityType = (typeof QUANTITY_TYPES)[number];
export const DEFAULT_QUANTITY_TYPE: QuantityType = 'NOS';

export const PACKAGING_TYPE_VALUES = [
  'PLASTIC_SHAKER',
  'CORRUGATED_BOX',
  'WOODEN_BOX',
  'PALLET_PACKING',
  'PLASTIC_PALLET',
  'FIBC_BAG',
  'PLASTIC_BAG',
  'PP_BAG',
  'THERMOCOL_BOX',
  'BUBBLE_WRAP',
] as const;
export type PackagingType = (typeof PACKAGING_TYPE_VALUES)[number];
/** Each packaging type with its label (SPEC.md section 3), from the English message file. */
export const PACKAGING_TYPES = PACKAGING_TYPE_VALUES.map((value) => ({ value, label: packagingTypes[value] }));

/** 'CORRUGATED_BOX' -> 'Corrugated Box' (SPEC.md section 3); an unknown value is shown as sent. */
export function packagingLabel(value: string): string {
  return PACKAGING_TYPES.find((p) => p.value === value)?.label ?? value;
}

export const HEARD_FROM_OPTIONS = ['Google', 'Instagram', 'LinkedIn', 'Advertisement', 'Friend', 'Other'] as const;
export type HeardFrom = (typeof HEARD_FROM_OPTIONS)[number];

/** Registration country codes (SPEC.md section 3). `iso` is the ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODES = [
  { iso: 'IN', name: 'India', dialCode: '+91' },
  { iso: 'US', name: 'United States', dialCode: '+1' },
  { iso: 'GB', name: 'United Kingdom', dialCode: '+44' },
  { iso: 'CA', name: 'Canada', dialCode: '+1' },
  { iso: 'AU', name: 'Australia', dialCode: '+61' },
  { iso: 'DE', name: 'Germany', dialCode: '+49' },
  { iso: 'FR', name: 'France', dialCode: '+33' },
  { iso: 'AE', name: 'UAE', dialCode: '+971' },
  { iso: 'SG', name: 'Singapore', dialCode: '+65' },
  { iso: 'JP', name: 'Japan', dialCode: '+81' },
] as const;
export type CountryIso = (typeof COUNTRY_CODES)[number]['iso'];

/** Phone numbers are stored as "<dial code>-<number>", e.g. "+91-9876543210". */
export function formatPhoneNumber(dialCode: string, number: string): string {
  return `${dialCode}-${number.trim()}`;
}

export const LIMITS = {
  quoteCompanyNameMin: 5,
  quoteContactPersonMin: 5,
  fullNameMin: 6,
  addressMin: 10,
  deliveryLocationMin: 10,
  phoneMin: 5,
  passwordMin: 8,
  requiredQtyMin: 1,
  shelfLifeMin: 1,
  cardKeyFeatures: 2,
  cardWidthPx: 300,
  cardHeightPx: 500,
  /** Upload limits (DESIGN.md). */
  imageMaxBytes: 10 * 1024 * 1024,
  imagesPerRequest: 20,
} as const;

/** Image formats an upload may be in (judged by content on the server), with their names for people. */
export const IMAGE_FORMATS = [
  { mime: 'image/jpeg', name: 'JPEG' },
  { mime: 'image/png', name: 'PNG' },
  { mime: 'image/webp', name: 'WebP' },
  { mime: 'image/gif', name: 'GIF' },
  { mime: 'image/avif', name: 'AVIF' },
] as const;
export type ImageMime = (typeof IMAGE_FORMATS)[number]['mime'];
export const IMAGE_FORMAT_NAMES: readonly string[] = IMAGE_FORMATS.map((f) => f.name);

export const TIMINGS = {
  replyPromiseHours: 24,
  resetRedirectMs: 2000,
  scrollAnimationMs: 800,
  persistTimeoutMs: 5000,
  resetTokenTtlMinutes: 30,
} as const;

export const PERSIST = { key: 'root', version: 1, timeout: 5000 } as const;

/** Keys of the extra auth entries kept in local storage beside the persisted root. */
export const AUTH_STORAGE_KEYS = { isLoggedIn: 'isLoggedIn', role: 'role', data: 'data' } as const;

/** Browser-storage flag set after a reset mail was requested (forgot-password screen). */
export const RESET_MAIL_SENT_KEY = 'resetMailSent';

export const TOAST = {
  position: 'bottom-right',
  regionLabel: messages.ui.toastRegion,
  closeLabel: messages.ui.toastClose,
  hotkey: ['altKey', 'KeyT'],
} as const;

export const API_PREFIX = '/api/v1';

/** At most this many lines in a quote, and in a buyer's quote list (issue 45). */
export const QUOTE_ITEMS_MAX = 20;
