import {
  API,
  ERROR_DEFAULTS,
  LOADING,
  SUCCESS,
  type ApiResult,
  type Quote,
  type QuoteInput,
  type QuoteResponse,
  type QuotesResponse,
} from '@agro/shared';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { request, withToast } from '@/lib/api';

export interface QuoteState {
  quotes: Quote[];
}

const initialState: QuoteState = { quotes: [] };

export const addQuote = createAsyncThunk('quote/add', (body: QuoteInput) =>
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

export const fetchAllQuotes = createAsyncThunk('quote/fetchAll', () =>
  withToast(() => request<QuotesResponse>('GET', API.allQuotes), {
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

const quoteSlice = createSlice({
  name: 'quote',
  initialState,
  reducers: {},
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
      });
  },
});

export const quoteReducer = quoteSlice.reducer;
