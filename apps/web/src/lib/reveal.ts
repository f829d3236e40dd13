/**
 * The scroll animation (SPEC.md section 9: 800 ms, once), without AOS
 * (docs/decisions/012-scroll-reveal.md). Marked elements are ALWAYS visible: nothing hides them
 * beforehand. When one scrolls into view, it plays a short fade-in from its own place, once.
 * Whatever never scrolls into view (a crawler, a print, a full-page screenshot, a page read
 * without JavaScript) simply shows the content; with reduced motion there is no animation at all
 * (index.css). Elements already on screen when the page starts are left alone, so the server's
 * HTML does not blink when the app takes over.
 */
import { TIMINGS } from '@agro/shared';
import { useEffect, type CSSProperties } from 'react';

export type RevealAnimation = 'fade-up' | 'fade' | 'zoom-in';

const SELECTOR = '[data-reveal]';
/** Set while the element plays its animation; index.css animates `[data-reveal].revealing`. */
const PLAYING = 'revealing';

/** The attributes that mark an element for the animation; the same on the server and in the browser. */
export function reveal(animation: RevealAnimation = 'fade-up', delayMs = 0): { 'data-reveal': RevealAnimation; style?: CSSProperties } {
  if (delayMs <= 0) return { 'data-reveal': animation };
  return { 'data-reveal': animation, style: { '--reveal-delay': `${delayMs}ms` } as CSSProperties };
}

function motionAllowed(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: no-preference)').matches;
}

let started = false;

/** Starts watching for marked elements, once for the whole app (pages rendered later included). */
export function useScrollReveal(): void {
  useEffect(() => {
    if (started || typeof IntersectionObserver === 'undefined' || typeof MutationObserver === 'undefined' || !motionAllowed()) return;
    started = true;
    document.documentElement.style.setProperty('--reveal-duration', `${TIMINGS.scrollAnimationMs}ms`);
    const seen = new WeakSet<Element>();
    // The elements present when the app starts: those on screen now stay as they are.
    let first = true;

    const io = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const el = entry.target;
        const initial = first && !seen.has(el);
        seen.add(el);
        if (!entry.isIntersecting) continue;
        io.unobserve(el);
        if (initial) continue;
        el.classList.add(PLAYING);
        el.addEventListener('animationend', () => el.classList.remove(PLAYING), { once: true });
      }
      first = false;
    });
    const watch = (root: ParentNode) => {
      if (root instanceof Element && root.matches(SELECTOR)) io.observe(root);
      root.querySelectorAll(SELECTOR).forEach((el) => io.observe(el));
    };
    watch(document);
    // Pages rendered later: their elements animate as they come into view, those on screen at once.
    new MutationObserver((mutations) => {
      for (const m of mutations) m.addedNodes.forEach((node) => node instanceof Element && watch(node));
    }).observe(document.body, { childList: true, subtree: true });
  }, []);
}
