import { formatDay } from '@landunits/domain';
import { PROJECTS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { ProjectFormValues, ProjectState, ProjectUpdateInput } from '@landunits/domain';
import { call } from '../../shared/api/api-client';

/** The calls of the land project pages, each through its contract (PROJECTS_CONTRACTS); images go through the shared ImageUploadField. */
export const projectsApi = {
  list: (state: ProjectState | undefined, signal?: AbortSignal) => call(C.list, { query: { state }, signal }),
  adminList: (signal?: AbortSignal) => call(C.adminList, { signal }),
  create: (body: ProjectFormValues) => call(C.create, { body }),
  update: (id: number, body: ProjectFormValues) => call(C.update, { params: { id }, body }),
  finish: (id: number) => call(C.finish, { params: { id } }),
  reopen: (id: number) => call(C.reopen, { params: { id } }),
  setTeaser: (id: number) => call(C.setTeaser, { params: { id } }),
  addUpdate: (id: number, body: ProjectUpdateInput) => call(C.addUpdate, { params: { id }, body }),
  editUpdate: (id: number, updateId: number, body: ProjectUpdateInput) => call(C.editUpdate, { params: { id, updateId }, body }),
};

/** "12 Feb 2025" from "2025-02-12". */
export const projectDate = (date: string) => formatDay(date);
