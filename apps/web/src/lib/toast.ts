/**
 * Toasts without Sonner in the first page's bundle (about 9 kB gzip, docs/performance.md): Sonner
 * is fetched right after the first render (the lazy <Toaster> in main.tsx asks for it) and every
 * toast is handed to it once it is there. Sonner replays toasts created before its <Toaster>
 * subscribed, and calls are delivered in the order they were made, so "loading" is always
 * replaced by its "success" or "error", never the other way round.
 */
import { localizeMessage, messagesReady } from './i18n';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

export type ToastKind = 'loading' | 'success' | 'error' | 'info';
export type ToastId = string | number;

let lastId = 0;

/** Show (or, with the id of an earlier toast, replace) a toast, in the page's language (localizeMessage). Returns its id at once. */
export function showToast(kind: ToastKind, message: string, options: { id?: ToastId } = {}): ToastId {
  const id = options.id ?? `toast-${(lastId += 1)}`;
  // An error waits for the texts that translate the server's messages; the others are the page's
  // own texts already. Every toast waits on the same promises, so toasts keep the order they were made in.
  void Promise.all([loadSonner(), kind === 'error' ? messagesReady() : undefined]).then(([{ toast }]) => {
    toast[kind](localizeMessage(message), { id });
  });
  return id;
}
