import { z } from 'zod';
import { IsoDateTime, PAGING } from './contract';

/**
 * The admin's side of the public website's content (PRODUCT-DECISIONS §12, decision 0020): news
 * articles with their images, news categories and the team. Every route needs `content.manage`
 * (OWNER, SUPPORT); every change writes one audit row and refreshes the server-rendered pages.
 * The schemas below are what the API parses and what the admin forms check as the admin types.
 */

/** Category slugs: lower-case words of letters and digits joined by single dashes (the table's check). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** An uploaded image is named by the SHA-256 of its content (hex). */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{64}$/;

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
/** What an admin sees: a published article whose date has not come yet is `scheduled`. */
export const NEWS_STATES = ['draft', 'scheduled', 'published'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const NEWS_LIMITS = { title: 150, description: 400, body: 20_000, imageAlt: 250, link: 500 } as const;
export const CATEGORY_LIMITS = { name: 60, slug: 60 } as const;
export const TEAM_LIMITS = { name: 100, role: 100, bio: 1000, members: 200 } as const;

export const CONTENT_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: `Title must be at most ${NEWS_LIMITS.title} characters`,
  descriptionRequired: 'Summary is required',
  descriptionMax: `Summary must be at most ${NEWS_LIMITS.description} characters`,
  bodyMax: `The article must be at most ${NEWS_LIMITS.body.toLocaleString('en-US')} characters`,
  categoryRequired: 'Choose a category',
  imageRequired: 'Upload an image for this article',
  imageAltRequired: 'Describe the image for people who cannot see it',
  imageAltMax: `The image description must be at most ${NEWS_LIMITS.imageAlt} characters`,
  linkInvalid: 'Give a page of this site starting with / or an address starting with https://',
  readMoreNeeded: 'Write the article, or give a link for “Read more”',
  publishedAtInvalid: 'Give a valid publish date and time',
  statusInvalid: 'Choose draft or published',
  nameRequired: 'Name is required',
  nameMax: (max: number) => `Name must be at most ${max} characters`,
  slugRequired: 'Slug is required',
  slugFormat: 'Use lower-case letters, digits and single dashes, e.g. land-projects',
  slugMax: `Slug must be at most ${CATEGORY_LIMITS.slug} characters`,
  slugTaken: 'Another category already has this slug',
  roleRequired: 'Role is required',
  roleMax: `Role must be at most ${TEAM_LIMITS.role} characters`,
  bioMax: `The biography must be at most ${TEAM_LIMITS.bio} characters`,
  imageUnknown: 'This image was not found. Please upload it again.',
  imageFileRequired: 'Choose a JPEG or PNG image to upload.',
  categoryUnknown: 'This news category does not exist.',
  categoryInUse: (count: number) => `This category has ${count} news ${count === 1 ? 'article' : 'articles'}. Move or delete ${count === 1 ? 'it' : 'them'} first.`,
  newsNotFound: 'This news article was not found.',
  categoryNotFound: 'This news category was not found.',
  memberNotFound: 'This team member was not found.',
  orderInvalid: 'List every team member once, in the new order.',
  orderChanged: 'The team changed while you were ordering it. Reload the list and try again.',
  teamFull: `The team page shows at most ${TEAM_LIMITS.members} people. Remove someone first.`,
  deleted: 'Deleted.',
} as const;
const M = CONTENT_MESSAGES;

/** A required one-line text: trimmed, not empty, at most `max` characters. */
const requiredText = (required: string, max: number, tooLong: string) => z.string({ message: required }).trim().min(1, required).max(max, tooLong);

/**
 * Where "Read more" may lead: a page of this site ("/statistics", never "//host") or an https
 * address. No other scheme (javascript:, data:) can reach a link on the site.
 */
export function isSafeLink(link: string): boolean {
  if (/[\s\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.length > 0 && link.startsWith('https://');
  } catch {
    return false;
  }
}

const LinkSchema = z
  .string({ message: M.linkInvalid })
  .trim()
  .max(NEWS_LIMITS.link, M.linkInvalid)
  .refine((link) => link === '' || isSafeLink(link), M.linkInvalid)
  .nullable()
  .transform((link) => link || null);

/** Plain text; line ends made \n, trailing space of the whole trimmed. */
const BodySchema = z
  .string({ message: M.bodyMax })
  .transform((body) => body.replace(/\r\n?/g, '\n').trim())
  .refine((body) => body.length <= NEWS_LIMITS.body, M.bodyMax);

/** A news article as the admin saves it. `imageId` null keeps a demo article's illustration. */
export const NewsInputSchema = z
  .object({
    title: requiredText(M.titleRequired, NEWS_LIMITS.title, M.titleMax),
    description: requiredText(M.descriptionRequired, NEWS_LIMITS.description, M.descriptionMax),
    body: BodySchema,
    categoryId: z.number({ message: M.categoryRequired }).int(M.categoryRequired).positive(M.categoryRequired).max(2_147_483_647, M.categoryRequired),
    imageId: z.string({ message: M.imageRequired }).regex(IMAGE_ID_PATTERN, M.imageRequired).nullable(),
    imageAlt: requiredText(M.imageAltRequired, NEWS_LIMITS.imageAlt, M.imageAltMax),
    link: LinkSchema,
    status: z.enum(NEWS_STATUSES, { message: M.statusInvalid }),
    /** When it appears on the site (UTC); null publishes it now. */
    publishedAt: z.iso.datetime({ offset: true, message: M.publishedAtInvalid }).nullable(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!input.body && !input.link) ctx.addIssue({ code: 'custom', message: M.readMoreNeeded, path: ['body'] });
  });
export type NewsInput = z.output<typeof NewsInputSchema>;
export type NewsInputBody = z.input<typeof NewsInputSchema>;

const pageFields = (defaultSize: number) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(defaultSize),
});
const SearchText = z.string().trim().max(100).optional();

