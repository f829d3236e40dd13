/**
 * The owner's console's messages (toasts and the server's answers of the team and the settings),
 * without zod or any schema, from the English message file. Re-exported by team.ts and
 * settings-schema.ts.
 */
import en from '../locales/en/messages.json';

export const TEAM_TEXT = en.adminMessages.team;

export const SETTINGS_TEXT = en.adminMessages.settings;
