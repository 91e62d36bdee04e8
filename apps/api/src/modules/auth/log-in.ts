import { AUTH_ANSWERS, type SecondFactorKind } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { verifyPassword } from '../../platform/security/passwords';
import { limits } from './limits';
import { openSecondStep, secondStepMethods } from './second-step';
import { signIn, type SignedIn, type SignInClient } from './sessions/sign-in';
import { findUserByEmail } from '../users';

/** The password was right and the account has a second factor: the second step's token (lu_signin). */
export interface SecondStepNeeded {
  challengeToken: string;
  methods: SecondFactorKind[];
}

/**
 * Signs in with email and password. An unknown email and a wrong password get the same 401 after
 * the same hashing work; a disabled or unconfirmed account gets 403 only with the right password.
 * An account with a passkey or an authenticator app gets no session yet: the second step opens it.
 */
export async function logIn(ctx: AppContext, input: { email: string; password: string }, ip: string, client: SignInClient = {}): Promise<SignedIn | SecondStepNeeded> {
  await ctx.limiter.hit(limits.loginPerIp(ip));
  const failures = limits.loginFailuresPerAccount(input.email);
  await ctx.limiter.check(failures);

  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await ctx.limiter.count(failures);
    throw new AppError('UNAUTHORIZED', AUTH_ANSWERS.invalidLogin);
  }
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', AUTH_ANSWERS.disabled);
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', AUTH_ANSWERS.unverified);
  const methods = await secondStepMethods(ctx.db, user.id);
  if (methods.length > 0) return { challengeToken: await openSecondStep(ctx, user.id), methods };
  return ctx.db.transaction((tx) => signIn(ctx, tx, user.id, client));
}
