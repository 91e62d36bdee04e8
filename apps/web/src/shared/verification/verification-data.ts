import { formatDateTime as formatMoment } from '@landunits/domain';
import { VERIFICATION_CONTRACTS, type MoneyHold } from '@landunits/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/api-client';

/**
 * The person's profile and bank verification with their documents and purchase-limit tiers
 * (GET /api/user/verification). Shared by the settings pages and the sale and transfer forms (the cooling-off, decision 0049).
 */
export const VERIFICATION_QUERY_KEY = ['verification'] as const;

export const verificationQueryOptions = queryOptions({
  queryKey: VERIFICATION_QUERY_KEY,
  queryFn: ({ signal }) => call(VERIFICATION_CONTRACTS.overview, { signal }),
  staleTime: 30_000,
});

/** A moment as "26 Nov 2026, 14:05 UTC": one reading for everyone, wherever they are. */
export const formatDateTime = (iso: string): string => formatMoment(iso);

/** The cooling-off while it still runs (the page may have been open a while), else null. */
export function activeMoneyHold(hold: MoneyHold | null | undefined, now: number = Date.now()): MoneyHold | null {
  if (!hold) return null;
  const until = Date.parse(hold.until);
  return Number.isFinite(until) && until > now ? hold : null;
}
