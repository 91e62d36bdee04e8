import { AUTH_ANSWERS, MAX_PASSKEYS, SECURITY_MESSAGES, type PasskeyAnswer } from '@landunits/domain';
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction, sqlState } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { hashToken, newToken } from '../../platform/security/tokens';
import { findUserById } from '../users';
import { limits } from './limits';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { passkeys } from './schema';
import { checkPassword, guardStaffFactorChange, lockFactors, tell, type Caller } from './second-factors';
import { hasSecondFactor, requireStepUp } from './step-up';
import { clearSessionsSecondFactor, markSessionSecondFactor } from './sessions';
import { signIn, type SignedIn, type SignInClient } from './sign-in';
import { hasConfirmedTotp } from './totp';
import { authenticationOptions, deletePasskeys, listPasskeys, registrationOptions, verifyAuthentication, verifyRegistration } from './webauthn';

/**
 * Passkeys (docs/decisions/0047): a person registers up to ten and names them; one signs in alone
 * (it holds the account's id and verifies the person: both factors at once) or answers the second
 * step after the password. Registering needs the password; the first second factor also makes the
 * ten recovery codes. Staff keep at least one passkey or authenticator app.
 */

export { deletePasskeys };
/** The browser signing in with a passkey alone: its challenge's token (path /api/auth/passkey). */
export const PASSKEY_COOKIE = 'lu_passkey';

const notFound = () => new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);

export async function startPasskeyRegistration(ctx: AppContext, caller: Caller, password: string) {
  await ctx.limiter.hit(limits.totpSetupPerAccount(caller.user.id));
  // A wrong password is said before the browser asks for a fingerprint, not after.
  await checkPassword(ctx, caller.user, password);
  await guardStaffFactorChange(ctx.db, caller);
  // Another factor beside one already set up: the person confirms it with it first (decision 0050);
  // the proof is taken when the passkey is stored, so a cancelled browser prompt does not use it.
  if (await hasSecondFactor(ctx.db, caller.user.id)) await requireStepUp(ctx, ctx.db, caller, 'second-factors', { peek: true });
  return registrationOptions(ctx, caller.user, caller.sessionId);
}

/**
 * Stores the passkey the browser made for this session's challenge, with the password. Answers
 * the recovery codes when this is the person's first second factor (shown once), else null.
 */
export async function finishPasskeyRegistration(ctx: AppContext, caller: Caller, input: { name: string; password: string; answer: PasskeyAnswer }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  await guardStaffFactorChange(ctx.db, caller);
  // Asked before the browser's answer is checked (which uses up its challenge), taken below.
  if (await hasSecondFactor(ctx.db, user.id)) await requireStepUp(ctx, ctx.db, caller, 'second-factors', { peek: true });
  const credential = await verifyRegistration(ctx, ctx.db, caller.sessionId, input.answer);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      await lockFactors(tx, user.id);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if (n >= MAX_PASSKEYS) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyLimit);
      const firstFactor = n === 0 && !(await hasConfirmedTotp(tx, user.id));
      if (!firstFactor) await requireStepUp(ctx, tx, caller, 'second-factors');
      const now = ctx.clock.now();
      const [row] = await tx
        .insert(passkeys)
        .values({ userId: user.id, ...credential, name: input.name, createdAt: now })
        .returning();
      const recoveryCodes = firstFactor ? await replaceRecoveryCodes(tx, user.id, now) : null;
      // The account's first factor, just proved by this session: an admin enrolling at first
      // sign-in goes on. A later one leaves the session as it signed in.
      if (firstFactor) await markSessionSecondFactor(tx, caller.sessionId, 'passkey');
      await tell(ctx, tx, user, 'passkey-added', `It is named "${input.name}".`);
      return { message: SECURITY_MESSAGES.passkeyAdded, passkey: { id: row!.id, name: row!.name }, recoveryCodes };
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyDuplicate);
    throw error;
  }
}

export async function renamePasskey(ctx: AppContext, caller: Caller, id: string, name: string) {
  const renamed = await ctx.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.user.id)))
    .returning({ id: passkeys.id });
  if (renamed.length === 0) throw notFound();
  return { message: SECURITY_MESSAGES.passkeyRenamed };
}

/**
 * Removes a passkey, with the password. The last second factor takes the recovery codes with it;
 * the last passkey ends every session's claim to have passed one.
 */
export async function removePasskey(ctx: AppContext, caller: Caller, id: string, password: string) {
  const { user } = caller;
  await checkPassword(ctx, user, password);
  await guardStaffFactorChange(ctx.db, caller);
  return inTransaction(ctx.db, async (tx) => {
    await lockFactors(tx, user.id);
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) throw notFound();
    const othersLeft = (await listPasskeys(tx, user.id)).length > 0;
    const totp = await hasConfirmedTotp(tx, user.id);
    if (user.adminRole && !othersLeft && !totp) throw new AppError('CONFLICT', SECURITY_MESSAGES.staffKeepSecondFactor);
    // Once nothing else refuses it: confirmed with a passkey, the app or a recovery code (decision
    // 0050), so the password alone does not remove one. A refusal rolls the removal back.
    await requireStepUp(ctx, tx, caller, 'second-factors');
    if (!othersLeft) {
      await clearSessionsSecondFactor(tx, user.id, 'passkey');
      if (!totp) await deleteRecoveryCodes(tx, user.id);
    }
    await tell(ctx, tx, user, 'passkey-removed', `It was named "${removed.name}".`);
    return { message: SECURITY_MESSAGES.passkeyRemoved };
  });
}

/** Options for signing in with a passkey alone; the challenge is bound to this browser's new lu_passkey token. */
export async function startPasskeySignIn(ctx: AppContext, ip: string) {
  await ctx.limiter.hit(limits.loginPerIp(ip));
  const { token, hash } = newToken();
  return { token, options: await authenticationOptions(ctx, 'sign-in', hash) };
}

/**
 * Signs in with a passkey alone: the answer must be to this browser's challenge, from a registered
 * passkey with the person verified (PIN, fingerprint or face). The account's state is checked as
 * at a password sign-in; the session counts as having passed a passkey.
 */
export async function finishPasskeySignIn(ctx: AppContext, token: string | undefined, answer: PasskeyAnswer, ip: string, client: SignInClient = {}): Promise<SignedIn> {
  await ctx.limiter.hit(limits.loginPerIp(ip));
  const expired = () => new AppError('SIGN_IN_EXPIRED', SECURITY_MESSAGES.passkeyExpired);
  if (!token || token.length > 100) throw expired();
  const userId = await verifyAuthentication(ctx, 'sign-in', hashToken(token), answer);
  if (userId === 'expired') throw expired();
  if (userId === 'unknown') throw new AppError('UNAUTHORIZED', SECURITY_MESSAGES.passkeyUnknown);
  if (!userId) throw new AppError('UNAUTHORIZED', SECURITY_MESSAGES.passkeyRefused);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', SECURITY_MESSAGES.passkeyUnknown);
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', AUTH_ANSWERS.disabled);
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', AUTH_ANSWERS.unverified);
  return inTransaction(ctx.db, (tx) => signIn(ctx, tx, user.id, { ...client, secondFactor: 'passkey' }));
}
