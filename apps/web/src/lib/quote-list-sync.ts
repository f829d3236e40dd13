/**
 * A signed-in buyer's quote list on the server (issue 45; GET and PUT /api/v1/quote-list): loaded
 * by the header for a signed-in USER only, so its code is not on a visitor's first page. It imports
 * none of the first page's modules (the header hands it the list's functions): a chunk that did
 * would change how the bundler splits the first page.
 *
 * At sign-in the lines held in this browser join the server's (union, no product twice, at most 20)
 * and leave the browser; from then on every change is saved on the server.
 */
interface Line {
  productId: string;
  requiredQty: number;
  packagingType: string;
  isCustomPackagingRequired: boolean;
  customPackaging?: string;
}

export interface QuoteListSyncDeps {
  /** GET and PUT address of the list. */
  url: string;
  storedLines: () => Line[];
  /** Keeps lines in this browser's storage (none: empties it), without changing the list shown. */
  keep: (lines: readonly Line[]) => void;
  merge: (a: readonly Line[], b: readonly Line[]) => Line[];
  setLines: (next: readonly Line[], options?: { save?: boolean }) => void;
  setSaver: (save: ((next: readonly Line[]) => void) | null) => void;
}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

/** Starts keeping the list on the server; the function returned stops it (sign-out). */
export default function startQuoteListSync({
  url,
  storedLines,
  keep: keepInBrowser,
  merge,
  setLines,
  setSaver,
}: QuoteListSyncDeps): () => void {
  let live = true;
  let saving = Promise.resolve();
  const put = (items: readonly Line[]) => {
    // One save after another, in the order made: the last list typed is the one kept. A save that
    // fails (server away, network down) leaves the list in this browser too, which the next page
    // load joins to the server's as at sign-in: nothing added is lost. A save that works empties it.
    saving = saving.then(() =>
      fetch(url, { method: 'PUT', credentials: 'include', headers: JSON_HEADERS, body: JSON.stringify({ items }) }).then(
        (res) => {
          if (live) keepInBrowser(res.ok ? [] : items);
        },
        () => {
          if (live) keepInBrowser(items);
        },
      ),
    );
  };

  void fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<{ items?: Line[] }>) : null))
    .then(
      (body) => {
        if (!live || !body) return;
        const server = body.items ?? [];
        const local = storedLines();
        const merged = merge(server, local);
        // The browser's lines now live on the server.
        setLines([], { save: true });
        setSaver(put);
        setLines(merged, { save: false });
        if (merged.length !== server.length) put(merged);
      },
      () => undefined,
    );

  return () => {
    live = false;
    setSaver(null);
    // The list is the account's: it leaves the page with it, and this browser (a copy a failed save left).
    setLines([], { save: false });
    keepInBrowser([]);
  };
}
