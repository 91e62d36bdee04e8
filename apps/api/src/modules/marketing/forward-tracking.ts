import { HubspotMetaSchema, TRACKING_EVENTS, type HubspotMeta, type TrackingEvent } from '@landunits/domain';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { defineJob, enqueueJob } from '../../platform/jobs/define';
import { jobCounts } from '../../platform/jobs/job-counts';
import { currentMarketingSettings, loadMarketingSettings } from './marketing-settings';
import { postJson } from './tracker-request';

/**
 * The tracking payload (SPEC §3 hubspotMetaData) forwarded to the configured tracker by a job
 * (decision 0031): queued in the transaction that stores the payload, so a request never waits
 * for the tracker; retried with the runner's backoff when the tracker fails. Its outbox row's
 * state (done and when) is the record of the forwarding. Without a tracker nothing is queued and
 * the payload stays stored with the order or the account, as before.
 */

export const FORWARD_TRACKING_KIND = 'marketing.forward-tracking';

const PayloadSchema = z.object({
  event: z.enum(TRACKING_EVENTS),
  orderId: z.string().max(64).optional(),
  hutk: z.string().max(200).optional(),
  pageUri: z.string().max(2000).optional(),
  pageName: z.string().max(300).optional(),
  utmParams: z.record(z.string().max(40), z.string().max(200)).optional(),
  occurredAt: z.string().max(40),
});
export type ForwardTrackingPayload = z.output<typeof PayloadSchema>;

export const forwardTrackingJob = defineJob(FORWARD_TRACKING_KIND, PayloadSchema, async (payload, job) => {
  // The settings of now: a tracker removed since the payload was queued gets nothing. Read outside
  // any transaction, and the tracker is called outside one too (decision 0033).
  const { settings } = await loadMarketingSettings(job.db);
  if (!settings.trackerUrl) {
    job.log.info({ event: payload.event }, 'tracking payload not forwarded: no tracker configured any more');
    return;
  }
  await postJson(settings.trackerUrl, payload, { secret: settings.trackerSecret, allowPrivate: job.ctx.config.allowPrivateTrackerTargets });
});

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

/** How many payloads were forwarded, wait (or retry) and were given up on (the admin page). */
export async function forwardingCounts(db: Db): Promise<{ done: number; pending: number; failed: number; lastDoneAt: string | null }> {
  const counts = await jobCounts(db, FORWARD_TRACKING_KIND);
  return { ...counts, lastDoneAt: counts.lastDoneAt?.toISOString() ?? null };
}
