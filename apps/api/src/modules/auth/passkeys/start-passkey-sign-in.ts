import type { AppContext } from '../../../platform/context';
import { newToken } from '../../../platform/security/tokens';
import { limits } from '../limits';
import { authenticationOptions } from './webauthn';

/** The browser signing in with a passkey alone: its challenge's token (path /api/auth/passkey). */
export const PASSKEY_COOKIE = 'lu_passkey';

/** Options for signing in with a passkey alone; the challenge is bound to this browser's new lu_passkey token. */
export async function startPasskeySignIn(ctx: AppContext, ip: string) {
  await ctx.limiter.hit(limits.loginPerIp(ip));
  const { token, hash } = newToken();
  return { token, options: await authenticationOptions(ctx, 'sign-in', hash) };
}
