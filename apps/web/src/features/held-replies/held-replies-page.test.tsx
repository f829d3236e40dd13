import { API, type HeldReply } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const HELD: HeldReply = {
  _id: '0123456789abcdef01234567',
  reason: 'SENDER',
  thread: { kind: 'quote', id: '0123456789abcdef0abc123' },
  intendedFor: 'BUYER',
  intendedAddress: 'maria@globalfoods.example',
  fromAddress: 'assistant@globalfoods.example',
  fromName: 'Ana',
  subject: 'Re: New message about your quote request',
  text: '12.00 a kilo for two containers?',
  attachments: [{ _id: 'a1', fileName: 'lab-report.pdf', contentType: 'application/pdf', size: 1200 }],
  receivedAt: '2026-11-27T09:00:00.000Z',
};
const UNKNOWN: HeldReply = {
  ...HELD,
  _id: '0123456789abcdef01234568',
  reason: 'UNKNOWN_TOKEN',
  fromAddress: 'someone@else.example',
  fromName: '',
  thread: null,
  intendedFor: null,
  intendedAddress: null,
  attachments: [],
};

describe('/held-replies', () => {
  it('says so when nothing is held', async () => {
    logIn('ADMIN');
    stubFetch({ [`GET ${API.heldReplies}`]: { body: { success: true, message: 'Held replies fetched', heldReplies: [], total: 0 } } });
    renderRoute('/held-replies');
    expect(await screen.findByText('No held replies. Every reply by e-mail reached its conversation.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Held replies' })).toBeInTheDocument();
  });

  it('lists each reply with why it was held; posts one after a confirmation and drops another', async () => {
    logIn('ADMIN');
    let held = [HELD, UNKNOWN];
    const calls = stubFetch({
      [`GET ${API.heldReplies}`]: () => ({
        body: { success: true, message: 'Held replies fetched', heldReplies: held, total: held.length },
      }),
      [`POST ${API.postHeldReply(HELD._id)}`]: () => {
        held = held.filter((h) => h._id !== HELD._id);
        return {
          body: {
            success: true,
            message: 'The reply was added to its conversation',
            item: {
              _id: 'm1',
              author: 'BUYER',
              authorName: 'Maria',
              text: HELD.text,
              attachments: [],
              createdAt: HELD.receivedAt,
              readAt: null,
              hidden: false,
            },
          },
        };
      },
      [`POST ${API.dropHeldReply(UNKNOWN._id)}`]: () => {
        held = held.filter((h) => h._id !== UNKNOWN._id);
        return { body: { success: true, message: 'The reply was dropped' } };
      },
    });
    const { user } = renderRoute('/held-replies');
    const first = (await screen.findByRole('heading', { name: 'From Ana <assistant@globalfoods.example>' })).closest('article')!;
    expect(within(first).getByText('Sent by someone else than the person the mail went to')).toBeInTheDocument();
    // The conversation it names is one click away, on the quote desk.
    expect(within(first).getByRole('link', { name: 'Quote request #ABC123' })).toHaveAttribute(
      'href',
      `/quote/description?id=${HELD.thread!.id}#messages`,
    );
    expect(within(first).getByText(/Meant for maria@globalfoods.example/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'lab-report.pdf' })).toHaveAttribute('href', API.heldReplyAttachment(HELD._id, 'a1'));
    expect(screen.getByText('The reply address is unknown')).toBeInTheDocument();
    // A reply that names no conversation can only be dropped.
    expect(screen.getAllByRole('button', { name: /^Post the reply from/ })).toHaveLength(1);

    await user.click(within(first).getByRole('button', { name: 'Post the reply from assistant@globalfoods.example to its conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post this reply as maria@globalfoods.example?' });
    await user.click(within(dialog).getByRole('button', { name: 'Post to the conversation' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.postHeldReply(HELD._id))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Sent by someone else than the person the mail went to')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Drop the reply from someone@else.example' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Drop' }));
    expect(await screen.findByText('No held replies. Every reply by e-mail reached its conversation.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.dropHeldReply(UNKNOWN._id))).toHaveLength(1);
  });
});
