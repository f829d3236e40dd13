/**
 * Taking over the server's HTML one part per task (docs/decisions/016-hydration-in-parts.md).
 *
 * Hydrating a whole public page at once is one long task on a phone's CPU (Lighthouse counted
 * it as blocking time). Instead the app hydrates its shell first, and every `<Part>` of the page
 * keeps the server's DOM as it is (Preact's hydration keeps the DOM of a part that suspends) until
 * its turn: one part per task, in document order, each task short. A visitor sees the server's
 * HTML throughout; nothing is drawn twice, nothing moves.
 *
 * Only for the first render of a page the server rendered, when the browser's state renders
 * exactly what the server did (main.tsx decides): everywhere else a `<Part>` renders its children
 * straight away. Answers of the API are held back until every part has been taken over
 * (`partsTakenOver`), so each part hydrates with the very data the server rendered: hydration
 * keeps the server's attributes, so it must not meet different data.
 */
import { Suspense, type ReactNode } from 'react';

type Release = () => void;

let active = false;
const released = new Set<string>();
/** The parts that wait, in the order they were met (document order), each with its release. */
const waiting = new Map<string, { promise: Promise<void>; release: Release }>();
let done: Promise<void> = Promise.resolve();
let finish: Release = () => undefined;

/** Resolves in a new task (a message, not a timer: no 4 ms clamp), after the browser could paint and handle input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** From now until `releaseParts` has released every part, each `<Part>` waits for its turn. */
export function holdParts(): void {
  active = true;
  done = new Promise((resolve) => {
    finish = resolve;
  });
}

/** Releases the waiting parts one per task (parts met while hydrating a part queue up behind). */
export async function releaseParts(): Promise<void> {
  for (;;) {
    await nextTask();
    const next = waiting.entries().next();
    if (next.done) break;
    const [name, { release }] = next.value;
    waiting.delete(name);
    released.add(name);
    // Shows in a performance trace which part a task took over.
    performance.mark(`hydrate:${name}`);
    release();
  }
  active = false;
  finish();
}

/** Whether the server's page is being taken over now (its parts hydrated): what renders now meets the server's HTML. */
export const takingOver = (): boolean => active;

/** Resolves once every part of the page the server rendered has been taken over (at once otherwise). */
export function partsTakenOver(): Promise<void> {
  return done;
}

function Gate({ name, children }: { name: string; children: ReactNode }): ReactNode {
  if (active && !released.has(name)) {
    let entry = waiting.get(name);
    if (!entry) {
      let release: Release = () => undefined;
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      entry = { promise, release };
      waiting.set(name, entry);
    }
    // Preact keeps this part's server DOM while it is suspended during hydration.
    throw entry.promise;
  }
  return children;
}

/**
 * A part of a server-rendered page, taken over in a task of its own. `name` is unique on the
 * page; `children` render exactly one element (the one DOM node Preact keeps while it waits).
 */
export function Part({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate name={name}>{children}</Gate>
    </Suspense>
  );
}
