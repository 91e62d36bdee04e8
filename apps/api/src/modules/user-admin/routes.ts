import { ADMIN_USER_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { disableAccount } from './disable-account';
import { enableAccount } from './enable-account';
import { orderRows } from './list-user-orders';
import { maskOrders } from './masking';
import { resendConfirmation } from './resend-confirmation';
import { revealPersonalData } from './reveal-personal-data';
import { searchAccounts } from './search-accounts';
import { setPurchaseLimitOverride } from './set-purchase-limit';
import { userDetail } from './show-user-detail';
import { accountOr404, readsMasked } from './store';

/**
 * People's accounts for admins (PRODUCT-DECISIONS §12; docs/decisions/0021): every role with
 * users.read searches and reads (personal data masked without users.manage, revealed with a reason
 * and an audit row); COMPLIANCE and OWNER (users.manage) act. Each route is its contract
 * (ADMIN_USER_CONTRACTS) over one use-case.
 */
export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.search, ({ admin, query }) => searchAccounts(ctx.db, { role: admin.adminRole }, query));
  route(app, C.detail, ({ admin, params }) => userDetail(ctx, { role: admin.adminRole }, params.id));
  route(app, C.orders, async ({ admin, params, query }) => {
    const user = await accountOr404(ctx, params.id);
    const page = await orderRows(ctx.db, user.id, query);
    return readsMasked(admin.adminRole) ? maskOrders(page) : page;
  });
  route(app, C.reveal, ({ actor, params, body }) => revealPersonalData(ctx, actor, params.id, body.reason));
  route(app, C.purchaseLimit, ({ actor, params, body }) => setPurchaseLimitOverride(ctx, actor, params.id, body));
  route(app, C.disable, ({ actor, params, body }) => disableAccount(ctx, actor, params.id, body.reason));
  route(app, C.enable, ({ actor, params, body }) => enableAccount(ctx, actor, params.id, body.reason));
  route(app, C.resendConfirmation, ({ actor, params, body }) => resendConfirmation(ctx, actor, params.id, body.reason));
}
