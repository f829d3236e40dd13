import { API, HANDLING_TEXT, type HandlingInput, type QuoteHandlingResponse } from '@agro/shared';
import { request, withToast } from '@/lib/api';

/** A quote's owner and follow-up day (issue 41); the answer's `item` is the quote as it now is. */
export const saveQuoteHandling = (id: string, handling: HandlingInput) =>
  withToast(() => request<QuoteHandlingResponse>('PATCH', API.quoteHandling(id), handling), {
    loading: HANDLING_TEXT.saving,
    success: (r) => r.message,
    error: HANDLING_TEXT.saveFailed,
  });
