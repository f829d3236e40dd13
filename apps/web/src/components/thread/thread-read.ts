/** Said on `window` when a thread was read, so the header's unread count asks again. */
export const THREAD_READ_EVENT = 'agro:thread-read';
