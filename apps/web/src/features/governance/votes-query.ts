import { VotesQuerySchema, type VotesQuery } from '@landunits/domain';
import { addressParams } from '../../shared/lib/address-params';

/** The votes page's filter and page live in the address (`?filter=needs-my-vote&page=2`). */
export const PARAM_KEYS = ['filter', 'page'] as const;
export type RawParams = Readonly<Record<(typeof PARAM_KEYS)[number], string>>;
export const DEFAULT_PARAMS: RawParams = { filter: 'all', page: '1' };
export const { readParams, writeSearch, checkParams } = addressParams(PARAM_KEYS, DEFAULT_PARAMS, VotesQuerySchema);
export type { VotesQuery };

export const FILTER_LABELS: Readonly<Record<VotesQuery['filter'], string>> = {
  all: 'All',
  'needs-my-vote': 'Needs my vote',
  open: 'Open',
  closed: 'Closed',
};
