import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { reconcile } from '../ledger';
import { reservationProblems } from '../orders';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /**
   * The reconciliation report (PLATFORM_CONTRACTS.reconcile): `ok` when the ledger's invariants hold
   * (sums zero, balances equal entries, no person below zero) and every reservation matches an open
   * order with no overdue work.
   */
  route(app, C.reconcile, async () => {
    const problems = [...(await reconcile(ctx.db)), ...(await reservationProblems(ctx.db, ctx.clock.now()))];
    return { ok: problems.length === 0, problems };
  });
}
