import { TRUST_CONTRACTS } from '@landunits/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/api-client';

/**
 * The regulatory and security statements (GET /api/site/trust, decision 0065), read by the footer of
 * every page, through their own small contract area so the entry script carries no other contract.
 * The server renders public pages with the answer under this key (site-queries.ts).
 */
export const TRUST_STATEMENTS_KEY = ['site', 'trust'] as const;

export const trustStatementsQuery = () =>
  queryOptions({
    queryKey: TRUST_STATEMENTS_KEY,
    queryFn: ({ signal }) => call(TRUST_CONTRACTS.statements, { signal }),
    staleTime: 5 * 60_000,
    // Nothing to show is the same as nothing written: no toast, no error state.
    meta: { silent: true },
  });
