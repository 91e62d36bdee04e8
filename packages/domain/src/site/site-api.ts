/**
 * The public website's API contract: the newsletter and contact forms' messages (SPEC §5), the
 * paths and the shapes of the public read endpoints. The forms' schemas are in site-forms.ts, apart,
 * so that a page reading these constants does not load the validation library.
 */

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  /** The same answer whether the address is new, waiting for confirmation or already subscribed. */
  checkInbox: 'Thank you. Please check your inbox and follow the link in our email to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. Thank you for following Land Units.',
  tokenInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
} as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  subjectMax: 'Subject must be at most 150 characters',
  messageRequired: 'Message is required',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must be at most 5000 characters',
  sent: 'Thank you for your message. We will answer by email within two working days.',
} as const;

/** GET /api/site/news/categories */
export interface NewsCategory {
  name: string;
  slug: string;
}

/** One news item (SPEC §3: image, title, desc, link). `image` is a path this site serves. */
export interface NewsItem {
  id: number;
  title: string;
  desc: string;
  image: string;
  imageAlt: string;
  link: string;
  /** ISO date-time. */
  publishedAt: string;
  category: NewsCategory;
  isDemo: boolean;
}

/** GET /api/site/news?category=slug&page=N (page size 12, newest first). */
export interface NewsPage {
  items: NewsItem[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  /** The category asked for, or null for all news. */
  category: NewsCategory | null;
}

/** GET /api/site/team */
export interface TeamMember {
  id: number;
  name: string;
  role: string;
  bio: string;
  isDemo: boolean;
}

/** GET /api/site/statistics (SPEC §3 Statistics). Money in cents, rates and percents as exact decimal strings. */
export interface SiteStatistics {
  /** Yearly growth of the Unit price as a percent string, e.g. "7.5". */
  growthPerYearPercent: string;
  /** Price of one Unit on 1 January of each year from the epoch year, per currency (6-place strings). */
  growthByYear: { year: number; prices: Record<'GBP' | 'USD' | 'EUR' | 'AUD', string> }[];
  /** Land value managed, in cents, per currency (GBP × rate). */
  landValues: Record<'GBP' | 'USD' | 'EUR' | 'AUD', number>;
  /** GBP-based exchange rates, exact decimal strings. */
  exchangeRates: Record<'USD' | 'EUR' | 'AUD', string>;
  /** Share of the land value that may be outstanding as Units, percent string, e.g. "84.74". */
  maxLandUnitsForSalePercent: string;
  impact: ImpactMetrics;
  /** ISO date the figures are for (today, UTC). */
  asOf: string;
}

/** SPEC §3 impact metrics, each a percent string with at most 2 decimals (e.g. "30"). */
export interface ImpactMetrics {
  co2Offset: string;
  forestIncrease: string;
  naturalNitrogen: string;
  organicIncrease: string;
  pesticideElimination: string;
  hedgerowIncrease: string;
  carbonSequestration: string;
}

/** Public API paths of the website, used by the pages and by the server's first render. */
export const SITE_API = {
  news: '/api/site/news',
  newsCategories: '/api/site/news/categories',
  team: '/api/site/team',
  statistics: '/api/site/statistics',
  report2025: '/api/site/report-2025.pdf',
  subscribe: '/api/subscribe/subscribeUser',
  subscriberVerification: '/api/subscribe/subscriberVerification',
  contact: '/api/user/create_contact_form_email',
} as const;

export const NEWS_PAGE_SIZE = 12;
