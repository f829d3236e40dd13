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

export { TEAM_TEXT } from './admin-texts.js';

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
