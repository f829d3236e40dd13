/**
 * The proof of work of the forms anyone can post (registration, forgot password; issue 25): the
 * ALTCHA widget, invisible, solves a challenge of this server while the person types, in a Web
 * Worker. The payload goes into the body as `altcha`. Each payload is accepted once, so a new
 * challenge is solved after every submission (for the next one). Only these two screens load the
 * widget's code (a dynamic import), and its worker is a file of this site (the CSP's 'self').
 */
import { altchaChallengeUrl, type AltchaForm } from '@agro/shared';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { useCallback, useEffect, useRef, type RefObject } from 'react';

let loading: Promise<void> | undefined;

function loadWidget(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    const { default: ShaWorker } = await import('altcha/workers/sha?worker');
    globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** The widget's methods exist once it has mounted (a frame or two after it joins the page). */
async function mounted(element: AltchaWidgetElement): Promise<void> {
  for (let frame = 0; typeof element.verify !== 'function'; frame += 1) {
    if (frame > 300) throw new Error('the altcha widget did not start');
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

export interface ProofOfWork {
  /** Where the widget lives, out of sight: put `<div ref={host} hidden />` inside the form (its own markup needs its stylesheet to hide). */
  host: RefObject<HTMLDivElement | null>;
  /** The payload for this submission (solved meanwhile, else awaited); a new one starts for the next. */
  take: () => Promise<string | undefined>;
}

export function useProofOfWork(form: AltchaForm): ProofOfWork {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const pending = useRef<Promise<string | undefined> | undefined>(undefined);

  const solve = useCallback(() => {
    pending.current = (async () => {
      await loadWidget();
      let element = widget.current;
      // A new one in the form on the screen (the form may have been taken off it and shown again).
      if (!element || !element.isConnected) {
        if (!host.current) return undefined;
        element = document.createElement('altcha-widget') as AltchaWidgetElement;
        element.setAttribute('challenge', altchaChallengeUrl(form));
        element.setAttribute('auto', 'off');
        element.setAttribute('display', 'invisible');
        element.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
        host.current.append(element);
        widget.current = element;
        await mounted(element);
      } else {
        element.reset();
      }
      return (await element.verify())?.payload;
    })().catch((err: unknown) => {
      // The server then answers with its message, and the next submission tries again.
      console.warn('proof of work failed', err);
      return undefined;
    });
  }, [form]);

  useEffect(() => {
    solve();
    return () => {
      widget.current?.remove();
      widget.current = null;
    };
  }, [solve]);

  const take = useCallback(async () => {
    let payload = await pending.current;
    if (payload === undefined) {
      // Not solved (the form was not on the screen yet, or the challenge could not be fetched): now.
      solve();
      payload = await pending.current;
    }
    solve();
    return payload;
  }, [solve]);

  return { host, take };
}
