/**
 * The sessions a person sees and ends from their profile (issue 44, item 2): where they are signed
 * in, by device and browser and the network they came from (never the whole address).
 */
import { z } from 'zod';
import en from '../locales/en/server.json';
import { apiResultSchema } from './types.js';

export const SESSION_TEXT = en.accountMessages.sessions;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const sessionRecordSchema = z.object({
  _id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The User-Agent that opened it ('' unknown). */
  userAgent: z.string(),
  /** Its address cut to its network: 203.0.113.0/24, 2001:db8:1::/48 ('' unknown). */
  ipPrefix: z.string(),
  /** The browser and its major version named from the User-Agent ('Chrome 156'; '' unknown). */
  browser: z.string(),
  /** The operating system ('Windows', 'iOS'; '' unknown). */
  os: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export const sessionsResponseSchema = apiResultSchema.extend({ sessions: z.array(sessionRecordSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** DELETE /api/v1/user/sessions: how many sessions were ended. */
export const sessionsEndedSchema = apiResultSchema.extend({ ended: z.number() });
