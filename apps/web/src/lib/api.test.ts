import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_TEXT } from '@agro/shared';
import { ApiError, request, upload, UploadCancelledError, withToast } from './api';
import * as toast from './toast';

/** fetch answering each call with the next status (0: the network failed), recording the keys sent. */
function fakeFetch(statuses: number[]): string[] {
  const keys: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
      const status = statuses.shift() ?? 200;
      if (status === 0) return Promise.reject(new TypeError('network down'));
      return Promise.resolve(new Response(JSON.stringify({ success: status < 400, message: 'x' }), { status }));
    }),
  );
  return keys;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Idempotency-Key of a submission', () => {
  it('is sent again with the same body after a network error or a 503, and is new once answered', async () => {
    const keys = fakeFetch([0, 503, 200, 200]);
    const body = { productId: 'p1', requiredQty: 10 };
    await expect(request('POST', '/api/v1/quote/add', body)).rejects.toBeInstanceOf(ApiError);
    await expect(request('POST', '/api/v1/quote/add', body)).rejects.toBeInstanceOf(ApiError);
    await request('POST', '/api/v1/quote/add', body);
    // The same form sent again after its answer is a new submission.
    await request('POST', '/api/v1/quote/add', body);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('is its own for another body, and for the same body sent at the same moment is shared (a double-click)', async () => {
    const keys = fakeFetch([200, 200, 200]);
    await Promise.all([
      request('POST', '/api/v1/quote/add', { requiredQty: 1 }),
      request('POST', '/api/v1/quote/add', { requiredQty: 1 }),
      request('POST', '/api/v1/quote/add', { requiredQty: 2 }),
    ]);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('is not sent on reads', async () => {
    const keys = fakeFetch([200]);
    await request('GET', '/api/v1/product/all');
    expect(keys).toEqual(['']);
  });
});

describe('uploads (issue 26)', () => {
  it('a cancelled upload fails with its message, before or while it is sent', async () => {
    const before = new AbortController();
    before.abort();
    await expect(upload('POST', '/api/v1/gallery/add', new FormData(), undefined, before.signal)).rejects.toMatchObject({
      serverMessage: UI_TEXT.uploadCancelled,
    });

    const during = new AbortController();
    const pending = upload('POST', '/api/v1/gallery/add', new FormData(), undefined, during.signal);
    during.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadCancelledError);
    expect((error as ApiError).serverMessage).toBe(UI_TEXT.uploadCancelled);
  });

  it('a cancelled upload is told as information, not an error, and is not logged as one', async () => {
    const toasts: [string, string][] = [];
    vi.spyOn(toast, 'showToast').mockImplementation((kind, message) => {
      toasts.push([kind, message]);
      return 'id';
    });
    const error = vi.spyOn(console, 'error');
    await expect(
      withToast(() => Promise.reject(new UploadCancelledError()), { loading: 'Sending', success: 'Sent', error: 'Failed' }),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    expect(toasts).toEqual([
      ['loading', 'Sending'],
      ['info', UI_TEXT.uploadCancelled],
    ]);
    expect(error).not.toHaveBeenCalled();
  });
});
