import { EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT } from '@agro/shared';
// The compat layer's legacy API, so the test uses the very Preact the aliases give the components.
import { hydrate, render } from 'preact/compat';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Counter, serverHtml } from '@/test/hydration-fixtures';
import { markHandledEvents, replayEarlyTap } from './early-taps';
import { holdParts, nextTask, Part, releaseParts } from './hydrate-in-parts';

function Page({ id }: { id: string }) {
  return (
    <main>
      <Part name={`${id}:a`}>
        <section>
          <Counter label="A" />
        </section>
      </Part>
      <Part name={`${id}:b`}>
        <form aria-label="Sign up" onSubmit={(e) => e.preventDefault()}>
          <Counter label="B" />
          <button type="submit">Send</button>
        </form>
      </Part>
    </main>
  );
}

/** The page's head script, as the server puts it there (the test's DOM runs scripts). */
function runEarlyTapsScript(): void {
  const script = document.createElement('script');
  script.textContent = EARLY_TAPS_SCRIPT;
  document.head.append(script);
  script.remove();
}

const buttons = (root: HTMLElement) => [...root.querySelectorAll('button')];

describe('early taps', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    markHandledEvents();
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });

  it('clicks again, once, a button tapped before its part was taken over; a tap the app handled stays handled', async () => {
    serverHtml(root, renderToString(<Page id="replay" />));
    runEarlyTapsScript();
    const [a, b] = buttons(root);

    holdParts();
    hydrate(<Page id="replay" />, root);
    const done = releaseParts();
    // One task: the first part (A) is the app's; the second (B) is still the server's HTML.
    await nextTask();
    // B first: were A's tap (the later one) kept too, it would replace B's and count twice.
    b!.click();
    a!.click();
    await done;
    await nextTask();
    // A counted its tap once; B's did nothing yet.
    expect(buttons(root).map((x) => x.textContent)).toEqual(['A 1', 'B 0', 'Send']);

    replayEarlyTap();
    await nextTask();
    expect(buttons(root).map((x) => x.textContent)).toEqual(['A 1', 'B 1', 'Send']);
    // The keeping has ended: later taps are the app's alone.
    expect((window as Window & { [EARLY_TAPS_GLOBAL]?: unknown })[EARLY_TAPS_GLOBAL]).toBeNull();
    b!.click();
    replayEarlyTap();
    await nextTask();
    expect(buttons(root).map((x) => x.textContent)).toEqual(['A 1', 'B 2', 'Send']);
  });

  it("keeps only the last tap, ignores buttons outside the app's root, and stops a form's native submit", () => {
    serverHtml(root, renderToString(<Page id="form" />));
    const outside = document.createElement('button');
    document.body.append(outside);
    runEarlyTapsScript();
    const [a, , send] = buttons(root);

    a!.click();
    const submit = new MouseEvent('click', { bubbles: true, cancelable: true });
    expect(send!.dispatchEvent(submit)).toBe(false);
    outside.click();
    const taps = (window as Window & { [EARLY_TAPS_GLOBAL]?: unknown })[EARLY_TAPS_GLOBAL];
    expect(taps).toEqual([send]);
    outside.remove();
    replayEarlyTap();
  });
});
