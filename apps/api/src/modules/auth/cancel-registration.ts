import { AUTH_ANSWERS } from '@landunits/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { emailActionLimits } from './limits';

/** Reset Registration: deletes an account that was never confirmed, so the email can register again. */
export async function cancelRegistration(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('register', ip, email));
  await ctx.db.delete(users).where(and(eq(users.email, email), isNull(users.emailVerifiedAt), isNull(users.adminRole)));
  return { message: AUTH_ANSWERS.registrationCancelled };
}
