import { SECURITY_MESSAGES } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { passkeys } from '../schema';
import type { Caller } from '../second-factors/factor-changes';

const notFound = () => new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);

export async function renamePasskey(ctx: AppContext, caller: Caller, id: string, name: string) {
  const renamed = await ctx.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.user.id)))
    .returning({ id: passkeys.id });
  if (renamed.length === 0) throw notFound();
  return { message: SECURITY_MESSAGES.passkeyRenamed };
}
