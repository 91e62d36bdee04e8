import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { defineJob, enqueueJob } from '../jobs/define';
import { MAX_ATTACHMENT_BYTES, type EmailMessage } from './layout';
import { outboxMessageId } from './mailer';

/**
 * The `email` job: a message composed by its module at the time of the event (so it shows what
 * was true then) and sent by the runner through the mailer, once.
 */
/** Decoded size of a base64 text (without decoding it). */
const base64Bytes = (text: string) => Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

export const EmailAttachmentSchema = z.object({
  // A plain file name: no path, no control characters (it becomes a MIME header parameter).
  filename: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\\p{Cc}]+$/u),
  contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/),
  contentBase64: z.base64().min(1),
});

export const EmailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(100_000),
  html: z.string().min(1).max(200_000),
  replyTo: z.email().optional(),
  unsubscribe: z.object({ category: z.string().min(1).max(40), oneClickUrl: z.url().max(2000), pageUrl: z.url().max(2000) }).optional(),
  attachments: z
    .array(EmailAttachmentSchema)
    .max(5)
    .refine((files) => files.reduce((sum, f) => sum + base64Bytes(f.contentBase64), 0) <= MAX_ATTACHMENT_BYTES, `Attachments may weigh ${MAX_ATTACHMENT_BYTES} bytes in all`)
    .optional(),
}) satisfies z.ZodType<EmailMessage>;

/** Sent outside any transaction, with the Message-ID of its outbox row (the same on every attempt). */
export const emailJob = defineJob('email', EmailMessageSchema, (message, { db, mailer, row, ctx }) => mailer.send(message, { db, messageId: outboxMessageId(row, ctx.config.publicUrl) }));

/** Queues an email in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(ctx: { clock: Clock }, tx: Db, email: EmailMessage): Promise<void> {
  await enqueueJob(ctx, tx, emailJob, email);
}
