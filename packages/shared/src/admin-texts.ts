/**
 * The owner's console's messages (toasts and the server's answers of the team and the settings),
 * without zod or any schema, from the English message file. Re-exported by team.ts and
 * settings-schema.ts.
 */
import { adminMessages } from '../locales/en/desk.json';

export const TEAM_TEXT = adminMessages.team;

export const SETTINGS_TEXT = adminMessages.settings;

/** The lead handling's answers and refusals (issue 41), also read by the settings schema. */
export const HANDLING_SETTINGS_TEXT = adminMessages.handling;

/** The reminder settings' refusals (issue 41), read by the settings schema. */
export const REMINDER_SETTINGS_TEXT = adminMessages.reminders;
