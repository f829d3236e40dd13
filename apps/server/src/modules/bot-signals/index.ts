/**
 * The simple bot signals of the forms (docs/decisions/024-bot-signals.md) and the spam rules of
 * an inquiry's or quote request's free text.
 *
 * A form without a lead to hold (login, registration, password reset) refuses a request that
 * trips a signal with 400; an inquiry or quote request is stored and held as spam instead, so a
 * person wrongly caught loses nothing: an administrator releases it with 'Not spam'.
 */
import {
  FILL_TIME_FIELD,
  FORM_MIN_FILL_MS,
  HONEYPOT_FIELD,
  SERVER_ERRORS,
  SPAM_MAX_LINKS,
  type SignalForm,
  type SpamReason,
} from '@agro/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';

/** The signal a request's body trips, if any: the honeypot filled in, or sent faster than a person fills the form. */
export function botSignal(body: unknown, form: SignalForm): 'honeypot' | 'too-fast' | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const trap = fields[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && String(trap).trim() !== '') return 'honeypot';
  const raw = fields[FILL_TIME_FIELD];
  // Absent (a client of SPEC.md's fields) or not a number: no signal either way.
  const fillMs = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (Number.isFinite(fillMs) && fillMs < FORM_MIN_FILL_MS[form]) return 'too-fast';
  return null;
}

/** preHandler of a form without a lead to hold: a tripped signal answers 400 and nothing is done. */
export function refuseBotSignals(form: SignalForm) {
  return async (request: FastifyRequest): Promise<void> => {
    if (botSignal(request.body, form) !== null) throw badRequest(SERVER_ERRORS.automatedForm);
  };
}

/** A link as spam carries it: a scheme, a www. host, or a bare domain with a path. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[a-z0-9-]+\.(?:com|net|org|info|biz|xyz|top|ru|cn|io|co|online|site|shop)\/[^\s<>"']*/gi;

/**
 * Wording of the spam exporters' inboxes receive (SEO and web-design offers, pharmacy, gambling,
 * crypto schemes, adult content) and link markup no person types into a plain text box. Each is
 * specific enough that an honest trade inquiry does not use it.
 */
const SPAM_PATTERNS: readonly RegExp[] = [
  /<a\s+href\s*=|\[url\s*=|\[\/url\]|\[link\s*=/i,
  /\b(?:viagra|cialis|levitra|tramadol|xanax|casino|poker online|porn|xxx|escort service|sex dating)\b/i,
  /\b(?:seo (?:services?|agency|expert|packages?)|backlinks?|link[- ]building|guest posts?|domain authority|first page (?:of|on) google|rank (?:your|on) google)\b/i,
  /\b(?:web ?site (?:re)?design (?:services?|offer)|increase (?:your )?(?:website )?traffic|buy (?:cheap )?(?:followers|likes|reviews))\b/i,
  /\b(?:bitcoin|crypto(?:currency)?|forex|binary options?)\b[^.]{0,80}\b(?:invest(?:ment)?|profits?|returns?|earn|trading signals?)\b/i,
  /\b(?:work from home|make money (?:fast|online)|earn \$?\d[\d,]* (?:per|a) (?:day|week))\b/i,
  /\b(?:loan offer|guaranteed loan|unsubscribe here|click here to (?:claim|win)|you have won|lottery winner)\b/i,
];

/** Why an inquiry's or quote's free text is spam, or null. */
export function spamInText(...texts: readonly string[]): Extract<SpamReason, 'links' | 'pattern'> | null {
  const text = texts.join('\n');
  if ((text.match(LINK) ?? []).length > SPAM_MAX_LINKS) return 'links';
  if (SPAM_PATTERNS.some((p) => p.test(text))) return 'pattern';
  return null;
}

/** The reason an inquiry or quote request is held as spam, or null to mail it now. */
export function leadSpamReason(body: unknown, form: 'inquiry' | 'quote', texts: readonly string[]): SpamReason | null {
  return botSignal(body, form) ?? spamInText(...texts);
}
