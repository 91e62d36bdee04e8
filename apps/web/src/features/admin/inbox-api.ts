import type {
  AdminHome,
  ContactActionAnswer,
  ContactMessageDetail,
  ContactMessagesPage,
  ContactMessageStatus,
  ContactReplyValues,
  SubscribersPage,
  SubscriberStatus,
} from '@landunits/domain/contracts';
import { api, buildUrl, type Query } from '../../shared/api/api-client';

export type {
  AdminHome,
  AdminQueue,
  ContactMessageDetail,
  ContactMessageItem,
  ContactMessagesPage,
  ContactMessageStatus,
  Subscriber,
  SubscribersPage,
  SubscriberStatus,
} from '@landunits/domain/contracts';

/**
 * The admin home, the newsletter subscribers and the contact inbox: their API calls and query keys.
 * An action on a contact message shows the message as answered and refreshes the lists and the
 * home's counts.
 */

export const ADMIN_HOME_KEY = ['admin', 'home'] as const;
export const CONTACT_ROOT = ['admin', 'contact'] as const;

export type SortChoice = 'newest' | 'oldest' | 'emailAsc' | 'emailDesc';
const SORTS: Readonly<Record<SortChoice, { sort: 'createdAt' | 'email'; direction: 'asc' | 'desc' }>> = {
  newest: { sort: 'createdAt', direction: 'desc' },
  oldest: { sort: 'createdAt', direction: 'asc' },
  emailAsc: { sort: 'email', direction: 'asc' },
  emailDesc: { sort: 'email', direction: 'desc' },
};

export interface SubscriberFilters {
  status: SubscriberStatus | '';
  q: string;
  sort: SortChoice;
}

export interface ContactFilters {
  status: ContactMessageStatus | '';
  q: string;
  sort: SortChoice;
}

export const SUBSCRIBERS_PAGE_SIZE = 25;
export const CONTACT_PAGE_SIZE = 20;

/** The filters and sort as the API's query (empty filters left out). */
export function filterQuery(filters: SubscriberFilters | ContactFilters): Query {
  return { status: filters.status, q: filters.q.trim(), ...SORTS[filters.sort] };
}

export const subscribersKey = (filters: SubscriberFilters, page: number) => ['admin', 'subscribers', filters, page] as const;
export const CONTACT_LISTS = [...CONTACT_ROOT, 'list'] as const;
export const contactListKey = (filters: ContactFilters, page: number) => [...CONTACT_LISTS, filters, page] as const;
export const contactMessageKey = (id: string) => [...CONTACT_ROOT, 'message', id] as const;

const messagePath = (id: string) => `/admin/contact-messages/${encodeURIComponent(id)}`;

export const inboxApi = {
  home: (signal?: AbortSignal) => api.get<AdminHome>('/admin/home', { signal }),
  subscribers: (filters: SubscriberFilters, page: number, signal?: AbortSignal) =>
    api.get<SubscribersPage>('/admin/subscribers', { query: { page, pageSize: SUBSCRIBERS_PAGE_SIZE, ...filterQuery(filters) }, signal }),
  /** The CSV download's address: the same filters, every matching row. */
  subscribersCsvUrl: (filters: SubscriberFilters) => buildUrl('/admin/subscribers.csv', filterQuery(filters)),
  contactMessages: (filters: ContactFilters, page: number, signal?: AbortSignal) =>
    api.get<ContactMessagesPage>('/admin/contact-messages', { query: { page, pageSize: CONTACT_PAGE_SIZE, ...filterQuery(filters) }, signal }),
  contactMessage: (id: string, signal?: AbortSignal) => api.get<ContactMessageDetail>(messagePath(id), { signal }),
  reply: (id: string, body: ContactReplyValues) => api.post<ContactActionAnswer>(`${messagePath(id)}/reply`, body),
  close: (id: string) => api.post<ContactActionAnswer>(`${messagePath(id)}/close`),
  reopen: (id: string) => api.post<ContactActionAnswer>(`${messagePath(id)}/reopen`),
};
