import { MINUTE } from '../clock';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { emailJob } from '../mail/outbox';
import { definePeriodic } from './define';

/** The platform's own job kinds and periodic tasks; modules export theirs from their index. */
export const platformJobs = [emailJob];

export const platformPeriodicTasks = [
  definePeriodic('prune-rate-limits', 10 * MINUTE, ({ ctx, now }) => ctx.limiter.prune(now)),
  definePeriodic('prune-idempotency-keys', 10 * MINUTE, ({ ctx, now }) => pruneIdempotencyKeys(ctx.db, now)),
];
