import type { AppContext } from '../../../platform/context';
import { inTransaction } from '../../../platform/db/transaction';
import { enqueueEmail } from '../../../platform/mail/outbox';
import { notify } from '../../notifications';
import type { UserRow } from '../../users';
import { links } from '../links';
import { SESSIONS_ENDED, sessionsEndedEmail } from '../emails';
import { deleteOtherSessions, deleteUserSession } from './store';
import { auditStaffSecurity } from '../store';

/**
 * Signs out one other session of the caller (`id`) or all of them: a security event, so the person
 * is emailed and notified (someone else in their session could be signing them out elsewhere),
 * and a staff member's is an audit row. Answers how many open sessions ended (expired rows go
 * too, uncounted); none: nothing is sent.
 */
export async function endSessions(ctx: AppContext, caller: { user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'adminRole'>; sessionId: string }, which: { id: string } | 'others'): Promise<number> {
  const { user } = caller;
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const ended = which === 'others' ? await deleteOtherSessions(tx, user.id, caller.sessionId, now) : (await deleteUserSession(tx, user.id, which.id, now)) ? 1 : 0;
    if (ended === 0) return 0;
    await enqueueEmail(ctx, tx, sessionsEndedEmail({ to: user.email, firstName: user.firstName, ended, forgotLink: links(ctx).forgot(), securityLink: links(ctx).security() }));
    await notify(tx, { userId: user.id, ...SESSIONS_ENDED(ended), at: now });
    await auditStaffSecurity(tx, user, 'sessions.ended', now, { ended });
    return ended;
  });
}
