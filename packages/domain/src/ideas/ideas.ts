import { z } from 'zod';

/**
 * Community ideas (PRODUCT-DECISIONS §11, decision 0028): a signed-in person suggests an idea
 * (title and description); others support it once each (never their own) and may withdraw their
 * support; admins set its status with a reply the author is emailed, and may hide it with a reason.
 */

export const IDEA_STATUSES = ['new', 'under_review', 'adopted', 'declined'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

export const IDEA_STATUS_LABELS: Readonly<Record<IdeaStatus, string>> = {
  new: 'New',
  under_review: 'Under review',
  adopted: 'Adopted',
  declined: 'Declined',
};

/** The badge tone of each status (the UI kit's StatusBadge tones). */
export const IDEA_STATUS_TONES: Readonly<Record<IdeaStatus, 'neutral' | 'info' | 'success' | 'danger'>> = {
  new: 'neutral',
  under_review: 'info',
  adopted: 'success',
  declined: 'danger',
};

/** The list's orders: most supported first, or newest first. */
export const IDEA_SORTS = ['support', 'newest'] as const;
export type IdeaSort = (typeof IDEA_SORTS)[number];
export const IDEA_SORT_LABELS: Readonly<Record<IdeaSort, string>> = { support: 'Most supported', newest: 'Newest' };

export const IDEA_LIMITS = { title: 120, titleMin: 5, description: 4000, descriptionMin: 20, reply: 2000, reason: 500, pageSize: 20 } as const;

export const IDEA_MESSAGES = {
  titleRequired: 'Give your idea a title',
  titleMin: `The title must be at least ${IDEA_LIMITS.titleMin} characters`,
  titleMax: `The title must be at most ${IDEA_LIMITS.title} characters`,
  descriptionRequired: 'Describe your idea',
  descriptionMin: `Describe your idea in at least ${IDEA_LIMITS.descriptionMin} characters`,
  descriptionMax: `The description must be at most ${IDEA_LIMITS.description.toLocaleString('en-US')} characters`,
  statusInvalid: 'Choose new, under review, adopted or declined',
  replyRequired: 'Write the reply the author will read',
  replyMax: `The reply must be at most ${IDEA_LIMITS.reply.toLocaleString('en-US')} characters`,
  reasonRequired: 'Say why the idea is hidden',
  reasonMax: `The reason must be at most ${IDEA_LIMITS.reason} characters`,
  submitted: 'Thank you. Your idea is now listed for the community.',
  supported: 'You support this idea.',
  unsupported: 'You no longer support this idea.',
  ownIdea: 'You cannot support your own idea.',
  notFound: 'This idea was not found.',
  statusSet: 'The status was saved and the author was told.',
  hidden: 'The idea is hidden from the community.',
  shown: 'The idea is shown to the community again.',
} as const;

const M = IDEA_MESSAGES;

/** Text people type: trimmed; control characters other than line breaks and tabs are refused by length only. */
const text = (required: string, min: number, minMessage: string, max: number, maxMessage: string) => z.string({ message: required }).trim().min(1, required).min(min, minMessage).max(max, maxMessage);

/** What a person submits (the form and the API). */
export const IdeaInputSchema = z
  .object({
    title: text(M.titleRequired, IDEA_LIMITS.titleMin, M.titleMin, IDEA_LIMITS.title, M.titleMax),
    description: text(M.descriptionRequired, IDEA_LIMITS.descriptionMin, M.descriptionMin, IDEA_LIMITS.description, M.descriptionMax),
  })
  .strict();
export type IdeaInput = z.output<typeof IdeaInputSchema>;

/** An admin's decision: the new status and the reply the author reads. */
export const IdeaStatusInputSchema = z
  .object({
    status: z.enum(IDEA_STATUSES, { message: M.statusInvalid }),
    reply: text(M.replyRequired, 1, M.replyRequired, IDEA_LIMITS.reply, M.replyMax),
  })
  .strict();
export type IdeaStatusInput = z.output<typeof IdeaStatusInputSchema>;

/** Hiding an idea needs a reason (kept in the audit log and shown to admins). */
export const IdeaHideInputSchema = z.object({ reason: text(M.reasonRequired, 1, M.reasonRequired, IDEA_LIMITS.reason, M.reasonMax) }).strict();
export type IdeaHideInput = z.output<typeof IdeaHideInputSchema>;

/** The community's list: sorted, filtered by status, one page at a time (kept in the address). */
export const IdeasQuerySchema = z
  .object({
    sort: z.enum(IDEA_SORTS).default('support'),
    /** Empty (as an address without a filter sends it) means every status. */
    status: z
      .enum([...IDEA_STATUSES, ''])
      .optional()
      .transform((v) => (v ? v : undefined)),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type IdeasQuery = z.output<typeof IdeasQuerySchema>;

/** The admins' list: hidden ideas too, and newest first by default. */
export const AdminIdeasQuerySchema = IdeasQuerySchema.extend({
  sort: z.enum(IDEA_SORTS).default('newest'),
  visibility: z.enum(['all', 'shown', 'hidden']).default('all'),
}).strict();
export type AdminIdeasQuery = z.output<typeof AdminIdeasQuerySchema>;
