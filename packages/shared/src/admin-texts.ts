/**
 * The owner's console's messages (toasts and the server's answers of the team and the settings),
 * without zod or any schema: the administrators' catalogue part (i18n/en-admin.ts) reads them, and
 * stays apart from the modules the first page shares. Re-exported by team.ts and settings-schema.ts.
 */
export const TEAM_TEXT = {
  fetched: 'Team fetched successfully',
  invited: 'Invitation sent successfully',
  accepted: 'Welcome to the team: you are now an administrator',
  removed: 'Administrator removed: their sessions have ended',
  cancelled: 'Invitation cancelled',
  inviteInvalid: 'This invitation link is invalid, already used or has expired',
  lastAdmin: 'The last administrator can never be removed',
  alreadyAdmin: 'This person is already an administrator',
  notFound: 'No administrator or pending invitation with this id',
  inviting: 'Sending invitation ...',
  inviteError: 'Error in sending the invitation !',
  accepting: 'Joining the team ...',
  acceptError: 'Error in joining the team !',
  removing: 'Removing ...',
  removeError: 'Error in removing !',
} as const;

export const SETTINGS_TEXT = {
  fetched: 'Settings fetched successfully',
  saved: 'Settings saved successfully',
  saving: 'Saving settings ...',
  saveError: 'Error in saving settings !',
  loadError: 'Error in loading settings !',
} as const;
