import { API, HANDLING_TEXT, type Quote, type QuoteDetail, type TeamMember } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabel, callsTo, expectLoggedErrors, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';
import { makeQuote } from '@/test/quote-fixtures';
import { makeMessage, stubEventSource } from '@/test/thread-fixtures';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
/** A quote whose reply is due `dueInMs` from now (negative: late), arrived 24 hours before that. */
const clocked = (dueInMs: number, overrides: Partial<Quote> = {}): Quote => {
  const due = Date.now() + dueInMs;
  return makeQuote({ createdAt: new Date(due - 24 * HOUR).toISOString(), replyDueAt: new Date(due).toISOString(), ...overrides });
};

const ADMINS: TeamMember[] = [
  { _id: 'u1', fullName: 'Asha Verma', email: 'asha@example.com', createdAt: '2025-01-01T00:00:00.000Z' },
  { _id: 'u2', fullName: 'Ravi Patil', email: 'ravi@example.com', createdAt: '2025-02-01T00:00:00.000Z' },
];
const team = { body: { success: true, message: 'Team fetched successfully', admins: ADMINS, invites: [] } };
const profile = { body: { success: true, message: 'ok', user: { ...TEST_USER, role: 'ADMIN' } } };
const products = { body: { success: true, message: 'ok', products: [] } };
const page = (quotes: Quote[]) => ({
  body: { success: true, message: 'ok', quotes, total: quotes.length, page: 1, limit: 12, pageCount: 1, countries: ['Spain'] },
});
const detail = (q: Quote): QuoteDetail => ({
  ...q,
  offers: [],
  history: [{ status: 'NEW', at: q.createdAt, by: 'BUYER', note: '', offerId: null }],
});

