import { IDEAS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { IdeaInput, IdeaStatusInput } from '@landunits/domain';
import { call, type Query } from '../../shared/api/api-client';

/** The calls of the community ideas pages, each through its contract (IDEAS_CONTRACTS). */
export const ideasApi = {
  list: (query: Query, signal?: AbortSignal) => call(C.list, { query, signal }),
  submit: (body: IdeaInput) => call(C.submit, { body }),
  support: (id: number) => call(C.support, { params: { id } }),
  withdraw: (id: number) => call(C.withdraw, { params: { id } }),
  adminList: (query: Query, signal?: AbortSignal) => call(C.adminList, { query, signal }),
  setStatus: (id: number, body: IdeaStatusInput) => call(C.setStatus, { params: { id }, body }),
  hide: (id: number, reason: string) => call(C.hide, { params: { id }, body: { reason } }),
  show: (id: number) => call(C.show, { params: { id } }),
};
