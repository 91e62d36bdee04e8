import { HubspotMetaSchema, type HubspotMeta, type TrackingEvent } from '@landunits/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { enqueueJob } from '../../platform/jobs/define';
import { forwardTrackingJob } from './jobs';
import { currentMarketingSettings } from './store';

const hasContent = (meta: HubspotMeta) => Boolean(meta.hutk || meta.pageUri || meta.pageName || (meta.utmParams && Object.keys(meta.utmParams).length > 0));

/**
 * Queues the forwarding of `meta` in `tx` when a tracker is configured and the payload says
 * anything; otherwise does nothing (the caller stores the payload as before).
 */
export async function forwardTracking(ctx: { db: Db; clock: Clock }, tx: Db, input: { event: TrackingEvent; orderId?: string; meta: HubspotMeta | null | undefined }): Promise<boolean> {
  const meta = input.meta ? HubspotMetaSchema.parse(input.meta) : null;
  if (!meta || !hasContent(meta)) return false;
  const now = ctx.clock.now();
  const { settings } = await currentMarketingSettings(ctx.db, now);
  if (!settings.trackerUrl) return false;
  await enqueueJob(ctx, tx, forwardTrackingJob, {
    event: input.event,
    ...(input.orderId ? { orderId: input.orderId } : {}),
    ...meta,
    occurredAt: now.toISOString(),
  });
  return true;
}
