import { EARLY_TAPS_GLOBAL, EARLY_TAPS_HANDLED } from '@agro/shared';
import { options } from 'preact';

type EarlyTapsWindow = Window & { [EARLY_TAPS_GLOBAL]?: unknown };

let marking = false;

/**
 * Marks every event a handler of the app receives, so the page's early-taps script
 * (packages/shared/src/early-taps.ts) keeps only the taps nothing handled: a button of a part not
 * yet taken over, never one that already works.
 */
export function markHandledEvents(): void {
  if (marking) return;
  marking = true;
  const previous = options.event;
  options.event = (event: Event) => {
    Object.defineProperty(event, EARLY_TAPS_HANDLED, { value: true, configurable: true });
    return previous ? previous(event) : event;
  };
}

/**
 * Once the app has taken the whole server-rendered page over: ends the keeping of taps and clicks
 * again the button tapped before, if it is still on the page.
 */
export function replayEarlyTap(): void {
  const holder = window as EarlyTapsWindow;
  const taps = holder[EARLY_TAPS_GLOBAL];
  holder[EARLY_TAPS_GLOBAL] = null;
  const button: unknown = Array.isArray(taps) ? taps[0] : undefined;
  if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click();
}
