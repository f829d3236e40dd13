import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for cookies and mailed links (256 bits, URL-safe). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database stores instead of a token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
