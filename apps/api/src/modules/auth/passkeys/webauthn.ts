import { SECURITY_MESSAGES, type PasskeyAnswer } from '@landunits/domain';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { MINUTE } from '../../../platform/clock';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/http/app-error';
import { passkeys, webauthnChallenges } from '../schema';

/**
 * WebAuthn with @simplewebauthn/server (docs/decisions/0047). The relying party is PUBLIC_URL: its
 * host name is the RP ID and its origin the only origin accepted. Each challenge is stored bound to
 * what asked for it (a session, a browser's cookie, a sign-in's second step), taken back by one
 * DELETE … RETURNING when answered, so it is used once; an answer to any other challenge, from
 * another origin or for another RP ID is refused by the library's checks.
 */

export const CHALLENGE_LIFETIME_MS = 5 * MINUTE;
type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];
export type PasskeyRow = typeof passkeys.$inferSelect;

export function relyingParty(ctx: Pick<AppContext, 'config'>): { id: string; origin: string; name: string } {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Land Units' };
}

/** Stores a challenge for `purpose` and `boundTo`, replacing one not yet answered. */
async function keepChallenge(ctx: AppContext, purpose: Purpose, boundTo: string, challenge: string): Promise<void> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await ctx.db
    .insert(webauthnChallenges)
    .values({ purpose, boundTo, challenge, expiresAt })
    .onConflictDoUpdate({ target: [webauthnChallenges.purpose, webauthnChallenges.boundTo], set: { challenge, expiresAt } });
}

/** Takes the challenge back (once): null when there is none or it has expired. */
async function takeChallenge(ctx: AppContext, db: Db, purpose: Purpose, boundTo: string): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.purpose, purpose), eq(webauthnChallenges.boundTo, boundTo), gt(webauthnChallenges.expiresAt, ctx.clock.now())))
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function deletePasskeys(db: Db, userId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}

const descriptor = (p: PasskeyRow) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] });

/** Options for registering a passkey, the challenge bound to the session asking. */
export async function registrationOptions(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string; lastName: string | null },
  sessionId: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName ?? ''}`.trim() || user.email,
    // The user handle is the account's id: a passkey alone names the account it signs in to.
    userID: isoUint8Array.fromUTF8String(user.id),
    attestationType: 'none',
    excludeCredentials: (await listPasskeys(ctx.db, user.id)).map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await keepChallenge(ctx, 'register', sessionId, options.challenge);
  return options;
}

const refused = () => new AppError('VALIDATION_FAILED', SECURITY_MESSAGES.passkeyRefused, { answer: SECURITY_MESSAGES.passkeyRefused });

/** Checks a new passkey against the session's challenge; answers what to store. */
export async function verifyRegistration(ctx: AppContext, db: Db, sessionId: string, answer: PasskeyAnswer) {
  const challenge = await takeChallenge(ctx, db, 'register', sessionId);
  if (!challenge) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyExpired);
  const rp = relyingParty(ctx);
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: answer as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified) throw refused();
    const { credential, credentialBackedUp } = registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The library's reason (wrong challenge, origin, RP ID, format) is not the person's concern.
    throw refused();
  }
}

/** Options for a sign-in or a step-up: any of the person's passkeys (second step, step-up) or any passkey at all (passkey sign-in). */
export async function authenticationOptions(ctx: AppContext, purpose: 'sign-in' | 'second-step' | 'step-up', boundTo: string, userId?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: userId ? (await listPasskeys(ctx.db, userId)).map(descriptor) : [],
    // Signing in with a passkey alone, and confirming a money move, need the person verified (PIN,
    // fingerprint, face): a touch on a key left in a shared computer proves nothing.
    userVerification: purpose === 'second-step' ? 'preferred' : 'required',
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await keepChallenge(ctx, purpose, boundTo, options.challenge);
  return options;
}

/**
 * Checks a passkey's answer to the challenge bound to `boundTo`; answers the passkey's owner,
 * 'expired' when there is no challenge to answer (never asked, used, or older than five minutes),
 * 'unknown' when no account has that passkey, or null when the answer does not hold (a wrong
 * challenge, origin, RP ID, signature or counter, or a passkey of someone other than `userId`).
 * The counter is stored by a guarded UPDATE: it must grow, except that synced passkeys report 0
 * every time.
 */
export async function verifyAuthentication(
  ctx: AppContext,
  purpose: 'sign-in' | 'second-step' | 'step-up',
  boundTo: string,
  answer: PasskeyAnswer,
  userId?: string,
): Promise<string | 'expired' | 'unknown' | null> {
  const challenge = await takeChallenge(ctx, ctx.db, purpose, boundTo);
  if (!challenge) return 'expired';
  const [passkey] = await ctx.db.select().from(passkeys).where(eq(passkeys.credentialId, answer.id));
  // No such passkey here (removed from the account, yet still kept by the device): said apart.
  if (!passkey) return 'unknown';
  if (userId && passkey.userId !== userId) return null;
  const handle = answer.response.userHandle;
  if (typeof handle === 'string' && handle !== '' && isoBase64URL.toUTF8String(handle) !== passkey.userId) return null;
  const rp = relyingParty(ctx);
  let newCounter: number;
  let backedUp: boolean;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: answer as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: descriptor(passkey).transports },
      requireUserVerification: purpose !== 'second-step',
    });
    if (!verified) return null;
    ({ newCounter, credentialBackedUp: backedUp } = authenticationInfo);
  } catch {
    return null;
  }
  const stored = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, backedUp, lastUsedAt: ctx.clock.now() })
    .where(and(eq(passkeys.id, passkey.id), or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), eq(passkeys.counter, newCounter)))))
    .returning({ id: passkeys.id });
  return stored.length === 1 ? passkey.userId : null;
}
