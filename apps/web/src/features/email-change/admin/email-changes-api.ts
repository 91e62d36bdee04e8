import { EMAIL_CHANGE_CONTRACTS as C, type RejectEmailChangeValues } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';

export type { AdminEmailChangeDetail, AdminEmailChangeItem } from '@landunits/domain/contracts';

/** Query keys of the email change section; a decision refreshes the whole root. */
export const EMAIL_CHANGES_ROOT = ['admin', 'email-changes'] as const;
export const emailChangeQueueKey = [...EMAIL_CHANGES_ROOT, 'queue'] as const;
export const emailChangeDetailKey = (id: string) => [...EMAIL_CHANGES_ROOT, 'detail', id] as const;

/** The admin's email change calls (permission emailChanges.review), each through its contract. */
export const emailChangesApi = {
  queue: (signal?: AbortSignal) => call(C.adminQueue, { signal }),
  detail: (id: string, signal?: AbortSignal) => call(C.adminDetail, { params: { id }, signal }),
  approve: (id: string, internalNote: string) => call(C.approve, { params: { id }, body: internalNote ? { internalNote } : {} }),
  reject: (id: string, body: RejectEmailChangeValues) => call(C.reject, { params: { id }, body }),
};

/** How long a request has waited, in words: '3 days', '5 hours', 'under an hour'. */
export function waitedFor(since: string, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(since).getTime()) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}
