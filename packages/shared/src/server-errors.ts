/**
 * The server's error messages not quoted by the spec (DESIGN.md decides).
 */
import { messages } from '../locales/en/messages.json';

/** Server-side error messages not quoted by the spec (DESIGN.md decides), from the English message file. */
export const SERVER_ERRORS = messages.server;
