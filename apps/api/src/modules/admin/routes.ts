import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { showReconciliation } from './show-reconciliation';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** The reconciliation report (PLATFORM_CONTRACTS.reconcile): see showReconciliation. */
  route(app, C.reconcile, async () => showReconciliation(ctx.db, ctx.clock.now()));
}
