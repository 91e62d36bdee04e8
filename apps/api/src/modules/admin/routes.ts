import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth';
import { reconcile } from '../ledger';
import { reservationProblems } from '../orders';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /**
   * The reconciliation report: `ok` when the ledger's invariants hold (sums zero, balances equal
   * entries, no person below zero) and every reservation matches an open order with no overdue work.
   */
  app.get('/api/admin/ledger/reconcile', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'ledger.reconcile');
    reply.header('cache-control', 'no-store');
    const problems = [...(await reconcile(ctx.db)), ...(await reservationProblems(ctx.db, ctx.clock.now()))];
    return { ok: problems.length === 0, problems };
  });
}
