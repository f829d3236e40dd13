/** What accounts offer other modules: ending every session of an account (the team module, when an administrator is removed). */
export { deleteUserSessions } from './session-repository.js';
/** The language of an account's mails and quotation PDF (issue 28): the quote desk and orders write in it. */
export { userLanguage } from './repository.js';
/** The account, its sessions and its password's check (the data rights: export and deletion, issue 44). */
export { findUserById } from './repository.js';
export { listUserSessions } from './session-repository.js';
export { toSessionRecord } from './sessions.js';
