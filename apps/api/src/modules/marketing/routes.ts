import { MARKETING_CONTRACTS as C, type MarketingSettingsView } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { forwardingCounts } from './jobs';
import { loadMarketingSettings, masked, type StoredMarketingSettings } from './store';
import { updateMarketingSettings } from './update-marketing-settings';

async function viewOf(app: FastifyInstance, stored: StoredMarketingSettings): Promise<MarketingSettingsView> {
  const shown = masked(stored.settings);
  return {
    ...shown,
    hasTrackerSecret: stored.settings.trackerSecret !== '',
    version: stored.version,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    forwarding: await forwardingCounts(app.ctx.db),
  };
}

/**
 * The admin's marketing integrations (/admin/settings/integrations), permission settings.integrations:
 * each route is its contract over one use-case. The save checks the body again with this server's
 * rule for local tracker addresses (allowed outside production only).
 */
export async function marketingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminMarketingSettings, async () => viewOf(app, await loadMarketingSettings(ctx.db)));

  route(app, C.adminUpdateMarketingSettings, async ({ admin, body, request }) => {
    const stored = await updateMarketingSettings(ctx.db, body, {
      adminId: admin.id,
      now: ctx.clock.now(),
      requestId: request.id,
      allowLocalHttp: ctx.config.allowPrivateTrackerTargets,
    });
    return viewOf(app, stored);
  });
}
