import { VERIFICATION_ADMIN_CONTRACTS as C, type ReviewDecisionInput, type ReviewKind } from '@landunits/domain/contracts';
import { call } from '../../shared/api/api-client';

export type { ReviewCase, ReviewDecisionInput, ReviewKind, ReviewQueue, ReviewQueueItem, ReviewDocument, ReviewEvent } from '@landunits/domain/contracts';

/** Query keys of the review; a decision refreshes the whole root (queues and the case). */
export const VERIFICATIONS_ROOT = ['admin', 'verifications'] as const;
export const reviewQueueKey = (kind: ReviewKind) => [...VERIFICATIONS_ROOT, 'queue', kind] as const;
export const reviewCaseKey = (userId: string) => [...VERIFICATIONS_ROOT, 'case', userId] as const;

/** The admin calls of the verification review, each through its contract (a decision moves no money: no Idempotency-Key; a repeat is refused with 409). */
export const verificationsApi = {
  queue: (kind: ReviewKind, signal?: AbortSignal) => call(C.queue, { query: { kind }, signal }),
  case: (userId: string, signal?: AbortSignal) => call(C.case, { params: { userId }, signal }),
  decide: (kind: ReviewKind, body: ReviewDecisionInput) => (kind === 'profile' ? call(C.approveProfile, { body }) : call(C.approveBank, { body })),
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a submission has waited, in words: 'less than an hour', '5 hours', '3 days'. */
export function ageText(ms: number): string {
  if (ms < HOUR) return 'less than an hour';
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  const days = Math.floor(ms / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}
