import { ADMINS_MESSAGES as M, MESSAGES } from '@landunits/domain';
import type { InvitationView } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { hashPassword } from '../../platform/security/passwords';
import { recordAudit } from '../audit';
import { consumeInvitationToken, invitationOwner, signIn, type SessionClient } from '../auth';
import { activateInvitedAdmin, findAdminById, type UserRow } from '../users';
import { adminName } from './admin-rules';

const invalid = () => new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);

/** GET /api/auth/admin-invitation/:token: the address and role of a link that still works. */
export async function checkInvitation(ctx: AppContext, token: string): Promise<InvitationView> {
  const owner = await invitationOwner(ctx, token);
  const admin = owner ? await findAdminById(ctx.db, owner.userId) : undefined;
  if (!owner || !admin || admin.emailVerifiedAt) throw invalid();
  return { email: admin.email, role: admin.adminRole, expiresAt: owner.expiresAt.toISOString() };
}

/**
 * POST /api/auth/admin-invitation/:token: the link used once, the name and password set, the email
 * confirmed (the link proves it), a session opened and one audit row (the new admin's own), in one
 * transaction. A used, expired, cancelled or unknown link is refused and changes nothing.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  input: { firstName: string; lastName?: string | undefined; password: string },
  requestId: string,
  client: SessionClient = {},
): Promise<{ token: string; user: UserRow; message: string }> {
  // The cheap check first: no password hashing for a link that does not work.
  if (!(await invitationOwner(ctx, token))) throw invalid();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeInvitationToken(ctx, tx, token);
    if (!userId) throw invalid();
    const now = ctx.clock.now();
    const user = await activateInvitedAdmin(tx, userId, { firstName: input.firstName, lastName: input.lastName || null, passwordHash }, now);
    if (!user?.adminRole) throw invalid();
    await recordAudit(tx, {
      actor: { userId, role: user.adminRole, requestId },
      at: now,
      action: 'admin.acceptInvitation',
      targetType: 'admin',
      targetId: userId,
      before: { email: user.email, role: user.adminRole, status: 'invited', name: '' },
      after: { email: user.email, role: user.adminRole, status: 'active', name: adminName(user) },
    });
    const signedIn = await signIn(ctx, tx, userId, client);
    return { ...signedIn, message: M.accepted };
  });
}
