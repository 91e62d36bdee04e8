import { ADMINS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route, setSessionCookie } from '../auth';
import { toUserView } from '../users';
import { acceptInvitation, checkInvitation } from './accept-invitation';
import { changeAdminRole } from './change-admin-role';
import { inviteAdmin } from './invite-admin';
import { listAdmins } from './list-admins';
import { removeAdmin } from './remove-admin';

/** The request log names the invitation route, never the token in its path. */
const withoutToken = {
  req: (request: FastifyRequest) => ({ method: request.method, url: '/api/auth/admin-invitation/[token]', host: request.host, remoteAddress: request.ip }),
};

/** Managing admins (the owner's `admins.manage`) and the invited admin's link: each route is its contract (ADMINS_CONTRACTS) over one use-case. */
export async function adminsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ admin, query }) => listAdmins(ctx, admin.id, query));

  route(app, C.invite, async ({ actor, body, reply }) => {
    const { created, answer } = await inviteAdmin(ctx, actor, body);
    // A new invitation is created (201); an open one is sent again (200).
    reply.status(created ? 201 : 200);
    return answer;
  });

  route(app, C.changeRole, ({ actor, params, body }) => changeAdminRole(ctx, actor, params.id, body.role));
  route(app, C.remove, ({ actor, params }) => removeAdmin(ctx, actor, params.id));

  route(app, C.checkInvitation, ({ params }) => checkInvitation(ctx, params.token), { logSerializers: withoutToken });

  route(
    app,
    C.acceptInvitation,
    async ({ params, body, request, reply }) => {
      const result = await acceptInvitation(ctx, params.token, body, request.id, { userAgent: request.headers['user-agent'], ipAddress: request.ip });
      setSessionCookie(reply, ctx, result.token);
      // A new admin sets up an authenticator app before the admin area opens (docs/decisions/0046).
      return { message: result.message, user: toUserView(result.user), redirectTo: '/dashboard/settings/security' };
    },
    { logSerializers: withoutToken },
  );
}
