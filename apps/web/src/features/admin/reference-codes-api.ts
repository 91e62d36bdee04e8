import type { CreateReferenceCode } from '@landunits/domain';
import type { PAYMENT_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** A code as the admin list has it (docs/api/payments.md, "Reference codes"). */
export type { AdminReferenceCode, ReferenceCodesPage } from '@landunits/domain/contracts';

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
  list: (page: number, signal?: AbortSignal) => api.get<ResponseOf<typeof PAYMENT_CONTRACTS.adminReferenceCodes>>('/admin/reference-codes', { query: { page, pageSize: CODES_PAGE_SIZE }, signal }),
  create: (body: CreateReferenceCode) => api.post<ResponseOf<typeof PAYMENT_CONTRACTS.adminCreateReferenceCode, 201>>('/admin/reference-codes', body),
  disable: (id: string) => api.post<ResponseOf<typeof PAYMENT_CONTRACTS.adminDisableReferenceCode>>(`/admin/reference-codes/${encodeURIComponent(id)}/disable`),
};
