import { AcceptInvitationSchema, ChangeAdminRoleSchema, InviteAdminSchema } from '@landunits/domain';
import { AdminListQuerySchema, TokenParamsSchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission, setSessionCookie } from '../auth';
import { toUserView } from '../users';
import { acceptInvitation, checkInvitation } from './accept-invitation';
import { changeAdminRole } from './change-admin-role';
import { inviteAdmin } from './invite-admin';
import { listAdmins } from './list-admins';
import { removeAdmin } from './remove-admin';

const idOf = (request: FastifyRequest) => String((request.params as { id?: unknown }).id ?? '');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The request log names the invitation route, never the token in its path. */
const withoutToken = {
  req: (request: FastifyRequest) => ({ method: request.method, url: '/api/auth/admin-invitation/[token]', host: request.host, remoteAddress: request.ip }),
};

/** Managing admins (the owner's `admins.manage`) and the invited admin's link: thin routes over one use-case each. */
export async function adminsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const manager = async (request: FastifyRequest, reply: FastifyReply) => {
    const admin = await requirePermission(ctx, request, reply, 'admins.manage');
    noStore(reply);
    return { userId: admin.id, role: admin.adminRole, requestId: request.id };
  };

  app.get('/api/admin/admins', async (request, reply) => {
    const admin = await manager(request, reply);
    return listAdmins(ctx, admin.userId, parseInput(AdminListQuerySchema, request.query));
  });

  app.post('/api/admin/admins/invite', async (request, reply) => {
    const admin = await manager(request, reply);
    const { created, answer } = await inviteAdmin(ctx, admin, parseInput(InviteAdminSchema, request.body ?? {}));
    return reply.code(created ? 201 : 200).send(answer);
  });

  app.post('/api/admin/admins/:id/role', async (request, reply) => {
    const admin = await manager(request, reply);
    const { role } = parseInput(ChangeAdminRoleSchema, request.body ?? {});
    return changeAdminRole(ctx, admin, idOf(request), role);
  });

  app.post('/api/admin/admins/:id/remove', async (request, reply) => {
    const admin = await manager(request, reply);
    return removeAdmin(ctx, admin, idOf(request));
  });

  app.get('/api/auth/admin-invitation/:token', { logSerializers: withoutToken }, async (request, reply) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    noStore(reply);
    return checkInvitation(ctx, token);
  });

  app.post('/api/auth/admin-invitation/:token', { logSerializers: withoutToken }, async (request, reply) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    const input = parseInput(AcceptInvitationSchema, request.body ?? {});
    const result = await acceptInvitation(ctx, token, input, request.id, { userAgent: request.headers['user-agent'], ipAddress: request.ip });
    setSessionCookie(reply, ctx, result.token);
    noStore(reply);
    // A new admin sets up an authenticator app before the admin area opens (docs/decisions/0046).
    return { message: result.message, user: toUserView(result.user), redirectTo: '/dashboard/settings/security' };
  });
}
