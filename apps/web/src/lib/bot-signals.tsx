/**
 * The simple bot signals of the site's forms (issue 25; docs/decisions/024-bot-signals.md): a
 * honeypot field a person never sees, and the time from the form's first display to its
 * submission. A person never submits faster than the form's minimum; if the page is that fast
 * (a password manager, a second try), the submission waits for the rest of it, so the page itself
 * never trips the signal. A program that fills every field, or posts the form the moment it
 * appears without this page's code, does.
 */
import { FORM_MIN_FILL_MS, HONEYPOT_FIELD, BOT_SIGNAL_TEXT, type BotSignals, type SignalForm } from '@agro/shared';
import { useCallback, useEffect, useId, useRef, type RefObject } from 'react';

export interface BotSignalsHandle {
  /** Give it to `<Honeypot inputRef={...} />` inside the form. */
  trap: RefObject<HTMLInputElement | null>;
  /** The signals for the body of this submission (after the minimum fill time has passed). */
  take: () => Promise<BotSignals>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useBotSignals(form: SignalForm): BotSignalsHandle {
  const trap = useRef<HTMLInputElement>(null);
  const shownAt = useRef<number | null>(null);
  // The form's first display in this browser (after hydration of a server-rendered page).
  useEffect(() => {
    shownAt.current ??= performance.now();
  }, []);

  const firstFill = useRef<number | null>(null);

  const take = useCallback(async (): Promise<BotSignals> => {
    const website = trap.current?.value ?? '';
    const trapped = website ? { [HONEYPOT_FIELD]: website } : {};
    // The fill time of the first submission, sent again with every later one: a retry of the same
    // values is then the same body, which its Idempotency-Key needs (lib/api.ts).
    if (firstFill.current !== null) return { fillMs: firstFill.current, ...trapped };
    const minimum = FORM_MIN_FILL_MS[form];
    const since = shownAt.current ?? performance.now();
    // Never longer than the minimum itself, whatever the clock did meanwhile.
    const wait = Math.min(minimum, minimum - (performance.now() - since));
    if (wait > 0) await sleep(wait + 20);
    firstFill.current = Math.max(Math.round(performance.now() - since), wait > 0 ? minimum : 0);
    return { fillMs: firstFill.current, ...trapped };
  }, [form]);

  return { trap, take };
}

/**
 * The honeypot: out of sight and out of the accessibility tree and the tab order, with a label
 * that says what to do should anyone ever reach it. Browsers do not autofill it (autocomplete off,
 * a name no profile field has).
 */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{BOT_SIGNAL_TEXT.honeypotLabel}</label>
      <input ref={inputRef} id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
