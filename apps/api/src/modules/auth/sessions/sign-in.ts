import { AUTH_ANSWERS } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/http/app-error';
import { findUserById, recordSignIn } from '../../users';
import { recordDevice } from './record-device';
import { createSession, type SessionClient, type UserRow } from './store';

export interface SignedIn {
  token: string;
  /** The user as they were when signing in: firstLogin tells whether this is their first sign-in. */
  user: UserRow;
}

/** A browser signing in: its device id (lu_device cookie), User-Agent and address. */
export interface SignInClient extends SessionClient {
  deviceToken?: string | undefined;
}

/**
 * Opens a session and notes the sign-in; the first sign-in clears the first-login flag for the next
 * ones. A disabled account gets none, whichever way it signs in (password, confirmation link).
 * With a device id, a device the person has not used before is recorded (and emailed about).
 */
export async function signIn(ctx: AppContext, tx: Db, userId: string, client: SignInClient = {}): Promise<SignedIn> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} not found`);
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', AUTH_ANSWERS.disabled);
  const token = await createSession(ctx, tx, userId, client);
  await recordSignIn(tx, userId, ctx.clock.now());
  if (client.deviceToken) await recordDevice(ctx, tx, user, { token: client.deviceToken, userAgent: client.userAgent, ipAddress: client.ipAddress });
  return { token, user };
}
