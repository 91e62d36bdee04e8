import { TRACKING_EVENTS } from '@landunits/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/define';
import { jobCounts } from '../../platform/jobs/job-counts';
import { postJson } from './post-to-tracker';
import { loadMarketingSettings } from './store';

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

/** How many payloads were forwarded, wait (or retry) and were given up on (the admin page). */
export async function forwardingCounts(db: Db): Promise<{ done: number; pending: number; failed: number; lastDoneAt: string | null }> {
  const counts = await jobCounts(db, FORWARD_TRACKING_KIND);
  return { ...counts, lastDoneAt: counts.lastDoneAt?.toISOString() ?? null };
}
