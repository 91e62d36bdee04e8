import type { CreateReferenceCode } from '@landunits/domain';
import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';

/** A code as the admin list has it (docs/api/payments.md, "Reference codes"). */
export type { AdminReferenceCode, ReferenceCodesPage } from '@landunits/domain/contracts';

export const CODES_PAGE_SIZE = 20;

/** Query keys of the codes list; every change to a code refreshes the whole root. */
export const REFERENCE_CODES_ROOT = ['admin', 'reference-codes'] as const;
export const referenceCodesKey = (page: number) => [...REFERENCE_CODES_ROOT, { page, pageSize: CODES_PAGE_SIZE }] as const;

/**
 * The admin calls for reference codes, each through its contract (PAYMENT_CONTRACTS). Creating or
 * disabling a code moves no money, so no Idempotency-Key is sent: a repeated create is refused as
 * a duplicate, a repeated disable answers the same.
 */
export const referenceCodesApi = {
  list: (page: number, signal?: AbortSignal) => call(C.adminReferenceCodes, { query: { page, pageSize: CODES_PAGE_SIZE }, signal }),
  create: (body: CreateReferenceCode) => call(C.adminCreateReferenceCode, { body }),
  disable: (id: string) => call(C.adminDisableReferenceCode, { params: { id } }),
};
