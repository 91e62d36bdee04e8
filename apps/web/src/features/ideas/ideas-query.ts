import { AdminIdeasQuerySchema, IdeasQuerySchema, formatDay } from '@landunits/domain';
import { addressParams } from '../../shared/lib/address-params';

/** The lists' sort, status filter and page live in the address (`?sort=newest&status=adopted&page=2`). */
export const IDEA_PARAM_KEYS = ['sort', 'status', 'page'] as const;
export type IdeaParams = Readonly<Record<(typeof IDEA_PARAM_KEYS)[number], string>>;
export const IDEA_DEFAULTS: IdeaParams = { sort: 'support', status: '', page: '1' };
export const ideaParams = addressParams(IDEA_PARAM_KEYS, IDEA_DEFAULTS, IdeasQuerySchema);

export const ADMIN_IDEA_PARAM_KEYS = ['sort', 'status', 'visibility', 'page'] as const;
export type AdminIdeaParams = Readonly<Record<(typeof ADMIN_IDEA_PARAM_KEYS)[number], string>>;
export const ADMIN_IDEA_DEFAULTS: AdminIdeaParams = { sort: 'newest', status: '', visibility: 'all', page: '1' };
export const adminIdeaParams = addressParams(ADMIN_IDEA_PARAM_KEYS, ADMIN_IDEA_DEFAULTS, AdminIdeasQuerySchema);

export const ideaDate = (iso: string) => formatDay(iso);
