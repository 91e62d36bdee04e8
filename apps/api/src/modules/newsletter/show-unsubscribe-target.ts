import { EMAIL_CATEGORY_LABELS } from '@landunits/domain';
import { ACCOUNT_SETTINGS_ANSWERS, type UnsubscribeTarget } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { verifyUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-tokens';

export const invalidLink = () => new AppError('TOKEN_INVALID', ACCOUNT_SETTINGS_ANSWERS.unsubscribeInvalid);

function claimOf(ctx: AppContext, token: string): UnsubscribeClaim {
  const claim = verifyUnsubscribeToken(ctx.config.linkSigningSecret, token);
  if (!claim) throw invalidLink();
  return claim;
}

export const targetOf = (claim: UnsubscribeClaim): UnsubscribeTarget => ({ category: claim.category, label: EMAIL_CATEGORY_LABELS[claim.category].label });

/** What a link turns off, for the page that asks before doing it. */
export function unsubscribeTarget(ctx: AppContext, token: string): UnsubscribeTarget {
  return targetOf(claimOf(ctx, token));
}
