/**
 * The team (issue 26, item 2): administrators invite colleagues by e-mail; the colleague sets a
 * name, phone and password with the single-use link (valid 72 hours) and becomes an ADMIN.
 */
import { z } from 'zod';
import { registerMessageOrder, registerSchema } from './user.js';
import { VALIDATION as V } from './messages.js';
import { isEmail, requiredString } from './validation.js';

/** How long an invitation link works. */
export const INVITE_TTL_HOURS = 72;

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

export const inviteSchema = z.object({
  email: requiredString(V.emailRequired, 254).refine(isEmail, { error: V.invalidEmail }),
});
export type InviteInput = z.infer<typeof inviteSchema>;
export const inviteMessageOrder = [V.emailRequired, V.invalidEmail] as const;

/** The colleague's details: as registration, the e-mail address being the invitation's. */
export const acceptInviteSchema = registerSchema.omit({ email: true });
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
export const acceptInviteMessageOrder = registerMessageOrder;

export const teamMemberSchema = z.object({ _id: z.string(), fullName: z.string(), email: z.string(), createdAt: z.string() });
export const teamInviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type TeamInvite = z.infer<typeof teamInviteSchema>;

export const teamResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  admins: z.array(teamMemberSchema),
  invites: z.array(teamInviteSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const inviteResponseSchema = z.object({ success: z.boolean(), message: z.string(), invite: teamInviteSchema });
