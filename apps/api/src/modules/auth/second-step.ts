import { SECURITY_MESSAGES, type PasskeyAnswer, type SecondFactorKind, type SecondFactorLoginValues } from '@landunits/domain';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { hashToken, newToken } from '../../platform/security/tokens';
import { notify } from '../notifications';
import { findUserById } from '../users';
import { limits } from './limits';
import { links } from './links';
import { recoveryCodesLeft, useRecoveryCode } from './second-factors/store';
import { signInChallenges } from './schema';
import { RECOVERY_CODE_USED, recoveryCodeUsedEmail, SECOND_STEP_FAILED, secondStepFailedEmail } from './emails';
import { signIn, type SignedIn, type SignInClient } from './sessions/sign-in';
import { hasConfirmedTotp, useTotpCode } from './second-factors/totp';
import { authenticationOptions, listPasskeys, verifyAuthentication } from './passkeys/webauthn';
import { auditStaffSecurity } from './store';

/**
 * The second step of a sign-in (docs/decisions/0046, 0047). The password opens a challenge, not
 * a session: ten minutes and five wrong answers at most, its token in the lu_signin cookie. A
 * passkey, a right code (each accepted once) or an unused recovery code ends the challenge and
 * opens the session, which remembers how it passed (an admin's permissions need a passkey or an
 * app code).
 */

export const SIGN_IN_COOKIE = 'lu_signin';
export const SECOND_STEP_LIFETIME_MS = 10 * MINUTE;
/** Codes a challenge takes (right or wrong) before it ends. */
const MAX_TRIES = 5;

/** The ways an account answers the second step: none when it has no second factor. */
export async function secondStepMethods(db: Db, userId: string): Promise<SecondFactorKind[]> {
  const [keys, totp] = await Promise.all([listPasskeys(db, userId), hasConfirmedTotp(db, userId)]);
  if (keys.length === 0 && !totp) return [];
  return [...(keys.length > 0 ? (['passkey'] as const) : []), ...(totp ? (['totp'] as const) : []), 'recovery'];
}

export async function openSecondStep(ctx: AppContext, userId: string): Promise<string> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(signInChallenges).values({ userId, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + SECOND_STEP_LIFETIME_MS) });
  return token;
}

const expired = () => new AppError('SIGN_IN_EXPIRED', SECURITY_MESSAGES.signInExpired);

/** Options for answering the second step with one of the account's passkeys, the challenge bound to this sign-in. */
export async function secondStepPasskeyOptions(ctx: AppContext, challengeToken: string | undefined, ip: string) {
  await ctx.limiter.hit(limits.loginPerIp(ip));
  const challenge = await openChallenge(ctx, challengeToken);
  if (!challenge) throw expired();
  if ((await listPasskeys(ctx.db, challenge.userId)).length === 0) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyUnknown);
  return authenticationOptions(ctx, 'second-step', challenge.id, challenge.userId);
}

async function openChallenge(ctx: AppContext, challengeToken: string | undefined) {
  if (!challengeToken || challengeToken.length > 100) return undefined;
  const [challenge] = await ctx.db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, hashToken(challengeToken)), gt(signInChallenges.expiresAt, ctx.clock.now()), lt(signInChallenges.tries, MAX_TRIES)));
  return challenge;
}

type SecondStepAnswer = Exclude<SecondFactorLoginValues, { method: 'passkey' }> | { method: 'passkey'; answer: PasskeyAnswer };

