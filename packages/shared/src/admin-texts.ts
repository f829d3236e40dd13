/**
 * The owner's console's messages (toasts and the server's answers of the team and the settings),
 * without zod or any schema, from the English message file. Re-exported by team.ts and
 * settings-schema.ts.
 */
import en from '../locales/en/messages.json';

export const TEAM_TEXT = en.adminMessages.team;

export const SETTINGS_TEXT = en.adminMessages.settings;

/** The lead handling's answers and refusals (issue 41), also read by the settings schema. */
export const HANDLING_SETTINGS_TEXT = en.adminMessages.handling;

/** The reminder settings' refusals (issue 41), read by the settings schema. */
export const REMINDER_SETTINGS_TEXT = en.adminMessages.reminders;
