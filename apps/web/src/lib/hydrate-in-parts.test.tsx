// The compat layer's legacy API, so the test uses the very Preact the aliases give the components.
import { hydrate, render } from 'preact/compat';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Counter, serverHtml } from '@/test/hydration-fixtures';
import { holdParts, nextTask, Part, partsTakenOver, releaseParts } from './hydrate-in-parts';

/** A page with three parts; `id` keeps each test's part names its own (a released name stays released). */
function Page({ id }: { id: string }) {
  return (
    <div>
      <h1>Title</h1>
      <Part name={`${id}:a`}>
        <section>
          <Counter label="A" />
        </section>
      </Part>
      <Part name={`${id}:b`}>
        <section>
          <Counter label="B" />
          <Part name={`${id}:b:inner`}>
            <p>
              <Counter label="C" />
            </p>
          </Part>
        </section>
      </Part>
      <footer>end</footer>
    </div>
  );
}

describe('hydrate-in-parts', () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    render(null, container);
    container.remove();
    vi.restoreAllMocks();
  });

  it('keeps the server HTML, then takes the parts over one after another, in document order', async () => {
    const ID = 'order';
    const html = renderToString(<Page id={ID} />);
    serverHtml(container, html);
    const serverNodes = [...container.querySelectorAll('*')];
    const marks: string[] = [];
    const mark = performance.mark.bind(performance);
    vi.spyOn(performance, 'mark').mockImplementation((name: string) => {
      marks.push(name);
      return mark(name);
    });
    let takenOver = false;

    holdParts();
    void partsTakenOver().then(() => (takenOver = true));
    hydrate(<Page id={ID} />, container);

    // The shell is live; the parts are still the server's HTML, untouched and not yet listening.
    expect(container.innerHTML).toBe(html);
    const [a, b, c] = [...container.querySelectorAll('button')];
    await act(() => a!.click());
    expect(a!.textContent).toBe('A 0');
    expect(takenOver).toBe(false);

    // Not inside act(): act() holds renders back until it ends, the browser renders each part in its task.
    await releaseParts();

    expect(marks).toEqual(['hydrate:order:a', 'hydrate:order:b', 'hydrate:order:b:inner']);
    expect(takenOver).toBe(true);
    for (const button of [a!, b!, c!]) await act(() => button.click());
    expect([a, b, c].map((button) => button!.textContent)).toEqual(['A 1', 'B 1', 'C 1']);
    // The very elements the server sent: nothing was drawn again.
    const now = [...container.querySelectorAll('*')];
    expect(now).toHaveLength(serverNodes.length);
    expect(now.every((node, i) => node === serverNodes[i])).toBe(true);
  });

  it('releases one part per task', async () => {
    const ID = 'tasks';
    serverHtml(container, renderToString(<Page id={ID} />));
    const marks: string[] = [];
    vi.spyOn(performance, 'mark').mockImplementation((name: string) => {
      marks.push(name);
      return undefined as unknown as PerformanceMark;
    });
    holdParts();
    hydrate(<Page id={ID} />, container);
    const done = releaseParts();
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await nextTask();
      seen.push(marks.length);
    }
    await done;
    // Each task has released at most one more part than the one before it.
    expect(seen.every((count, i) => count - (i === 0 ? 0 : seen[i - 1]!) <= 1)).toBe(true);
    expect(marks).toHaveLength(3);
  });

  it('renders parts at once when nothing is held (client renders, later pages)', async () => {
    const ID = 'client';
    render(<Page id={ID} />, container);
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['A 0', 'B 0', 'C 0']);
    await expect(partsTakenOver()).resolves.toBeUndefined();
  });
});
