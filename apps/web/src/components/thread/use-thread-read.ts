import type { ThreadKind } from '@agro/shared';
import { useEffect, useRef } from 'react';
import { THREAD_READ_EVENT, threadReadOf } from './thread-read';

/** Calls `onRead(id)` when this person reads a thread of `kind` on this page (a list clears its unread badge). */
export function useThreadRead(kind: ThreadKind, onRead: (id: string) => void): void {
  const latest = useRef(onRead);
  latest.current = onRead;
  useEffect(() => {
    const heard = (event: Event) => {
      const read = threadReadOf(event);
      if (read?.kind === kind) latest.current(read.id);
    };
    window.addEventListener(THREAD_READ_EVENT, heard);
    return () => window.removeEventListener(THREAD_READ_EVENT, heard);
  }, [kind]);
}

/** The list with the thread `id`'s unread count cleared. */
export function withThreadRead<T extends { _id: string; unread?: number | undefined }>(list: T[], id: string): T[] {
  return list.some((item) => item._id === id && item.unread) ? list.map((item) => (item._id === id ? { ...item, unread: 0 } : item)) : list;
}
