import { AUTH_ANSWERS } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findUserById, recordSignIn } from '../users';
import { createSession, type UserRow } from './sessions';

export interface SignedIn {
  token: string;
  /** The user as they were when signing in: firstLogin tells whether this is their first sign-in. */
  user: UserRow;
}

/**
 * Opens a session and notes the sign-in; the first sign-in clears the first-login flag for the next
 * ones. A disabled account gets none, whichever way it signs in (password, confirmation link).
 */
export async function signIn(ctx: AppContext, tx: Db, userId: string): Promise<SignedIn> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} not found`);
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', AUTH_ANSWERS.disabled);
  const token = await createSession(ctx, tx, userId);
  await recordSignIn(tx, userId, ctx.clock.now());
  return { token, user };
}
