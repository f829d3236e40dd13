import {
  API,
  BOT_SIGNAL_TEXT,
  HANDLING_TEXT,
  LEADS_TEXT,
  type ApiResult,
  type HandlingInput,
  type InquiriesResponse,
  type Inquiry,
  type InquiryHandlingResponse,
} from '@agro/shared';
import { errorMessage, request, withToast } from '@/lib/api';
import { showToast } from '@/lib/toast';

export const fetchInquiries = (query: string) =>
  withToast(() => request<InquiriesResponse>('GET', `${API.allInquiries}?${query}`), {
    loading: 'Fetching inquiries...',
    success: LEADS_TEXT.inquiriesFetched,
    error: LEADS_TEXT.fetchInquiriesFailed,
  });

/** One inquiry, wherever the inbox lists it: what a mail's link to its conversation opens. */
export const fetchInquiry = (id: string) =>
  request<ApiResult & { inquiry: Inquiry }>('GET', API.inquiry(id)).catch((error: unknown) => {
    showToast('error', errorMessage(error, LEADS_TEXT.inquiryNotFound));
    throw error;
  });

export const setHandled = (id: string, handled: boolean) =>
  withToast(() => request<ApiResult & { inquiry: Inquiry }>('PATCH', API.updateInquiry(id), { handled }), {
    loading: 'Updating inquiry...',
    success: (r) => r.message,
    error: LEADS_TEXT.updateInquiryFailed,
  });

/** Release an inquiry held as spam (issue 25): it joins the inbox and its mails are sent. */
export const releaseInquiry = (id: string) =>
  withToast(() => request<ApiResult & { inquiry: Inquiry }>('POST', API.inquiryNotSpam(id), {}), {
    loading: BOT_SIGNAL_TEXT.releasing,
    success: BOT_SIGNAL_TEXT.inquiryReleased,
    error: BOT_SIGNAL_TEXT.releaseFailed,
  });

export const removeInquiry = (id: string) =>
  withToast(() => request<ApiResult>('DELETE', API.deleteInquiry(id)), {
    loading: 'Deleting inquiry...',
    success: LEADS_TEXT.inquiryDeleted,
    error: LEADS_TEXT.deleteInquiryFailed,
  });

/** An inquiry's owner and follow-up day (issue 41); the answer's `item` is the inquiry as it now is. */
export const saveInquiryHandling = (id: string, handling: HandlingInput) =>
  withToast(() => request<InquiryHandlingResponse>('PATCH', API.inquiryHandling(id), handling), {
    loading: HANDLING_TEXT.saving,
    success: (r) => r.message,
    error: HANDLING_TEXT.saveFailed,
  });
