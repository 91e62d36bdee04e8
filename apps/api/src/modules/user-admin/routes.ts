import { TransactionsQuerySchema } from '@landunits/domain';
import { AdminUserReasonSchema, AdminUsersQuerySchema, PurchaseLimitOverrideSchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requireMoneyPermission, requirePermission, type AdminUser } from '../auth';
import { disableAccount, enableAccount, resendConfirmation } from './account-actions';
import { maskOrders } from './masking';
import { setPurchaseLimitOverride } from './purchase-limit';
import { revealPersonalData } from './reveal';
import { searchAccounts } from './search-accounts';
import { accountOr404, readsMasked, userDetail } from './user-detail';
import { orderRows } from './detail-parts';

const idOf = (request: FastifyRequest) => String((request.params as { id?: unknown }).id ?? '');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * People's accounts for admins (PRODUCT-DECISIONS §12; docs/decisions/0021): every role with
 * users.read searches and reads (personal data masked without users.manage, revealed with a reason
 * and an audit row); COMPLIANCE and OWNER (users.manage) act. Thin routes over one use-case each.
 */
export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const actor = (admin: AdminUser, request: FastifyRequest) => ({ userId: admin.id, role: admin.adminRole, requestId: request.id });

  app.get('/api/admin/users', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'users.read');
    const query = parseInput(AdminUsersQuerySchema, request.query);
    noStore(reply);
    return searchAccounts(ctx.db, { role: admin.adminRole }, query);
  });

  app.get('/api/admin/users/:id', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'users.read');
    noStore(reply);
    return userDetail(ctx, { role: admin.adminRole }, idOf(request));
  });

  app.get('/api/admin/users/:id/orders', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'users.read');
    const user = await accountOr404(ctx, idOf(request));
    const query = parseInput(TransactionsQuerySchema, request.query);
    noStore(reply);
    const page = await orderRows(ctx.db, user.id, query);
    return readsMasked(admin.adminRole) ? maskOrders(page) : page;
  });

  app.post('/api/admin/users/:id/reveal', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'users.read');
    const { reason } = parseInput(AdminUserReasonSchema, request.body ?? {});
    noStore(reply);
    return revealPersonalData(ctx, actor(admin, request), idOf(request), reason);
  });

  app.post('/api/admin/users/:id/purchase-limit', async (request, reply) => {
    const admin = await requireMoneyPermission(ctx, request, reply, 'users.manage');
    const input = parseInput(PurchaseLimitOverrideSchema, request.body ?? {});
    noStore(reply);
    return setPurchaseLimitOverride(ctx, actor(admin, request), idOf(request), input);
  });

  const reasoned = (run: typeof disableAccount) => async (request: FastifyRequest, reply: FastifyReply) => {
    const admin = await requirePermission(ctx, request, reply, 'users.manage');
    const { reason } = parseInput(AdminUserReasonSchema, request.body ?? {});
    noStore(reply);
    return run(ctx, actor(admin, request), idOf(request), reason);
  };
  app.post('/api/admin/users/:id/disable', reasoned(disableAccount));
  app.post('/api/admin/users/:id/enable', reasoned(enableAccount));
  app.post('/api/admin/users/:id/resend-confirmation', reasoned(resendConfirmation));
}
