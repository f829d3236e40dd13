/**
 * What the threads offer other modules: posting a message inside another change's transaction
 * (the quote desk's request for changes, a reply read from the mailbox), the live updates, the
 * attachments' checks and store, and the unread counts and last activity of the lists (quotes,
 * inquiries, orders).
 */
export { addMessage, viewerOf, type Caller, type StoredAttachment } from './service.js';
export { ThreadEvents } from './live.js';
export {
  deleteThread,
  findMessage as findThreadMessage,
  findThreadOwner,
  lastActivitySql,
  unreadCountSql,
  type Viewer,
} from './repository.js';
export { attachmentDisposition, attachmentStorageName, sniffAttachment } from './attachments.js';
