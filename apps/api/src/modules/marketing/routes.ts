import { MARKETING_SETTINGS_PATH, type MarketingSettingsView } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth';
import { forwardingCounts } from './forward-tracking';
import { loadMarketingSettings, masked, updateMarketingSettings, type StoredMarketingSettings } from './marketing-settings';

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

/** The admin's marketing integrations (/admin/settings/integrations), permission settings.integrations. */
export async function marketingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(MARKETING_SETTINGS_PATH, async (request, reply) => {
    await requirePermission(ctx, request, reply, 'settings.integrations');
    reply.header('cache-control', 'no-store');
    return viewOf(app, await loadMarketingSettings(ctx.db));
  });

  app.put(MARKETING_SETTINGS_PATH, async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'settings.integrations');
    const stored = await updateMarketingSettings(ctx.db, request.body, {
      adminId: admin.id,
      now: ctx.clock.now(),
      requestId: request.id,
      allowLocalHttp: ctx.config.allowPrivateTrackerTargets,
    });
    reply.header('cache-control', 'no-store');
    return viewOf(app, stored);
  });
}
