import type { CreateReferenceCode, ReferenceCodeDetails } from '@landunits/domain';
import { api } from '../../shared/api/api-client';

/** A code as the admin list has it (docs/api/payments.md, "Reference codes"). */
export type AdminReferenceCode = ReferenceCodeDetails & {
  id: string;
  validFrom: string | null;
  maxUses: number | null;
  uses: number;
  disabledAt: string | null;
  createdAt: string;
};

export interface ReferenceCodesPage {
  codes: AdminReferenceCode[];
  total: number;
  page: number;
  pageSize: number;
}

export const CODES_PAGE_SIZE = 20;

/** Query keys of the codes list; every change to a code refreshes the whole root. */
export const REFERENCE_CODES_ROOT = ['admin', 'reference-codes'] as const;
export const referenceCodesKey = (page: number) => [...REFERENCE_CODES_ROOT, { page, pageSize: CODES_PAGE_SIZE }] as const;

/**
 * The admin calls for reference codes. Creating or disabling a code moves no money, so no
 * Idempotency-Key is sent: a repeated create is refused as a duplicate, a repeated disable
 * answers the same.
 */
export const referenceCodesApi = {
  list: (page: number, signal?: AbortSignal) => api.get<ReferenceCodesPage>('/admin/reference-codes', { query: { page, pageSize: CODES_PAGE_SIZE }, signal }),
  create: (body: CreateReferenceCode) => api.post<{ code: AdminReferenceCode }>('/admin/reference-codes', body),
  disable: (id: string) => api.post<{ code: AdminReferenceCode }>(`/admin/reference-codes/${encodeURIComponent(id)}/disable`),
};
