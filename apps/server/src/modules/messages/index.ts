/**
 * What the threads offer other modules: posting a message inside another change's transaction
 * (the quote desk's request for changes), the live updates, and the unread counts and last
 * activity of the lists (quotes, inquiries, orders).
 */
export { addMessage, viewerOf } from './service.js';
export { ThreadEvents } from './live.js';
export { deleteThread, findMessage as findThreadMessage, lastActivitySql, unreadCountSql, type Viewer } from './repository.js';
export { attachmentStore } from './attachments.js';
