/** Pieces of the hydration tests (lib/hydrate-in-parts.test.tsx, lib/early-taps.test.tsx). */
import { useState } from 'react';

/** A button that counts its clicks: it counts only once its part has been taken over. */
export function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

/** Puts the server's HTML into the container, as the browser's parser would have. */
export function serverHtml(container: HTMLElement, html: string): void {
  container.append(document.createRange().createContextualFragment(html));
}
