import { TIMINGS } from '@agro/shared';
import 'aos/dist/aos.css';
import { useEffect } from 'react';

/** True when the person asked for less motion, or the environment cannot tell (tests, old browsers). */
export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

let started = false;

/**
 * Starts AOS once for the whole app (800 ms, once). AOS watches the DOM itself, so pages loaded
 * later by the router animate without another init.
 */
export function useAos(): void {
  useEffect(() => {
    if (started || prefersReducedMotion()) return;
    started = true;
    // Fetched after the first render, not with the first page's bundle (docs/performance.md).
    import('aos').then(
      ({ default: AOS }) => AOS.init({ duration: TIMINGS.scrollAnimationMs, once: true, offset: 40, easing: 'ease-out-cubic' }),
      (error: unknown) => {
        // aos.css hides marked elements until AOS shows them: without AOS, show them plainly.
        document.querySelectorAll('[data-aos]').forEach((el) => el.removeAttribute('data-aos'));
        console.error(error);
      },
    );
  }, []);
}

export type AosAnimation = 'fade-up' | 'fade' | 'zoom-in';

/**
 * The data-aos attributes for an element, or none when motion is reduced: AOS hides marked
 * elements until it animates them, so we only mark them when AOS will run.
 */
export function aos(animation: AosAnimation = 'fade-up', delayMs = 0): Record<string, string> {
  if (prefersReducedMotion()) return {};
  const attrs: Record<string, string> = { 'data-aos': animation };
  if (delayMs > 0) attrs['data-aos-delay'] = String(delayMs);
  return attrs;
}
