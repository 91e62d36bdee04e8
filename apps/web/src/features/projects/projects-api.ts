import type { ProjectAnswer, ProjectsList } from '@landunits/domain/contracts';
import type { ProjectFormValues, ProjectState, ProjectUpdateInput } from '@landunits/domain';
import { api } from '../../shared/api/api-client';

/** The calls of the land project pages (PROJECTS_CONTRACTS); images go through the shared ImageUploadField. */
export const projectsApi = {
  list: (state: ProjectState | undefined, signal?: AbortSignal) => api.get<ProjectsList>('/community/projects', { query: { state }, signal }),
  adminList: (signal?: AbortSignal) => api.get<ProjectsList>('/admin/projects', { signal }),
  create: (body: ProjectFormValues) => api.post<ProjectAnswer>('/admin/projects', body),
  update: (id: number, body: ProjectFormValues) => api.put<ProjectAnswer>(`/admin/projects/${id}`, body),
  finish: (id: number) => api.post<ProjectAnswer>(`/admin/projects/${id}/finish`),
  reopen: (id: number) => api.post<ProjectAnswer>(`/admin/projects/${id}/reopen`),
  setTeaser: (id: number) => api.post<ProjectAnswer>(`/admin/projects/${id}/teaser`),
  addUpdate: (id: number, body: ProjectUpdateInput) => api.post<ProjectAnswer>(`/admin/projects/${id}/updates`, body),
  editUpdate: (id: number, updateId: number, body: ProjectUpdateInput) => api.put<ProjectAnswer>(`/admin/projects/${id}/updates/${updateId}`, body),
};

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "12 February 2025" from "2025-02-12". */
export const projectDate = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));
