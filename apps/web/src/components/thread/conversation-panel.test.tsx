import { API, type QuoteDetail, type ThreadMessage } from '@agro/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch, stubHeldXhr, type RecordedCall } from '@/test/render-harness';
import { makeQuote } from '@/test/quote-fixtures';
import { makeMessage, OFFER, stubEventSource } from '@/test/thread-fixtures';

afterEach(() => vi.unstubAllGlobals());

const detail = (): QuoteDetail => ({
  ...makeQuote({ status: 'QUOTED', offer: { ...OFFER, viewedAt: '2026-11-20T12:05:00.000Z' } }),
  offers: [{ ...OFFER, viewedAt: '2026-11-20T12:05:00.000Z' }],
  history: [],
});

/** A thread of `messages` answered a page at a time (oldest first), as the server pages it. */
function threadReply(messages: ThreadMessage[]) {
  return (call: RecordedCall) => {
    const q = new URLSearchParams(call.search);
    const page = Number(q.get('page') ?? '1');
    const limit = Number(q.get('limit') ?? '50');
    return {
      body: {
        success: true,
        message: 'Messages fetched',
        messages: messages.slice((page - 1) * limit, page * limit),
        total: messages.length,
        page,
        limit,
      },
    };
  };
}

function renderDesk(messages: ThreadMessage[], more: Parameters<typeof stubFetch>[0] = {}) {
  logIn('ADMIN');
  const calls = stubFetch({
    [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail() } },
    [`GET ${API.quoteMessages('q1')}`]: threadReply(messages),
    ...more,
  });
  const view = renderRoute('/quote/description?id=q1');
  return { calls, ...view };
}

const panel = () => screen.findByRole('region', { name: 'Messages' });

