import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
import { PASSKEY_CHALLENGE_SECONDS, type Passkey, type PasskeyCeremony } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Executor } from '../../db/client.js';
import { randomToken } from '../../platform/tokens.js';
import {
  findPasskeyByCredentialId,
  insertChallenge,
  recordPasskeyUse,
  takeChallenge,
  type PasskeyChallengePurpose,
  type StoredPasskey,
} from './passkeys.repository.js';

/**
 * The WebAuthn ceremonies (decision 0050), by SimpleWebAuthn: the relying party follows PUBLIC_URL (its host name is the
 * RP id, its origin the only origin accepted), each challenge is kept in the database behind a single-use token, and an
 * assertion is good only for a passkey registered here, signed over this challenge, with a counter that moved on.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(config: Pick<AppConfig, 'publicUrl' | 'provider'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.provider.name };
}

/**
 * SimpleWebAuthn, with its CBOR and ASN.1 parsers (about 4 MB of heap, loaded alone), loads with the first ceremony,
 * not with the server (issue 34: an instance's start and idle memory).
 */
const simpleWebAuthn = () => import('@simplewebauthn/server');

/** The user handle a passkey of the contact carries: their id, which an assertion's handle must match. */
export const userHandleOf = (contactId: number) => new TextEncoder().encode(`contact:${contactId}`);

async function keepChallenge(db: Executor, purpose: PasskeyChallengePurpose, contactId: number | null, challenge: string) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000);
  await insertChallenge(db, { token, purpose, contactId, challenge, expiresAt });
  return { token, expires_at: expiresAt.toISOString() };
}

/** Options to create a discoverable credential for the contact, none of the passkeys they have again. */
export async function beginRegistration(
  db: Executor,
  rp: RelyingParty,
  contact: { id: number; email: string; name: string },
  existing: readonly StoredPasskey[],
): Promise<PasskeyCeremony> {
  const { generateRegistrationOptions } = await simpleWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: contact.email,
    userDisplayName: contact.name,
    userID: userHandleOf(contact.id),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as AuthenticatorTransportFuture[] })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  return { ...(await keepChallenge(db, 'registration', contact.id, options.challenge)), options: { ...options } };
}

/** Verifies the authenticator's answer to a registration the contact began; what to store, or undefined when refused. */
export async function verifyRegistration(db: Executor, rp: RelyingParty, contactId: number, token: string, credential: RegistrationResponseJSON) {
  const kept = await takeChallenge(db, 'registration', token);
  if (!kept || kept.contactId !== contactId) return undefined;
  const { verifyRegistrationResponse } = await simpleWebAuthn();
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: kept.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified) return undefined;
    return {
      credentialId: registrationInfo.credential.id,
      publicKey: Buffer.from(registrationInfo.credential.publicKey).toString('base64url'),
      signCount: registrationInfo.credential.counter,
      transports: registrationInfo.credential.transports ?? [],
      deviceType: registrationInfo.credentialDeviceType,
      backedUp: registrationInfo.credentialBackedUp,
    };
  } catch {
    // The library says why (wrong origin, bad attestation…); the person only needs to know it did not work.
    return undefined;
  }
}

/** Options to sign in with a passkey: any discoverable one (no contact yet), or one of the contact's own. */
export async function beginAuthentication(
  db: Executor,
  rp: RelyingParty,
  purpose: 'sign_in' | 'second_factor',
  contactId: number | null,
  allowed: readonly StoredPasskey[],
): Promise<PasskeyCeremony> {
  const { generateAuthenticationOptions } = await simpleWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    // Alone, a passkey must be two factors in one (the device and the person's PIN or biometrics); after the password,
    // the device is the second factor, so its own check is welcome but not needed.
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
    allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as AuthenticatorTransportFuture[] })),
  });
  return { ...(await keepChallenge(db, purpose, contactId, options.challenge)), options: { ...options } };
}

export type AssertionOutcome = { ok: true; passkey: StoredPasskey } | { ok: false; reason: AssertionRefusal; passkey?: StoredPasskey };
export type AssertionRefusal = 'expired_challenge' | 'unknown_passkey' | 'another_persons_passkey' | 'bad_assertion' | 'counter_regression';

/**
 * Verifies an assertion against the challenge its token carries (used up here, whatever the answer), for a passkey
 * registered here, of `contactId` when the ceremony was for one person.
 */
export async function verifyAssertion(
  db: Executor,
  rp: RelyingParty,
  purpose: 'sign_in' | 'second_factor',
  token: string,
  credential: AuthenticationResponseJSON,
  contactId?: number,
): Promise<AssertionOutcome> {
  const kept = await takeChallenge(db, purpose, token);
  const passkey = await findPasskeyByCredentialId(db, credential.id);
  if (!kept || (contactId !== undefined && kept.contactId !== contactId)) return { ok: false, reason: 'expired_challenge', passkey };
  if (!passkey) return { ok: false, reason: 'unknown_passkey' };
  if (contactId !== undefined && passkey.contactId !== contactId) return { ok: false, reason: 'another_persons_passkey' };
  const handle = credential.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(passkey.contactId)).toString('base64url')) return { ok: false, reason: 'another_persons_passkey' };
  const { verifyAuthenticationResponse } = await simpleWebAuthn();
  let newCounter: number;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: kept.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.signCount,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: purpose === 'sign_in',
    });
    if (!verified) return { ok: false, reason: 'bad_assertion', passkey };
    newCounter = authenticationInfo.newCounter;
  } catch (error) {
    const counter = error instanceof Error && /counter value/i.test(error.message);
    return { ok: false, reason: counter ? 'counter_regression' : 'bad_assertion', passkey };
  }
  if (!(await recordPasskeyUse(db, passkey.id, passkey.signCount, newCounter))) return { ok: false, reason: 'counter_regression', passkey };
  return { ok: true, passkey };
}

/** A passkey as its owner sees it. */
export const shownPasskey = (passkey: StoredPasskey): Passkey => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
  synced: passkey.deviceType === 'multiDevice',
});
