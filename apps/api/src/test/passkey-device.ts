import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in code, for the API tests: it makes a P-256 credential ("none"
 * attestation) and signs challenges as a browser's navigator.credentials would answer them
 * (WebAuthn's JSON form). A synced one reports a signature counter of 0 every time, like
 * passkeys in a password manager; any part of an answer can be made wrong on purpose.
 */

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

/** What to answer with: the page's origin and the RP ID the browser would use (both right by default). */
export interface Ceremony {
  origin?: string;
  rpId?: string;
  /** Answer this challenge instead of the options' one. */
  challenge?: string;
  /** Clear the user-verified flag (no PIN or biometric). */
  unverified?: boolean;
}

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_RP_ID = 'localhost';

export class PasskeyDevice {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter; a synced passkey keeps it at 0. */
  counter = 0;
  /** The account's user handle, as the registration options gave it. */
  userHandle = '';

  constructor(readonly synced = false) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoCBOR.encode(key);
  }

  private authenticatorData(rpId: string, c: Ceremony, attested: boolean): Buffer {
    // Flags: user present, user verified, backup eligible and backed up (synced), attested data.
    const flags = 0x01 | (c.unverified ? 0 : 0x04) | (this.synced ? 0x08 | 0x10 : 0) | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, c: Ceremony): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: c.challenge ?? challenge, origin: c.origin ?? TEST_ORIGIN, crossOrigin: false }));
  }

  /** The answer to registration options (navigator.credentials.create). */
  register(options: { challenge: string; user: { id: string } }, c: Ceremony = {}) {
    this.userHandle = options.user.id;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authenticatorData(c.rpId ?? TEST_RP_ID, c, true)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, c)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** The answer to request options (navigator.credentials.get): a signature over the challenge. */
  answer(options: { challenge: string }, c: Ceremony = {}) {
    if (!this.synced) this.counter += 1;
    const authenticatorData = this.authenticatorData(c.rpId ?? TEST_RP_ID, c, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, c);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}
