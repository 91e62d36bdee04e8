import { AUTH_ANSWERS, SECURITY_MESSAGES, type PasskeyAnswer } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import { inTransaction } from '../../../platform/db/transaction';
import { AppError } from '../../../platform/http/app-error';
import { hashToken } from '../../../platform/security/tokens';
import { findUserById } from '../../users';
import { limits } from '../limits';
import { signIn, type SignedIn, type SignInClient } from '../sessions/sign-in';
import { verifyAuthentication } from './webauthn';

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