describe("All Quotes: each quote's clock and owner (issue 41)", () => {
  it('says how long is left, how late, or how soon it was answered; a quote held as spam shows no clock', async () => {
    logIn('ADMIN');
    stubFetch({
      [`GET ${API.profile}`]: profile,
      [`GET ${API.productList}`]: products,
      [`GET ${API.team}`]: team,
      [`GET ${API.allQuotes}`]: page([
        clocked(3 * HOUR + 20 * 60_000, { _id: 'q1', companyName: 'Due Foods', assignee: { _id: 'u2', fullName: 'Ravi Patil' } }),
        clocked(25 * 60_000 + 30_000, { _id: 'q2', companyName: 'Soon Foods', assignee: null }),
        clocked(-(5 * HOUR + 5 * 60_000), { _id: 'q3', companyName: 'Late Foods', assignee: null, followUpOn: '2030-05-01' }),
        clocked(-30 * HOUR, {
          _id: 'q4',
          companyName: 'Answered Foods',
          firstReplyAt: new Date(Date.now() - 52 * HOUR + 60_000).toISOString(),
        }),
        clocked(-3 * HOUR, { _id: 'q5', companyName: 'Spam Foods', spamReason: 'honeypot' }),
      ]),
    });
    renderRoute('/profile');
    const card = async (company: string) => (await screen.findByText(company)).closest('article')!;
    expect(within(await card('Due Foods')).getByText('due in 3 h')).toBeInTheDocument();
    expect(within(await card('Due Foods')).getByText('Owner: Ravi Patil')).toBeInTheDocument();
    expect(within(await card('Soon Foods')).getByText('due in 25 min')).toBeInTheDocument();
    const late = await card('Late Foods');
    expect(within(late).getByText('late by 5 h')).toBeInTheDocument();
    expect(within(late).getByText('No owner')).toBeInTheDocument();
    expect(within(late).getByText('Follow up on 2030-05-01')).toBeInTheDocument();
    // Late is not told by colour alone: a mark of its own, and its words.
    expect(within(late).getByText('late by 5 h').closest('[data-reply]')).toHaveAttribute('data-reply', 'overdue');
    // Its due time, in the company's time zone, is its title and read out with it.
    expect(within(late).getByText('late by 5 h').closest('[title]')?.getAttribute('title')).toMatch(/^Reply due .+ \(IST\)$/);
    expect(within(await card('Answered Foods')).getByText('answered in 2 h')).toBeInTheDocument();
    const spam = await card('Spam Foods');
    expect(within(spam).queryByText(/^(due in|late by|answered in)/)).not.toBeInTheDocument();
  });

  it('filters by the reply and the owner and sorts due first: in the URL, the list call and the export', async () => {
    logIn('ADMIN');
    const calls = stubFetch({
      [`GET ${API.profile}`]: profile,
      [`GET ${API.productList}`]: products,
      [`GET ${API.team}`]: team,
      [`GET ${API.allQuotes}`]: page([clocked(-2 * HOUR)]),
      [`GET ${API.exportQuotes}`]: { body: 'companyName\n' },
    });
    const { user, router } = renderRoute('/profile');
    const bar = await screen.findByRole('region', { name: 'Filter quotes' });
    await user.selectOptions(within(bar).getByLabelText('Reply'), 'Overdue');
    // The administrators by name; the signed-in one is 'Me'.
    await waitFor(() =>
      expect(within(within(bar).getByLabelText('Owner')).getByRole('option', { name: 'Ravi Patil' })).toBeInTheDocument(),
    );
    expect(within(within(bar).getByLabelText('Owner')).queryByRole('option', { name: 'Asha Verma' })).not.toBeInTheDocument();
    await user.selectOptions(within(bar).getByLabelText('Owner'), 'Ravi Patil');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Due first');
    await waitFor(() => expect(router.state.location.search).toBe('?reply=overdue&assignee=u2&sort=due'));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', API.allQuotes).at(-1)?.search).toBe('reply=overdue&assignee=u2&sort=due&page=1&limit=12'),
    );
    await user.selectOptions(within(bar).getByLabelText('Owner'), 'Nobody');
    await waitFor(() => expect(router.state.location.search).toBe('?reply=overdue&assignee=none&sort=due'));

    await user.click(within(bar).getByRole('button', { name: 'Export CSV of the filtered quotes' }));
    await waitFor(() => expect(callsTo(calls, 'GET', API.exportQuotes)).toHaveLength(1));
    expect(callsTo(calls, 'GET', API.exportQuotes)[0]?.search).toBe('reply=overdue&assignee=none');
  });

  it("does not offer 'Due first' on the buyer's own quotes", async () => {
    logIn('USER');
    stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [clocked(-2 * HOUR)] } },
    });
    renderRoute('/profile?sort=due');
    const sort = await screen.findByLabelText('Sort');
    expect(sort).toHaveValue('created');
    expect(within(sort).queryByRole('option', { name: 'Due first' })).not.toBeInTheDocument();
    await screen.findByRole('article');
    expect(screen.queryByText(/^(late by|due in)/)).not.toBeInTheDocument();
  });
});

