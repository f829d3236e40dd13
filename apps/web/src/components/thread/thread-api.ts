import { API, type MessageListResponse, type MessagePostResponse, type ThreadKind } from '@agro/shared';
import { request, upload } from '@/lib/api';

const LIST_PATH: Record<ThreadKind, (id: string) => string> = {
  quote: API.quoteMessages,
  contact: API.contactMessages,
  order: API.orderMessages,
  sample: API.sampleMessages,
};
const EVENTS_PATH: Record<ThreadKind, (id: string) => string> = {
  quote: API.quoteMessageEvents,
  contact: API.contactMessageEvents,
  order: API.orderMessageEvents,
  sample: API.sampleMessageEvents,
};

export const threadEventsPath = (kind: ThreadKind, id: string): string => EVENTS_PATH[kind](id);

/** One page of a thread, oldest first (reading it marks the other side's messages read). */
export const fetchMessages = (kind: ThreadKind, id: string, page: number, limit: number): Promise<MessageListResponse> =>
  request<MessageListResponse>('GET', `${LIST_PATH[kind](id)}?page=${page}&limit=${limit}`);

/** Posts a message: JSON without files, multipart with them (with upload progress). Each POST carries an Idempotency-Key. */
export function postMessage(
  kind: ThreadKind,
  id: string,
  text: string,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<MessagePostResponse> {
  if (files.length === 0) return request<MessagePostResponse>('POST', LIST_PATH[kind](id), { text });
  const form = new FormData();
  form.append('text', text);
  for (const file of files) form.append('files', file);
  return upload<MessagePostResponse>('POST', LIST_PATH[kind](id), form, onProgress);
}

export const hideMessage = (messageId: string): Promise<MessagePostResponse> =>
  request<MessagePostResponse>('POST', API.hideMessage(messageId));
