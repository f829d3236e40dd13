/**
 * A software passkey for the tests (what Chromium's virtual authenticator is to the browser suite):
 * an ES256 key pair, a 'none' attestation, assertions signed over authenticatorData and the hash of
 * clientDataJSON, a signature counter that it moves on by one each time (or is told to set).
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** Flags: user present, user verified (and attested credential data when registering). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: string;
  counter: number;
  /** Whether it says the user was verified (the device's lock). */
  verified: boolean;
  /** The answer to creation options (POST /user/passkey/register/options). */
  register(options: { challenge: string; rp: { id?: string } }, origin?: string): Record<string, unknown>;
  /** The answer to request options (sign-in, confirmation), as the account `userId`'s passkey. */
  sign(options: { challenge: string; rpId?: string }, userId: string, origin?: string): Record<string, unknown>;
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export function softPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(32);
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  const key: SoftPasskey = {
    credentialId: b64url(rawId),
    counter: 0,
    verified: true,
    register(options, origin = 'http://localhost') {
      const rpId = options.rp.id ?? 'localhost';
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP | (key.verified ? UV : 0) | AT]),
        counterBytes(key.counter),
        Buffer.alloc(16),
        idLength,
        rawId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: key.credentialId,
        rawId: key.credentialId,
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    sign(options, userId, origin = 'http://localhost') {
      key.counter += 1;
      const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
      const authData = Buffer.concat([
        sha256(options.rpId ?? 'localhost'),
        Buffer.from([UP | (key.verified ? UV : 0)]),
        counterBytes(key.counter),
      ]);
      const signer = createSign('SHA256');
      signer.update(Buffer.concat([authData, sha256(clientDataJSON)]));
      const signature = signer.sign(privateKey);
      return {
        id: key.credentialId,
        rawId: key.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: b64url(userId),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return key;
}
