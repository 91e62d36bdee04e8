import { ADMIN_HOME_CONTRACTS, CONTACT_ADMIN_CONTRACTS, SUBSCRIBER_CONTRACTS, type ContactMessageStatus, type ContactReplyValues, type SubscriberStatus } from '@landunits/domain/contracts';
import { call, urlOf, type Query } from '../api/api-client';

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

export const inboxApi = {
  home: (signal?: AbortSignal) => call(ADMIN_HOME_CONTRACTS.home, { signal }),
  subscribers: (filters: SubscriberFilters, page: number, signal?: AbortSignal) =>
    call(SUBSCRIBER_CONTRACTS.list, { query: { page, pageSize: SUBSCRIBERS_PAGE_SIZE, ...filterQuery(filters) }, signal }),
  /** The CSV download's address: the same filters, every matching row. */
  subscribersCsvUrl: (filters: SubscriberFilters) => urlOf(SUBSCRIBER_CONTRACTS.csv, { query: filterQuery(filters) }),
  contactMessages: (filters: ContactFilters, page: number, signal?: AbortSignal) =>
    call(CONTACT_ADMIN_CONTRACTS.list, { query: { page, pageSize: CONTACT_PAGE_SIZE, ...filterQuery(filters) }, signal }),
  contactMessage: (id: string, signal?: AbortSignal) => call(CONTACT_ADMIN_CONTRACTS.detail, { params: { id }, signal }),
  reply: (id: string, body: ContactReplyValues) => call(CONTACT_ADMIN_CONTRACTS.reply, { params: { id }, body }),
  close: (id: string) => call(CONTACT_ADMIN_CONTRACTS.close, { params: { id } }),
  reopen: (id: string) => call(CONTACT_ADMIN_CONTRACTS.reopen, { params: { id } }),
};
