/**
 * A tap on a button of a server-rendered page before the app has taken that part of the page over
 * does nothing: the button has no handler yet. This script, put into the head of every
 * server-rendered page (the CSP allows it by its hash, and no other inline script), keeps the last
 * button of `#root` whose click no handler of the app saw (the app marks the events it handles with
 * EARLY_TAPS_HANDLED); the app clicks it again once the whole page is its own, and then clears
 * EARLY_TAPS_GLOBAL, which ends the keeping. A button of a form does not submit the form natively
 * meanwhile. (docs/decisions/017-early-taps.md)
 */
export const EARLY_TAPS_GLOBAL = '__agroEarlyTaps';
export const EARLY_TAPS_HANDLED = '__agroHandled';

export const EARLY_TAPS_SCRIPT =
  `(function(){var d=document,w=d.defaultView,q=w.${EARLY_TAPS_GLOBAL}=[];d.addEventListener('click',function(e){` +
  `var t=e.target,r=d.getElementById('root'),b=w.${EARLY_TAPS_GLOBAL}===q&&!e.${EARLY_TAPS_HANDLED}&&t&&t.closest?t.closest('button'):null;` +
  `if(!b||!r||!r.contains(b)||b.disabled)return;if(b.form)e.preventDefault();q[0]=b})})()`;
