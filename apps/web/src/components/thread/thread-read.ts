import type { ThreadKind } from '@agro/shared';

/**
 * Said on `window` when this person read a thread (its `detail` names it), so the header's unread
 * count asks again and a list shows that thread's messages as read, without a reload.
 */
export const THREAD_READ_EVENT = 'agro:thread-read';

export interface ThreadReadDetail {
  kind: ThreadKind;
  id: string;
}

export function announceThreadRead(kind: ThreadKind, id: string): void {
  window.dispatchEvent(new CustomEvent<ThreadReadDetail>(THREAD_READ_EVENT, { detail: { kind, id } }));
}

/** The thread a THREAD_READ_EVENT names, if it names one. */
export function threadReadOf(event: Event): ThreadReadDetail | undefined {
  const detail = (event as CustomEvent<ThreadReadDetail | null>).detail;
  return detail && typeof detail.id === 'string' ? detail : undefined;
}
