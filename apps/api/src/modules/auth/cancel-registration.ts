import { AUTH_ANSWERS } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { deleteUnconfirmedUser } from '../users';
import { emailActionLimits } from './limits';

/** Reset Registration: deletes an account that was never confirmed, so the email can register again. */
export async function cancelRegistration(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('register', ip, email));
  await deleteUnconfirmedUser(ctx.db, email);
  return { message: AUTH_ANSWERS.registrationCancelled };
}
