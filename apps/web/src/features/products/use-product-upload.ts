import { useRef, useState } from 'react';

/**
 * The product form's upload (issue 26): its progress while it is on its way, a way to cancel it,
 * and whether the last one was cancelled (the form then says so beside its buttons).
 */
export function useProductUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);

  /** A new upload: what the thunk takes to report progress and to be cancelled. */
  const start = () => {
    const next = new AbortController();
    controller.current = next;
    setCancelled(false);
    setProgress(0);
    return { signal: next.signal, onProgress: setProgress };
  };

  /** The upload ended, sent, failed or cancelled. */
  const finish = () => {
    // The thunk's rejection is a plain serialized error: the signal tells a cancel from a failure.
    setCancelled(controller.current?.signal.aborted ?? false);
    controller.current = null;
    setProgress(null);
  };

  const cancel = () => controller.current?.abort();

  return { progress, cancelled, start, finish, cancel };
}