export async function completeSecondStep(
  ctx: AppContext,
  challengeToken: string | undefined,
  input: SecondStepAnswer,
  ip: string,
  client: SignInClient = {},
): Promise<SignedIn & { secondFactor: SecondFactorKind }> {
  await ctx.limiter.hit(limits.loginPerIp(ip));
  if (!challengeToken || challengeToken.length > 100) throw expired();
  const tokenHash = hashToken(challengeToken);
  const now = ctx.clock.now();
  // Each try takes one of the challenge's five first, by one guarded UPDATE: tries sent at once
  // cannot pass together, whatever the timing. The account's own limit counts the wrong ones.
  const [challenge] = await ctx.db
    .update(signInChallenges)
    .set({ tries: sql`${signInChallenges.tries} + 1` })
    .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, now), lt(signInChallenges.tries, MAX_TRIES)))
    .returning();
  if (!challenge) throw expired();
  const failures = limits.secondStepFailuresPerAccount(challenge.userId);
  await ctx.limiter.check(failures);

  const passkey = input.method === 'passkey' ? await verifyAuthentication(ctx, 'second-step', challenge.id, input.answer, challenge.userId) : null;
  // A passkey request older than five minutes (or never made) is asked again, not counted as wrong.
  if (passkey === 'expired') throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyExpired);
  const ok =
    input.method === 'passkey'
      ? passkey === challenge.userId
      : input.method === 'totp'
        ? await useTotpCode(ctx, ctx.db, challenge.userId, input.code)
        : await useRecoveryCode(ctx.db, challenge.userId, input.code, now);
  if (!ok) {
    await ctx.limiter.count(failures);
    // The last try ends the challenge: the password step comes back, and says why.
    if (challenge.tries >= MAX_TRIES) {
      await stopSecondStep(ctx, challenge.id, challenge.userId, ip);
      throw new AppError('SIGN_IN_EXPIRED', SECURITY_MESSAGES.tooManyCodes);
    }
    if (input.method === 'passkey') throw new AppError('UNAUTHORIZED', SECURITY_MESSAGES.passkeyRefused, { answer: SECURITY_MESSAGES.passkeyRefused });
    const message = input.method === 'totp' ? SECURITY_MESSAGES.codeWrong : SECURITY_MESSAGES.recoveryCodeWrong;
    throw new AppError('UNAUTHORIZED', message, { code: message });
  }

  return inTransaction(ctx.db, async (tx) => {
    // The challenge ends with its first right answer: a second one in flight opens no second session.
    const ended = await tx.delete(signInChallenges).where(eq(signInChallenges.id, challenge.id)).returning({ id: signInChallenges.id });
    if (ended.length === 0) throw expired();
    const signedIn = await signIn(ctx, tx, challenge.userId, { ...client, secondFactor: input.method });
    if (input.method === 'recovery') {
      const left = (await recoveryCodesLeft(tx, challenge.userId)) ?? 0;
      const { user } = signedIn;
      await enqueueEmail(ctx, tx, recoveryCodeUsedEmail({ to: user.email, firstName: user.firstName, left, securityLink: links(ctx).security(), forgotLink: links(ctx).forgot() }));
      await notify(tx, { userId: user.id, ...RECOVERY_CODE_USED, at: ctx.clock.now() });
    }
    return { ...signedIn, secondFactor: input.method };
  });
}

/**
 * The last wrong try: the challenge ends, and the owner is told that someone who knew the password
 * could not pass the second step (once, by the transaction that deleted the challenge).
 */
async function stopSecondStep(ctx: AppContext, challengeId: string, userId: string, ip: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const ended = await tx.delete(signInChallenges).where(eq(signInChallenges.id, challengeId)).returning({ id: signInChallenges.id });
    const user = ended.length === 1 ? await findUserById(tx, userId) : undefined;
    if (!user) return;
    const at = ctx.clock.now();
    await enqueueEmail(ctx, tx, secondStepFailedEmail({ to: user.email, firstName: user.firstName, ipAddress: ip, at, forgotLink: links(ctx).forgot(), securityLink: links(ctx).security() }));
    await notify(tx, { userId, ...SECOND_STEP_FAILED, at });
    await auditStaffSecurity(tx, user, 'secondStep.failed', at, { ipAddress: ip });
  });
}

/** Ends every second step in flight (the password changed: one opened with the old one must not finish). */
export async function endSecondSteps(tx: Db, userId: string): Promise<void> {
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}
