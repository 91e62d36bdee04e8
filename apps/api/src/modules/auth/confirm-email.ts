import { AUTH_ANSWERS, MESSAGES, type HubspotMeta } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { consumeToken } from './email-tokens';
import { signIn, type SignedIn } from './sign-in';
import { markEmailConfirmed } from '../users';

/** Confirms the email of a waiting account with its link, keeps the tracking data and signs in. */
export async function confirmEmail(ctx: AppContext, token: string, hubspotMetaData: HubspotMeta | undefined): Promise<SignedIn & { message: string }> {
  const signedIn = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(ctx, tx, token, 'confirm');
    if (!userId) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    const now = ctx.clock.now();
    await markEmailConfirmed(tx, userId, now, hubspotMetaData);
    return signIn(ctx, tx, userId);
  });
  return { ...signedIn, message: AUTH_ANSWERS.confirmed };
}
