import { VERIFICATION_ADMIN_CONTRACTS as C, type ReviewDecisionInput, type ReviewKind } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';

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
