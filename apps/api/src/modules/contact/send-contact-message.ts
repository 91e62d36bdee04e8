import { CONTACT_MESSAGES, type ContactFormSchema } from '@landunits/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { contactMessages } from './schema';
import { inTransaction } from '../../platform/db/transaction';
import { enqueueEmail } from '../../platform/mail/outbox';
import { contactReceiptEmail, contactToSupportEmail } from './emails';
import { contactLimits } from './limits';

export type ContactMessage = z.output<typeof ContactFormSchema>;

/** Who sent the form: the client's address and, when signed in, their account. */
export interface ContactSender {
  ip: string;
  account: { id: string; email: string } | null;
}

/**
 * Keeps a contact-form message and, in the same transaction, queues it to the support address
 * (Reply-To the author) and a receipt to the author: either all three happen or none.
 */
export async function sendContactMessage(ctx: AppContext, input: ContactMessage, sender: ContactSender): Promise<{ message: string }> {
  await ctx.limiter.hit(...contactLimits(sender.ip, input.email));
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId: sender.account?.id ?? null, createdAt: now, updatedAt: now })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message not stored');
    await enqueueEmail(
      ctx,
      tx,
      contactToSupportEmail({
        to: ctx.config.supportEmail,
        replyTo: input.email,
        reference: `#${row.id}`,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        account: sender.account?.email ?? null,
      }),
    );
    await enqueueEmail(ctx, tx, contactReceiptEmail({ to: input.email }));
  });
  return { message: CONTACT_MESSAGES.sent };
}
