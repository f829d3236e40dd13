/**
 * Solves the proof of work of a public form as an API client does (altcha-lib, the library the
 * server verifies with): tests, the scale-out check and the bench use it.
 */
import { altchaChallengeUrl, type AltchaForm } from '@agro/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** The `altcha` payload for a challenge as the server sent it. */
export async function solvePayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof-of-work challenge could not be solved');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/** Fetches a challenge of `form` from `get` (a path -> JSON answer) and solves it. */
export async function solveFor(form: AltchaForm, get: (path: string) => Promise<unknown>): Promise<string> {
  return solvePayload((await get(altchaChallengeUrl(form))) as Challenge);
}
