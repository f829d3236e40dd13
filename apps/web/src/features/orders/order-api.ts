import {
  API,
  HANDLING_TEXT,
  ORDER_MESSAGES,
  ORDER_UI,
  type ApiResult,
  type MilestoneInput,
  type OrderHandlingInput,
  type OrderHandlingResponse,
  type OrderResponse,
  type OrdersResponse,
} from '@agro/shared';
import { request, upload, withToast } from '@/lib/api';

const T = ORDER_UI;

export const fetchMyOrders = () =>
  withToast(() => request<OrdersResponse>('GET', API.myOrders), {
    loading: T.loading.fetchOrders,
    success: ORDER_MESSAGES.ordersFetched,
    error: T.errors.fetchOrders,
  });

/** 'Orders' (admin): `query` holds the filters and the page. */
export const fetchAllOrders = (query: string) =>
  withToast(() => request<OrdersResponse>('GET', `${API.allOrders}?${query}`), {
    loading: T.loading.fetchOrders,
    success: ORDER_MESSAGES.ordersFetched,
    error: T.errors.fetchOrders,
  });

export const fetchOrder = (id: string) =>
  withToast(() => request<OrderResponse>('GET', API.order(id)), {
    loading: T.loading.fetchOrder,
    success: ORDER_MESSAGES.orderFetched,
    error: T.errors.fetchOrder,
  });

/** The order read again, quietly (no toast): after changes that overlapped (order-page.tsx). */
export const rereadOrder = (id: string) => request<OrderResponse>('GET', API.order(id));

export const recordStep = (id: string, body: MilestoneInput) =>
  withToast(() => request<OrderResponse>('POST', API.orderMilestone(id), body), {
    loading: T.loading.milestone,
    success: (r) => r.message,
    error: T.errors.milestone,
  });

export const confirmDelivery = (id: string) =>
  withToast(() => request<OrderResponse>('POST', API.orderDelivered(id), {}), {
    loading: T.loading.delivered,
    success: (r) => r.message,
    error: T.errors.delivered,
  });

export const attachDocument = (id: string, form: FormData, onProgress?: (fraction: number) => void) =>
  withToast(() => upload<OrderResponse>('POST', API.addOrderDocument(id), form, onProgress), {
    loading: T.loading.upload,
    success: (r) => r.message,
    error: T.errors.upload,
  });

export const deleteDocument = (id: string, docId: string) =>
  withToast(() => request<OrderResponse & ApiResult>('DELETE', API.deleteOrderDocument(id, docId)), {
    loading: T.loading.deleteDocument,
    success: (r) => r.message,
    error: T.errors.deleteDocument,
  });

/** The order's follow-up day (issue 41), as the page's other changes answer: the order as it now is. */
export const saveFollowUp = (id: string, body: OrderHandlingInput) =>
  withToast(() => request<OrderHandlingResponse>('PATCH', API.orderHandling(id), body), {
    loading: HANDLING_TEXT.savingFollowUp,
    success: (r) => r.message,
    error: HANDLING_TEXT.followUpFailed,
  }).then((r) => ({ order: r.item }));
