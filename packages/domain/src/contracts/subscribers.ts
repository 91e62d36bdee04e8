import { z } from 'zod';
import { defineRoute, IsoDateTime, PAGING } from './contract';

/**
 * Newsletter subscribers for admins (PRODUCT-DECISIONS §12): the list with its counts per status
 * and a CSV export of the same selection. Permission subscribers.read (OWNER, SUPPORT).
 */

/** confirmed: receives the newsletter; pending: has not followed the link yet; unsubscribed: left. */
export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_SORTS = ['createdAt', 'email'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const filters = {
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  /** Part of the address, any case. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(SUBSCRIBER_SORTS).default('createdAt'),
  direction: z.enum(SORT_DIRECTIONS).default('desc'),
};

export const SubscribersQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    ...filters,
  })
  .strict();
export type SubscribersQuery = z.output<typeof SubscribersQuerySchema>;

/** The CSV export takes the list's filters and sort, and answers every matching row. */
export const SubscribersCsvQuerySchema = z.object(filters).strict();
export type SubscribersCsvQuery = z.output<typeof SubscribersCsvQuerySchema>;

export const SubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: IsoDateTime,
  confirmedAt: IsoDateTime.nullable(),
  unsubscribedAt: IsoDateTime.nullable(),
});
export type Subscriber = z.output<typeof SubscriberSchema>;

export const SubscriberCountsSchema = z.object({ confirmed: z.number().int(), pending: z.number().int(), unsubscribed: z.number().int() });

export const SubscribersPageSchema = z.object({
  subscribers: z.array(SubscriberSchema),
  /** Every subscriber per status, whatever the filters. */
  counts: SubscriberCountsSchema,
  ...PAGING,
});
export type SubscribersPage = z.output<typeof SubscribersPageSchema>;

const area = 'Admin';
const permission = 'subscribers.read' as const;

export const SUBSCRIBER_CONTRACTS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/subscribers',
    auth: 'admin',
    permission,
    area,
    summary: 'Newsletter subscribers filtered by status and address, sorted by address or date, one page, with the counts per status.',
    request: { query: SubscribersQuerySchema },
    responses: { 200: SubscribersPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/admin/subscribers.csv',
    auth: 'admin',
    permission,
    area,
    summary: 'Every subscriber matching the filters as CSV; the export is written to the audit log with its filters.',
    request: { query: SubscribersCsvQuerySchema },
    responses: { 200: { mediaType: 'text/csv' } },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
