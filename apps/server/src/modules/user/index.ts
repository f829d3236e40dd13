/** What accounts offer other modules: ending every session of an account (the team module, when an administrator is removed). */
export { deleteUserSessions } from './session-repository.js';
