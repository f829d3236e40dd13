/**
 * Simple bot signals of the site's forms (docs/decisions/024-bot-signals.md):
 * - a honeypot: a text field a person never sees (`website`); a program that fills in every
 *   field fills it too;
 * - a minimum fill time: the page sends `fillMs`, the milliseconds from the form's first display
 *   to its submission. A person never submits faster than the minimum (the page holds a faster
 *   submission back until it is reached); a program driving the page's fields does.
 * Neither field is required: a client that sends SPEC.md's fields alone is judged by the rest
 * (proof of work, rate limits per address and per account, the spam rules of the free text).
 */
import { adminMessages } from '../locales/en/messages.json';

export const HONEYPOT_FIELD = 'website';
export const FILL_TIME_FIELD = 'fillMs';

/** The forms that carry the signals, and the least time a person takes to fill each in. */
export const FORM_MIN_FILL_MS = {
  login: 800,
  register: 1500,
  'forgot-password': 800,
  'reset-password': 800,
  inquiry: 1500,
  quote: 2000,
} as const;
export type SignalForm = keyof typeof FORM_MIN_FILL_MS;

/** Why an inquiry or quote request is held as spam instead of mailed. */
export const SPAM_REASONS = ['honeypot', 'too-fast', 'links', 'pattern'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** Three links or more in an inquiry's or quote's free text hold it as spam. */
export const SPAM_MAX_LINKS = 2;

/** What the page adds to a form's body. */
export interface BotSignals {
  website?: string;
  fillMs?: number;
}

export const BOT_SIGNAL_TEXT = adminMessages.botSignals;
