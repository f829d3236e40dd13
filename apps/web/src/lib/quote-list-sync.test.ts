import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mergeQuoteLists,
  quoteListLines,
  setQuoteList,
  setQuoteListSaver,
  storedQuoteList,
  storeQuoteList,
  type QuoteListLine,
} from './quote-list';
import startQuoteListSync from './quote-list-sync';

const line = (productId: string): QuoteListLine => ({
  productId,
  requiredQty: 1,
  packagingType: 'PP_BAG',
  isCustomPackagingRequired: false,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setQuoteListSaver(null);
  setQuoteList([]);
});

function start() {
  return startQuoteListSync({
    url: '/api/v1/quote-list',
    storedLines: storedQuoteList,
    keep: storeQuoteList,
    merge: mergeQuoteLists,
    setLines: setQuoteList,
    setSaver: setQuoteListSaver,
  });
}

describe("a signed-in buyer's quote list on the server (issue 45)", () => {
  it('joins the lines of this browser to the server list at sign-in, then saves there', async () => {
    storeQuoteList([line('local')]);
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return Promise.resolve(json({ success: true }));
        }
        return Promise.resolve(json({ items: [line('server')] }));
      }),
    );
    const stop = start();
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ items: [line('server'), line('local')] });
    expect(quoteListLines()).toEqual([line('server'), line('local')]);
    expect(storedQuoteList()).toEqual([]);
    stop();
  });

  it('keeps a list it could not save in this browser, joined again at the next start; empties it once saved; sign-out takes it away', async () => {
    let serverUp = false;
    let saved: QuoteListLine[] = [line('server')];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          if (!serverUp) return Promise.resolve(json({ success: false, message: 'busy' }, 503));
          saved = (JSON.parse(String(init.body)) as { items: QuoteListLine[] }).items;
          return Promise.resolve(json({ success: true }));
        }
        return Promise.resolve(json({ items: saved }));
      }),
    );
    const first = start();
    await vi.waitFor(() => expect(quoteListLines()).toEqual([line('server')]));
    setQuoteList([...quoteListLines(), line('added')]);
    await vi.waitFor(() => expect(storedQuoteList()).toEqual([line('server'), line('added')]));

    // The next page load (this browser's storage kept), the server back: the line added is joined and saved.
    serverUp = true;
    const reloaded = start();
    await vi.waitFor(() => expect(saved).toEqual([line('server'), line('added')]));
    await vi.waitFor(() => expect(storedQuoteList()).toEqual([]));

    serverUp = false;
    setQuoteList([...quoteListLines(), line('third')]);
    await vi.waitFor(() => expect(storedQuoteList()).toHaveLength(3));
    first();
    reloaded();
    expect(storedQuoteList()).toEqual([]);
    expect(quoteListLines()).toEqual([]);
  });
});
