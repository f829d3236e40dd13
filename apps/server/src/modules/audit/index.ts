/** What the audit log offers other modules: a change's row, written in the change's own transaction (record.ts). */
export { actorOf, recordAudit, type AuditActor } from './record.js';
/** An audit row as the log's answers show it (the data export lists the account's). */
export { toAuditEntry } from './repository.js';