export const NEWS_SORTS = ['publishedAt', 'updatedAt', 'title', 'category'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

/** GET /api/admin/site/news: a page of articles, filtered and sorted on the server. */
export const NewsListQuerySchema = z
  .object({
    ...pageFields(20),
    state: z.enum(NEWS_STATES).optional(),
    category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** Words of the title or summary. */
    q: SearchText,
    sort: z.enum(NEWS_SORTS).default('publishedAt'),
    dir: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();
export type NewsListQuery = z.output<typeof NewsListQuerySchema>;

export const AdminNewsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /** The address the site shows the image at. */
  image: z.string(),
  /** The uploaded image; null for a demo article's illustration. */
  imageId: z.string().nullable(),
  imageAlt: z.string(),
  link: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  state: z.enum(NEWS_STATES),
  publishedAt: IsoDateTime.nullable(),
  isDemo: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AdminNewsItem = z.output<typeof AdminNewsItemSchema>;
export const NewsListSchema = z.object({ items: z.array(AdminNewsItemSchema), ...PAGING });
export type AdminNewsList = z.output<typeof NewsListSchema>;
export const NewsItemAnswerSchema = z.object({ item: AdminNewsItemSchema });

/** A news category as the admin saves it. */
export const CategoryInputSchema = z
  .object({
    name: requiredText(M.nameRequired, CATEGORY_LIMITS.name, M.nameMax(CATEGORY_LIMITS.name)),
    slug: z.string({ message: M.slugRequired }).trim().min(1, M.slugRequired).max(CATEGORY_LIMITS.slug, M.slugMax).regex(SLUG_PATTERN, M.slugFormat),
  })
  .strict();
export type CategoryInput = z.output<typeof CategoryInputSchema>;

/** "Land & Water projects" → "land-water-projects": a slug suggested from a name. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_LIMITS.slug)
    .replace(/-+$/, '');
}

export const CATEGORY_SORTS = ['position', 'name', 'slug', 'items'] as const;
export const CategoryListQuerySchema = z
  .object({
    ...pageFields(50),
    q: SearchText,
    sort: z.enum(CATEGORY_SORTS).default('position'),
    dir: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();
export type CategoryListQuery = z.output<typeof CategoryListQuerySchema>;

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  /** How many articles (drafts included) are filed under it. */
  items: z.number().int(),
  createdAt: IsoDateTime,
});
export type AdminCategory = z.output<typeof AdminCategorySchema>;
export const CategoryListSchema = z.object({ categories: z.array(AdminCategorySchema), ...PAGING });
export type AdminCategoryList = z.output<typeof CategoryListSchema>;
export const CategoryAnswerSchema = z.object({ category: AdminCategorySchema });

/** A team member as the admin saves them; `photoId` null shows their initials. */
export const TeamMemberInputSchema = z
  .object({
    name: requiredText(M.nameRequired, TEAM_LIMITS.name, M.nameMax(TEAM_LIMITS.name)),
    role: requiredText(M.roleRequired, TEAM_LIMITS.role, M.roleMax),
    bio: z.string({ message: M.bioMax }).trim().max(TEAM_LIMITS.bio, M.bioMax),
    photoId: z.string({ message: M.imageUnknown }).regex(IMAGE_ID_PATTERN, M.imageUnknown).nullable(),
  })
  .strict();
export type TeamMemberInput = z.output<typeof TeamMemberInputSchema>;

export const AdminTeamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  photoId: z.string().nullable(),
  position: z.number().int(),
  isDemo: z.boolean(),
  updatedAt: IsoDateTime,
});
export type AdminTeamMember = z.output<typeof AdminTeamMemberSchema>;
/** The whole team in the order of /team (at most TEAM_LIMITS.members, so no paging). */
export const TeamListSchema = z.object({ members: z.array(AdminTeamMemberSchema) });
export type AdminTeamList = z.output<typeof TeamListSchema>;
export const TeamMemberAnswerSchema = z.object({ member: AdminTeamMemberSchema });

/** The new order of the team: every member's id once, first shown first. */
export const TeamOrderSchema = z
  .object({ ids: z.array(z.number().int().positive(), { message: M.orderInvalid }).min(1, M.orderInvalid).max(TEAM_LIMITS.members, M.orderInvalid) })
  .strict()
  .refine((order) => new Set(order.ids).size === order.ids.length, { message: M.orderInvalid, path: ['ids'] });

export const SiteImageSchema = z.object({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int() });
export type SiteImage = z.output<typeof SiteImageSchema>;
export const ImageUploadedSchema = z.object({ image: SiteImageSchema });