describe('/quote/description: the clock, the owner and the follow-up day (issue 41)', () => {
  it('lists the administrators, saves the owner and the day, and shows the quote as answered', async () => {
    logIn('ADMIN');
    const late = clocked(-(5 * HOUR + 5 * 60_000), { assignee: null, followUpOn: null });
    const calls = stubFetch({
      [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(late) } },
      [`GET ${API.team}`]: team,
      [`PATCH ${API.quoteHandling('q1')}`]: (call) => ({
        body: {
          success: true,
          message: HANDLING_TEXT.quoteHandlingSaved,
          item: { ...late, assignee: { _id: 'u1', fullName: 'Asha Verma' }, followUpOn: (call.body as { followUpOn: string }).followUpOn },
        },
      }),
    });
    const { user } = renderRoute({ pathname: '/quote/description', search: '?id=q1' });
    expect(await screen.findByText('late by 5 h')).toBeInTheDocument();
    expect(screen.getByText(/^Reply due .+ \(IST\)$/)).toBeInTheDocument();
    const owner = byLabel('Owner');
    expect(owner).toHaveValue('');
    await waitFor(() => expect(within(owner).getByRole('option', { name: 'Asha Verma (you)' })).toBeInTheDocument());
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Asha Verma (you)', 'Ravi Patil']);
    await user.selectOptions(owner, 'Asha Verma (you)');
    await user.type(byLabel('Follow up on'), '2030-05-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', API.quoteHandling('q1'))).toHaveLength(1));
    expect(callsTo(calls, 'PATCH', API.quoteHandling('q1'))[0]?.body).toEqual({ assigneeId: 'u1', followUpOn: '2030-05-01' });
    expect(await screen.findByText(HANDLING_TEXT.quoteHandlingSaved)).toBeInTheDocument();
    expect(owner).toHaveValue('u1');
    // 'Nobody' and an empty day send null.
    await user.selectOptions(owner, 'Nobody');
    await user.clear(byLabel('Follow up on'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', API.quoteHandling('q1'))).toHaveLength(2));
    expect(callsTo(calls, 'PATCH', API.quoteHandling('q1'))[1]?.body).toEqual({ assigneeId: null, followUpOn: null });
  });

  it("keeps what was chosen after a refusal and says the server's reason", async () => {
    logIn('ADMIN');
    expectLoggedErrors();
    const quote = clocked(2 * HOUR + 10 * 60_000, { assignee: { _id: 'u9', fullName: 'Meera Nair' }, followUpOn: null });
    stubFetch({
      [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(quote) } },
      [`GET ${API.team}`]: team,
      [`PATCH ${API.quoteHandling('q1')}`]: { status: 400, body: { success: false, message: HANDLING_TEXT.assigneeNotAdmin } },
    });
    const { user } = renderRoute({ pathname: '/quote/description', search: '?id=q1' });
    expect(await screen.findByText('due in 2 h')).toBeInTheDocument();
    const owner = byLabel('Owner');
    // The owner who left the team stays a choice, said so.
    await waitFor(() => expect(within(owner).getByRole('option', { name: 'Meera Nair (no longer an administrator)' })).toBeInTheDocument());
    expect(owner).toHaveValue('u9');
    await user.selectOptions(owner, 'Ravi Patil');
    await user.type(byLabel('Follow up on'), '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'Owner and follow-up' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(HANDLING_TEXT.assigneeNotAdmin);
    expect(owner).toHaveValue('u2');
    expect(byLabel('Follow up on')).toHaveValue('2030-06-01');
  });

  it("stops the clock with the company's first message: the quote is read again", async () => {
    logIn('ADMIN');
    stubEventSource();
    const late = clocked(-(5 * HOUR + 5 * 60_000), { assignee: null });
    let answered = false;
    const calls = stubFetch({
      [`GET ${API.quote('q1')}`]: () => ({
        body: { success: true, message: 'ok', quote: detail(answered ? { ...late, firstReplyAt: new Date().toISOString() } : late) },
      }),
      [`GET ${API.team}`]: team,
      [`GET ${API.quoteMessages('q1')}`]: { body: { success: true, message: 'ok', messages: [], total: 0, page: 1, limit: 50 } },
      [`POST ${API.addQuoteMessage('q1')}`]: () => {
        answered = true;
        return { body: { success: true, message: 'ok', item: makeMessage(2, { text: 'We can pack in 10 kg cartons.' }) } };
      },
    });
    const { user } = renderRoute({ pathname: '/quote/description', search: '?id=q1' });
    expect(await screen.findByText('late by 5 h')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Your message'), 'We can pack in 10 kg cartons.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/^answered in \d+ h$/)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.quote('q1'))).toHaveLength(2);
  });

  it('goes back to the list as it was filtered', async () => {
    logIn('ADMIN');
    const quote = clocked(-HOUR);
    stubFetch({
      [`GET ${API.profile}`]: profile,
      [`GET ${API.productList}`]: products,
      [`GET ${API.team}`]: team,
      [`GET ${API.allQuotes}`]: page([quote]),
      [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(quote) } },
    });
    const { user, router } = renderRoute('/profile?reply=overdue&sort=due');
    await user.click(await screen.findByRole('button', { name: /View details/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote/description'));
    expect(screen.getByRole('link', { name: /Back to Profile/ })).toHaveAttribute('href', '/profile?reply=overdue&sort=due');
  });
});
