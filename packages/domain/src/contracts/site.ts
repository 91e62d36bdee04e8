import { z } from 'zod';
import { NEWS_PAGE_SIZE, SITE_API } from '../site/site-api';
import { ContactFormSchema, NewsletterSubscribeSchema } from '../site/site-forms';
import { IMPACT_METRIC_KEYS, ImpactMetricsSchema } from '../site/statistics';
import { defineRoute, IsoDateTime, MessageSchema } from './contract';

/** The public website's API (docs/api/site.md, docs/api/newsletter-contact.md). */

const CURRENCY_KEYS = { GBP: z.string(), USD: z.string(), EUR: z.string(), AUD: z.string() };
const ImpactSchema = z.object(Object.fromEntries(IMPACT_METRIC_KEYS.map((k) => [k, z.string()])) as Record<(typeof IMPACT_METRIC_KEYS)[number], z.ZodString>);

export const NewsCategorySchema = z.object({ name: z.string(), slug: z.string() });
export const NewsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  link: z.string().nullable(),
  hasBody: z.boolean(),
  publishedAt: IsoDateTime,
  category: NewsCategorySchema,
  isDemo: z.boolean(),
});
export const NewsArticleSchema = NewsItemSchema.extend({ body: z.string() });
export const NewsPageSchema = z.object({
  items: z.array(NewsItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  category: NewsCategorySchema.nullable(),
});
/** The largest page asked for that is answered; the web's ?page= parser reads at most 6 digits. */
export const NEWS_MAX_PAGE = 1_000_000;

export const NEWS_MESSAGES = {
  pageInvalid: 'Page must be a whole number from 1 to 1,000,000.',
  categoryUnknown: 'This news category does not exist.',
  articleUnknown: 'This news article does not exist.',
} as const;

/**
 * ?category=<slug>&page=<n>. `page` is plain digits only (no signs, exponents, hex or spaces, which
 * Number() would take); an empty `category` means all news, as the web client leaves it out.
 */
export const NewsQuerySchema = z
  .object({
    category: z
      .string()
      .optional()
      .transform((slug) => (slug ? slug : undefined)),
    page: z
      .string({ message: NEWS_MESSAGES.pageInvalid })
      .regex(/^\d{1,7}$/, NEWS_MESSAGES.pageInvalid)
      .transform(Number)
      .refine((page) => page >= 1 && page <= NEWS_MAX_PAGE, NEWS_MESSAGES.pageInvalid)
      .optional()
      .default(1),
  })
  .describe(`Pages of ${NEWS_PAGE_SIZE}, newest first.`);
export type NewsQuery = z.output<typeof NewsQuerySchema>;
export const TeamMemberSchema = z.object({ id: z.number().int(), name: z.string(), role: z.string(), bio: z.string(), photo: z.string().nullable(), isDemo: z.boolean() });
export const SiteStatisticsSchema = z.object({
  growthPerYearPercent: z.string(),
  growthByYear: z.array(z.object({ year: z.number().int(), prices: z.object(CURRENCY_KEYS) })),
  landValues: z.object({ GBP: z.number(), USD: z.number(), EUR: z.number(), AUD: z.number() }),
  exchangeRates: z.object({ USD: z.string(), EUR: z.string(), AUD: z.string() }),
  maxLandUnitsForSalePercent: z.string(),
  impact: ImpactSchema,
  asOf: z.string(),
});
export const ImpactViewSchema = z.object({ impact: ImpactSchema, version: z.number().int(), updatedAt: IsoDateTime.nullable() });

const area = 'Website';
const admin = 'Admin';

export const SITE_CONTRACTS = {
  newsCategories: defineRoute({
    method: 'GET',
    path: SITE_API.newsCategories,
    auth: 'public',
    area,
    summary: 'The news categories.',
    responses: { 200: z.array(NewsCategorySchema) },
    errors: [],
  }),
  news: defineRoute({
    method: 'GET',
    path: SITE_API.news,
    auth: 'public',
    area,
    summary: 'A page of news, optionally of one category.',
    request: { query: NewsQuerySchema },
    responses: { 200: NewsPageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  article: defineRoute({
    method: 'GET',
    path: `${SITE_API.article}/:id`,
    auth: 'public',
    area,
    summary: 'One published news article with its body (404 for drafts and articles not yet due).',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: NewsArticleSchema },
    errors: ['NOT_FOUND'],
  }),
  image: defineRoute({
    method: 'GET',
    path: `${SITE_API.images}/:id`,
    auth: 'public',
    area,
    summary: 'An uploaded image of the website (news, team), by the SHA-256 of its content: inline, cached for a year, ETag.',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { mediaType: 'image/*' }, 304: null },
    errors: ['NOT_FOUND'],
  }),
  team: defineRoute({
    method: 'GET',
    path: SITE_API.team,
    auth: 'public',
    area,
    summary: 'The team.',
    responses: { 200: z.array(TeamMemberSchema) },
    errors: [],
  }),
  statistics: defineRoute({
    method: 'GET',
    path: SITE_API.statistics,
    auth: 'public',
    area,
    summary: 'The public statistics and impact metrics.',
    responses: { 200: SiteStatisticsSchema },
    errors: [],
  }),
  report2025: defineRoute({
    method: 'GET',
    path: SITE_API.report2025,
    auth: 'public',
    area,
    summary: 'The 2025 report as a PDF (ETag).',
    responses: { 200: { mediaType: 'application/pdf' }, 304: null },
    errors: [],
  }),
  subscribe: defineRoute({
    method: 'POST',
    path: SITE_API.subscribe,
    auth: 'public',
    area,
    summary: 'Subscribes an address to the newsletter (double opt-in).',
    request: { body: NewsletterSubscribeSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  subscriberVerification: defineRoute({
    method: 'GET',
    path: `${SITE_API.subscriberVerification}/:token`,
    auth: 'public',
    area,
    summary: 'Confirms a newsletter subscription.',
    cache: 'no-store',
    request: { params: z.object({ token: z.string() }) },
    responses: { 200: MessageSchema },
    errors: ['TOKEN_INVALID', 'RATE_LIMITED'],
  }),
  contact: defineRoute({
    method: 'POST',
    path: SITE_API.contact,
    auth: 'public',
    area,
    summary: "Sends the contact form (a signed-in sender's account is kept with it).",
    request: { body: ContactFormSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  adminImpact: defineRoute({
    method: 'GET',
    path: '/api/admin/site/impact',
    auth: 'admin',
    permission: 'site.impact',
    area: admin,
    summary: 'The impact metrics the statistics page shows.',
    responses: { 200: ImpactViewSchema },
    errors: [],
  }),
  adminUpdateImpact: defineRoute({
    method: 'PUT',
    path: '/api/admin/site/impact',
    auth: 'admin',
    permission: 'site.impact',
    area: admin,
    summary: 'Replaces the impact metrics.',
    request: { body: ImpactMetricsSchema },
    responses: { 200: ImpactViewSchema },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
