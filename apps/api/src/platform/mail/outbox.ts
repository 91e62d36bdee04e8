import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { defineJob, enqueueJob } from '../jobs/define';
import type { EmailMessage } from './layout';

/**
 * The `email` job: a message composed by its module at the time of the event (so it shows what
 * was true then) and sent by the runner through the mailer, once.
 */
export const EmailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(100_000),
  html: z.string().min(1).max(200_000),
  replyTo: z.email().optional(),
  unsubscribe: z.object({ category: z.string().min(1).max(40), oneClickUrl: z.url().max(2000), pageUrl: z.url().max(2000) }).optional(),
}) satisfies z.ZodType<EmailMessage>;

export const emailJob = defineJob('email', EmailMessageSchema, (message, { tx, mailer }) => mailer.send(message, tx));

/** Queues an email in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(ctx: { clock: Clock }, tx: Db, email: EmailMessage): Promise<void> {
  await enqueueJob(ctx, tx, emailJob, email);
}