describe('the conversation panel (on the quote desk)', () => {
  it('shows the newest page first, oldest first within it, and loads the earlier ones', async () => {
    stubEventSource();
    const messages = Array.from({ length: 25 }, (_, i) => makeMessage(i + 1));
    const { user, calls } = renderDesk(messages);
    const region = await panel();
    await within(region).findByText('Message number 25');
    expect(within(region).queryByText('Message number 1')).not.toBeInTheDocument();
    const shown = within(region)
      .getAllByText(/^Message number \d+$/)
      .map((p) => p.textContent);
    expect(shown).toEqual(['Message number 21', 'Message number 22', 'Message number 23', 'Message number 24', 'Message number 25']);
    await user.click(within(region).getByRole('button', { name: 'Load earlier messages' }));
    await within(region).findByText('Message number 1');
    expect(within(region).getAllByText(/^Message number \d+$/)).toHaveLength(25);
    expect(within(region).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.quoteMessages('q1')).map((c) => c.search)).toEqual([
      'page=1&limit=20',
      'page=2&limit=20',
      'page=1&limit=20',
    ]);
  }, 30_000);

  it('shows text as text with its links clickable, attachments with name and size, hidden lines, read marks, and seen-by', async () => {
    stubEventSource();
    renderDesk([
      makeMessage(1, {
        text: '<b>not bold</b> see https://lab.example/report.',
        attachments: [{ _id: 'a1', fileName: 'lab-report.pdf', contentType: 'application/pdf', size: 1_572_864 }],
      }),
      makeMessage(2, { readAt: '2026-11-21T10:00:00.000Z' }),
      makeMessage(3, { hidden: true, text: '' }),
    ]);
    const region = await panel();
    const text = await within(region).findByText(/not bold/);
    expect(text).toHaveTextContent('<b>not bold</b> see https://lab.example/report.');
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text.querySelector('b')).toBeNull();
    expect(within(region).getByRole('link', { name: 'https://lab.example/report' })).toHaveAttribute('href', 'https://lab.example/report');
    const file = within(region).getByRole('link', { name: /lab-report\.pdf/ });
    expect(file).toHaveAttribute('href', API.attachment('a1'));
    expect(file).toHaveTextContent('(1.5 MB)');
    // The company's own message, read by the buyer.
    expect(within(region).getAllByText('Seen')).toHaveLength(1);
    expect(within(region).getByText('This message was hidden by the company.')).toBeInTheDocument();
    expect(screen.getByText('Seen by the buyer 2 h after sending')).toBeInTheDocument();
  });

  it('hides a message after the confirmation', async () => {
    stubEventSource();
    const { user, calls } = renderDesk([makeMessage(1)], {
      [`POST ${API.hideMessage('m1')}`]: {
        body: { success: true, message: 'Message hidden', item: makeMessage(1, { hidden: true, text: '' }) },
      },
    });
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: /^Hide the message from Maria Lopez/ }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this message? Its text and files will no longer be shown.' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', API.hideMessage('m1'))).toHaveLength(0);
    await user.click(within(region).getByRole('button', { name: /^Hide the message from Maria Lopez/ }));
    await user.click(within(screen.getByRole('dialog', { name: /^Hide this message/ })).getByRole('button', { name: 'Hide' }));
    await within(region).findByText('This message was hidden by the company.');
    expect(within(region).queryByText('Message number 1')).not.toBeInTheDocument();
  });

  it('shows a message the server sends live, once, and closes the stream when it goes', async () => {
    const source = stubEventSource();
    const { unmount, calls } = renderDesk([makeMessage(1)]);
    const region = await panel();
    await within(region).findByText('Message number 1');
    expect(source.opened.at(-1)?.url).toBe(API.quoteMessageEvents('q1'));
    const event = { kind: 'quote', threadId: 'q1', item: makeMessage(2, { text: 'Arrived live' }) };
    act(() => {
      source.opened.at(-1)!.emit('message', event);
      source.opened.at(-1)!.emit('message', event);
    });
    expect(await within(region).findAllByText('Arrived live')).toHaveLength(1);
    // The buyer's message, open on the company's screen, is read: the thread is read again (a page of one).
    const reads = () => callsTo(calls, 'GET', API.quoteMessages('q1')).length;
    const before = reads();
    act(() => source.opened.at(-1)!.emit('message', { kind: 'quote', threadId: 'q1', item: makeMessage(3, { text: 'From the buyer' }) }));
    await within(region).findByText('From the buyer');
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(callsTo(calls, 'GET', API.quoteMessages('q1')).at(-1)?.search).toBe('page=1&limit=1');
    unmount();
    expect(source.opened.every((s) => s.closed)).toBe(true);
  });

  it("marks the company's messages 'Seen' when the buyer reads them (a read event), the earlier ones with them", async () => {
    const source = stubEventSource();
    const ours = (n: number) => makeMessage(n, { author: 'COMPANY', authorName: 'Agro Exports', readAt: null });
    renderDesk([ours(1), ours(2), makeMessage(3), ours(4)]);
    const region = await panel();
    await within(region).findByText('Message number 4');
    expect(within(region).queryAllByText('Seen')).toHaveLength(0);
    const read = { ...ours(2), readAt: '2026-11-20T13:00:00.000Z' };
    act(() => source.opened.at(-1)!.emit('read', { kind: 'quote', threadId: 'q1', item: read }));
    // Messages 1 and 2 are seen; 4, written after what the buyer read, is not.
    await waitFor(() => expect(within(region).getAllByText('Seen')).toHaveLength(2));
  });

  it('keeps the typed text after a failed post and says why; sends it with an Idempotency-Key', async () => {
    stubEventSource();
    let fail = true;
    const { user, calls } = renderDesk([], {
      [`POST ${API.quoteMessages('q1')}`]: () =>
        fail
          ? { status: 503, body: { success: false, message: 'Service unavailable' } }
          : { body: { success: true, message: 'Message sent', item: makeMessage(2, { text: 'Yes, 10 kg cartons.' }) } },
    });
    const region = await panel();
    await within(region).findByText(/No messages yet/);
    await user.click(within(region).getByRole('button', { name: 'Send message' }));
    expect(within(region).getByRole('alert')).toHaveTextContent('Write a message or attach a file');
    await user.type(within(region).getByLabelText('Your message'), 'Yes, 10 kg cartons.');
    await user.click(within(region).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(within(region).getByRole('alert')).toHaveTextContent('Your message was not sent: Service unavailable'));
    expect(within(region).getByLabelText('Your message')).toHaveValue('Yes, 10 kg cartons.');
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Send message' }));
    await within(region).findByText('Yes, 10 kg cartons.', { selector: 'p' });
    expect(within(region).getByLabelText('Your message')).toHaveValue('');
    const posts = callsTo(calls, 'POST', API.quoteMessages('q1'));
    expect(posts.map((p) => p.body)).toEqual([{ text: 'Yes, 10 kg cartons.' }, { text: 'Yes, 10 kg cartons.' }]);
    const keys = vi
      .mocked(fetch)
      .mock.calls.filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    // A retry after a 503 is the same submission: the same key.
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  }, 30_000);

  it('checks the files before sending (at most 5, 20 MB each), then uploads them with progress', async () => {
    stubEventSource();
    const uploads = stubHeldXhr();
    const { user } = renderDesk([]);
    const region = await panel();
    await within(region).findByText(/No messages yet/);
    const picker = within(region).getByLabelText('Attach files');
    const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    await user.upload(
      picker,
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => pdf(`${n}.pdf`)),
    );
    expect(within(region).getByRole('alert')).toHaveTextContent('At most 5 files can be attached to a message');
    expect(within(region).getByRole('button', { name: 'Send message' })).toBeDisabled();
    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(picker, big);
    expect(within(region).getByRole('alert')).toHaveTextContent('Each file must be at most 20 MB');
    await user.upload(picker, pdf('lab-report.pdf'));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(region).getByLabelText('Your message'), 'Our lab report');
    await user.click(within(region).getByRole('button', { name: 'Send message' }));
    expect(await within(region).findByRole('progressbar', { name: 'Uploading the files' })).toBeInTheDocument();
    act(() => uploads[0]!.answer({ body: { success: true, message: 'Message sent', item: makeMessage(2, { text: 'Our lab report' }) } }));
    await within(region).findByText('Our lab report', { selector: 'p' });
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    const form = uploads[0]!.call.body as FormData;
    expect(uploads[0]!.call.path).toBe(API.quoteMessages('q1'));
    expect(form.get('text')).toBe('Our lab report');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['lab-report.pdf']);
  }, 30_000);
});
