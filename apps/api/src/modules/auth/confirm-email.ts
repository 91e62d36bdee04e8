import { AUTH_ANSWERS, MESSAGES, type HubspotMeta } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { consumeToken } from './store';
import { signIn, type SignedIn, type SignInClient } from './sessions/sign-in';
import { markEmailConfirmed } from '../users';

/** What is done with a confirmation's tracking payload besides storing it (the marketing tracker). */
export type TrackingHook = (tx: Db, meta: HubspotMeta | undefined) => Promise<unknown>;

/**
 * Confirms the email of a waiting account with its link, keeps the tracking data (and hands it
 * to `onTracking` in the same transaction) and signs in.
 */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
  hubspotMetaData: HubspotMeta | undefined,
  onTracking?: TrackingHook,
  client: SignInClient = {},
): Promise<SignedIn & { message: string }> {
  const signedIn = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(ctx, tx, token, 'confirm');
    if (!userId) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    const now = ctx.clock.now();
    await markEmailConfirmed(tx, userId, now, hubspotMetaData);
    if (hubspotMetaData && onTracking) await onTracking(tx, hubspotMetaData);
    return signIn(ctx, tx, userId, client);
  });
  return { ...signedIn, message: AUTH_ANSWERS.confirmed };
}
