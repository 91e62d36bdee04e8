import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { EmailTemplate } from './templates';

/** Queues an email in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(ctx: { clock: Clock }, tx: Db, email: EmailTemplate): Promise<void> {
  const now = ctx.clock.now();
  await tx.insert(outbox).values({ kind: 'email', payload: email, createdAt: now, nextAttemptAt: now });
}
