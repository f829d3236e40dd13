import { QUOTE_ITEMS_MAX } from '@agro/shared';
import { useEffect, useState } from 'react';

/**
 * The buyer's quote list (issue 45): the lines collected while browsing. Before sign-in they live in
 * localStorage; for a signed-in buyer on the server, which a lazily loaded chunk (quote-list-sync.ts, its own chunk)
 * joins in with `setQuoteListSaver`. Small on purpose: every public page carries it (the card's and
 * the product page's button, the header's badge); the quote form's code stays on its own page.
 */
export interface QuoteListLine {
  productId: string;
  requiredQty: number;
  packagingType: string;
  isCustomPackagingRequired: boolean;
  customPackaging?: string;
}

const STORAGE_KEY = 'quoteList';
const NONE: readonly QuoteListLine[] = [];

let lines: readonly QuoteListLine[] | null = null;
let saver: ((next: readonly QuoteListLine[]) => void) | null = null;
const listeners = new Set<() => void>();

const isLine = (v: unknown): v is QuoteListLine =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as QuoteListLine).productId === 'string' &&
  typeof (v as QuoteListLine).requiredQty === 'number' &&
  typeof (v as QuoteListLine).packagingType === 'string';

/** The lines held in this browser (before sign-in). */
export function storedQuoteList(): QuoteListLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine).slice(0, QUOTE_ITEMS_MAX) : [];
  } catch {
    return [];
  }
}

/** Keeps `next` in this browser's storage (empty: removes it); the list shown is not changed. */
export function storeQuoteList(next: readonly QuoteListLine[]): void {
  try {
    if (next.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the list lasts as long as the page.
  }
}

/** The list now (read from this browser the first time). */
export function quoteListLines(): readonly QuoteListLine[] {
  if (lines === null) lines = typeof localStorage === 'undefined' ? NONE : storedQuoteList();
  return lines;
}

/** Union of two lists: the first's lines, then the second's products not in it, at most 20. */
export function mergeQuoteLists(a: readonly QuoteListLine[], b: readonly QuoteListLine[]): QuoteListLine[] {
  const seen = new Set(a.map((l) => l.productId));
  return [...a, ...b.filter((l) => !seen.has(l.productId) && seen.add(l.productId))].slice(0, QUOTE_ITEMS_MAX);
}

/** Replace the whole list (the server's copy when signed in, else this browser's). */
export function setQuoteList(next: readonly QuoteListLine[], { save = true } = {}): void {
  lines = next.slice(0, QUOTE_ITEMS_MAX);
  if (save) {
    if (saver) saver(lines);
    else storeQuoteList(lines);
  }
  listeners.forEach((l) => l());
}

/** Adds a product's line; false when the list is full or already holds the product. */
export function addToQuoteList(line: QuoteListLine): boolean {
  const now = quoteListLines();
  if (now.length >= QUOTE_ITEMS_MAX || now.some((l) => l.productId === line.productId)) return false;
  setQuoteList([...now, line]);
  return true;
}

/**
 * A signed-in buyer's list is kept by `save` (the server); null goes back to this browser's storage,
 * whose lines the next sign-in merges.
 */
export function setQuoteListSaver(save: ((next: readonly QuoteListLine[]) => void) | null): void {
  saver = save;
}

export function subscribeQuoteList(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The list, for a component: empty while the server's HTML is taken over (the server knows no
 * list), read from this browser right after.
 */
export function useQuoteList(): readonly QuoteListLine[] {
  const [now, setNow] = useState<readonly QuoteListLine[]>(NONE);
  useEffect(() => {
    const read = () => setNow(quoteListLines());
    read();
    return subscribeQuoteList(read);
  }, []);
  return now;
}
