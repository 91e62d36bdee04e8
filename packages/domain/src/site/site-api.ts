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

/**
 * One published news item (SPEC §3: image, title, desc, link). `image` is a path this site serves
 * (an uploaded image under /api/site/images/, or a demo illustration under /media/news/). "Read
 * more" opens the article on this site when it has a body (`hasBody`), otherwise its `link`.
 */
export interface NewsItem {
  id: number;
  title: string;
  desc: string;
  image: string;
  imageAlt: string;
  /** A page of this site (/…) or an https address; null when the article is only on this site. */
  link: string | null;
  /** Whether the article has a body to read at /news/article/{id}. */
  hasBody: boolean;
  /** ISO date-time. */
  publishedAt: string;
  category: NewsCategory;
  isDemo: boolean;
}

/** GET /api/site/articles/{id}: one published article with its body (plain text). */
export interface NewsArticle extends NewsItem {
  body: string;
}

/** Where "Read more" of a news item leads: its article on this site when it has a body, else its link. */
export const readMoreHref = (item: Pick<NewsItem, 'id' | 'hasBody' | 'link'>): string => (item.hasBody || !item.link ? `/news/article/${item.id}` : item.link);

/**
 * An article's body as paragraphs: plain text, paragraphs separated by a blank line, each shown as
 * it was typed (line breaks inside a paragraph kept by the page's CSS). No markup is interpreted.
 */
export function bodyParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
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
  /** The photo's address on this site; null shows the person's initials. */
  photo: string | null;
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
/**
 * The regulatory and security statements as the public site may show them (`GET /api/site/trust`,
 * decision 0065): each null while the operator has not written it or a [placeholder] is left.
 * Here, without the validation library, because the footer of every page reads them.
 */
export interface TrustStatementsView {
  regulatoryLine: string | null;
  regulatory: string | null;
  security: string | null;
}

/** Where the full statements are on the public site. */
export const TRUST_PAGE = { path: '/about-us', regulatoryAnchor: 'regulatory-statement', securityAnchor: 'security-statement' } as const;

export const SITE_API = {
  news: '/api/site/news',
  newsCategories: '/api/site/news/categories',
  /** + /{id}: one published article. */
  article: '/api/site/articles',
  /** + /{sha256}.{png|jpg}: an uploaded image of the website, cached for a year. */
  images: '/api/site/images',
  team: '/api/site/team',
  statistics: '/api/site/statistics',
  /** The regulatory and security statements, as far as the operator has written them (decision 0065). */
  trust: '/api/site/trust',
  report2025: '/api/site/report-2025.pdf',
  subscribe: '/api/subscribe/subscribeUser',
  subscriberVerification: '/api/subscribe/subscriberVerification',
  contact: '/api/user/create_contact_form_email',
} as const;

export const NEWS_PAGE_SIZE = 12;
