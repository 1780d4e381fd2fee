import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the route tests (decision 0050): an ES256 key made with node:crypto, answering WebAuthn
 * ceremonies with the bytes a real authenticator sends (authenticator data, a "none" attestation in CBOR, a DER
 * signature over authenticator data and the client data's hash), so SimpleWebAuthn verifies them as it would a browser's.
 * Its counter moves on with each assertion; `counter` may be set back to act as a clone.
 */
export interface SoftPasskey {
  credentialId: string;
  counter: number;
  userHandle?: string;
  /** `navigator.credentials.create()`'s answer to the server's creation options, as `startRegistration` gives it. */
  register(options: { challenge: string; user?: { id: string } }, origin?: string, rpId?: string): RegistrationJSON;
  /** `navigator.credentials.get()`'s answer to request options, as `startAuthentication` gives it. */
  /** `userVerified: false`: an authenticator that only saw someone touch it (no PIN or biometrics). */
  assert(options: { challenge: string }, origin?: string, rpId?: string, userVerified?: boolean): AssertionJSON;
}

export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}
export interface AssertionJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key: kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3).
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  isoBase64URL.fromBuffer(new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })));

export function createSoftPasskey(defaults: { origin: string; rpId: string }): SoftPasskey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(16);
  const passkey: SoftPasskey = {
    credentialId: isoBase64URL.fromBuffer(rawId),
    counter: 0,
    register(options, origin = defaults.origin, rpId = defaults.rpId) {
      passkey.userHandle = options.user?.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, Buffer.from(coseKey(publicKey))]);
      const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL, passkey.counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge, origin),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(options, origin = defaults.origin, rpId = defaults.rpId, userVerified = true) {
      passkey.counter += 1;
      const authData = authenticatorData(rpId, FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0), passkey.counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientDataJSON))]), privateKey);
      return {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON,
          authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
          signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
          ...(passkey.userHandle ? { userHandle: passkey.userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return passkey;
}
