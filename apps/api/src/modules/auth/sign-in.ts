import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { findUserById, recordSignIn } from '../users';
import { createSession, type UserRow } from './sessions';

export interface SignedIn {
  token: string;
  /** The user as they were when signing in: firstLogin tells whether this is their first sign-in. */
  user: UserRow;
}

/** Opens a session and notes the sign-in; the first one clears the first-login flag for the next ones. */
export async function signIn(ctx: AppContext, tx: Db, userId: string): Promise<SignedIn> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} not found`);
  const token = await createSession(ctx, tx, userId);
  await recordSignIn(tx, userId, ctx.clock.now());
  return { token, user };
}
