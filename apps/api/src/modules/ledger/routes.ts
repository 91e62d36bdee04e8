import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../auth';
import { reconcile } from './reconcile';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** The reconciliation report: `ok` when the ledger's invariants hold, otherwise what breaks them. */
  app.get('/api/admin/ledger/reconcile', async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    const problems = await reconcile(ctx.db);
    return { ok: problems.length === 0, problems };
  });
}
