import {
  API,
  BOT_SIGNAL_TEXT,
  ERROR_DEFAULTS,
  LOADING,
  QUOTE_DESK_MESSAGES,
  QUOTE_DESK_UI,
  SUCCESS,
  type ApiResult,
  type BotSignals,
  type OfferInput,
  type Quote,
  type QuoteDetailResponse,
  type QuoteInput,
  type QuoteResponse,
  type QuotesResponse,
} from '@agro/shared';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { request, withToast } from '@/lib/api';

export interface QuoteState {
  quotes: Quote[];
}

const initialState: QuoteState = { quotes: [] };

export const addQuote = createAsyncThunk('quote/add', (body: QuoteInput & BotSignals) =>
  withToast(() => request<QuoteResponse>('POST', API.addQuote, body), {
    loading: LOADING.addQuote,
    success: SUCCESS.addQuote,
    error: ERROR_DEFAULTS.addQuote,
  }),
);

export const fetchUserQuotes = createAsyncThunk('quote/fetchMine', () =>
  withToast(() => request<QuotesResponse>('GET', API.userQuotes), {
    loading: LOADING.fetchQuotes,
    success: SUCCESS.userQuotes,
    error: ERROR_DEFAULTS.fetchQuotes,
  }),
);

/** Every quote (SPEC.md), or with a query string ("country=Spain&page=2&limit=12") the filtered page. */
export const fetchAllQuotes = createAsyncThunk('quote/fetchAll', (query: string | undefined = undefined) =>
  withToast(() => request<QuotesResponse>('GET', query ? `${API.allQuotes}?${query}` : API.allQuotes), {
    loading: LOADING.fetchQuotes,
    success: SUCCESS.allQuotes,
    error: ERROR_DEFAULTS.fetchQuotes,
  }),
);

export const deleteQuote = createAsyncThunk('quote/delete', (id: string) =>
  withToast(() => request<ApiResult>('DELETE', API.deleteQuote(id)), {
    loading: LOADING.deleteQuote,
    success: SUCCESS.deleteQuote,
    error: ERROR_DEFAULTS.deleteQuote,
  }),
);

/** Release a quote held as spam (issue 25): it joins the list and its mails are sent. */
export const releaseQuote = createAsyncThunk('quote/notSpam', (id: string) =>
  withToast(() => request<QuoteResponse>('POST', API.quoteNotSpam(id), {}), {
    loading: BOT_SIGNAL_TEXT.releasing,
    success: BOT_SIGNAL_TEXT.quoteReleased,
    error: BOT_SIGNAL_TEXT.releaseFailed,
  }),
);

// ---- Quote desk ----
const UI = QUOTE_DESK_UI;

/** One quote with its offers and history (GET /api/v1/quote/{id}); no success toast, it only loads. */
export const fetchQuoteDetail = createAsyncThunk('quote/fetchOne', (id: string) => request<QuoteDetailResponse>('GET', API.quote(id)));

export const sendOffer = createAsyncThunk('quote/offer', ({ id, offer }: { id: string; offer: OfferInput }) =>
  withToast(() => request<QuoteDetailResponse>('POST', API.quoteOffer(id), offer), {
    loading: UI.loading.sendOffer,
    success: QUOTE_DESK_MESSAGES.offerSent,
    error: UI.errors.sendOffer,
  }),
);

export const rejectQuote = createAsyncThunk('quote/reject', ({ id, reason }: { id: string; reason: string }) =>
  withToast(() => request<QuoteDetailResponse>('POST', API.quoteReject(id), { reason }), {
    loading: UI.loading.reject,
    success: QUOTE_DESK_MESSAGES.quoteRejected,
    error: UI.errors.reject,
  }),
);

export const decideOnQuote = createAsyncThunk(
  'quote/decide',
  // offerId: the offer the buyer saw (the server refuses the decision if a newer one replaced it).
  ({ id, decision, note, offerId }: { id: string; decision: 'accept' | 'decline'; note: string; offerId: string }) =>
    withToast(
      () => request<QuoteDetailResponse>('POST', decision === 'accept' ? API.quoteAccept(id) : API.quoteDecline(id), { note, offerId }),
      {
        loading: UI.loading[decision],
        success: decision === 'accept' ? QUOTE_DESK_MESSAGES.offerAccepted : QUOTE_DESK_MESSAGES.offerDeclined,
        error: UI.errors[decision],
      },
    ),
);

/** A quote as the lists hold it (the detail's offers and history stay with the page that asked). */
function listed({ offers: _offers, history: _history, ...quote }: QuoteDetailResponse['quote']): Quote {
  return quote;
}

function replaceQuote(state: QuoteState, quote: Quote): void {
  const i = state.quotes.findIndex((q) => q._id === quote._id);
  if (i !== -1) state.quotes[i] = quote;
}

const quoteSlice = createSlice({
  name: 'quote',
  initialState,
  reducers: {
    /** The person read this quote's thread on this page: its card's unread badge goes. */
    quoteThreadRead(state, action: PayloadAction<string>) {
      const quote = state.quotes.find((q) => q._id === action.payload);
      if (quote?.unread) quote.unread = 0;
    },
  },
  extraReducers: (builder) => {
    // SPEC.md section 4: the list is cleared before each fetch.
    builder
      .addCase(fetchUserQuotes.pending, (state) => {
        state.quotes = [];
      })
      .addCase(fetchAllQuotes.pending, (state) => {
        state.quotes = [];
      })
      .addCase(fetchUserQuotes.fulfilled, (state, action) => {
        state.quotes = action.payload.quotes ?? [];
      })
      .addCase(fetchAllQuotes.fulfilled, (state, action) => {
        state.quotes = action.payload.quotes ?? [];
      })
      // A decision, offer or rejection updates that quote in the list in place.
      .addCase(decideOnQuote.fulfilled, (state, action) => replaceQuote(state, listed(action.payload.quote)))
      .addCase(sendOffer.fulfilled, (state, action) => replaceQuote(state, listed(action.payload.quote)))
      .addCase(rejectQuote.fulfilled, (state, action) => replaceQuote(state, listed(action.payload.quote)));
  },
});

export const quoteReducer = quoteSlice.reducer;
export const { quoteThreadRead } = quoteSlice.actions;
