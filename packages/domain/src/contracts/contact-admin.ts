import { z } from 'zod';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';
import { SORT_DIRECTIONS } from './subscribers';

/**
 * Contact messages for admins (PRODUCT-DECISIONS §12): the inbox, one message with its replies, a
 * reply emailed to the sender, and closing or reopening. Permission contact.answer (SUPPORT, OWNER).
 */

/** new: nobody has answered; answered: a reply was emailed; closed: nothing more to do. */
export const CONTACT_MESSAGE_STATUSES = ['new', 'answered', 'closed'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const CONTACT_MESSAGE_SORTS = ['createdAt', 'email'] as const;

export const CONTACT_ADMIN_MESSAGES = {
  replyRequired: 'Write the reply the sender will read.',
  replyMax: 'The reply must be at most 5000 characters.',
  replied: 'Your reply was emailed to the sender.',
  closed: 'The message was closed.',
  reopened: 'The message was reopened.',
  notFound: 'This contact message was not found.',
  replyClosed: 'This message is closed. Reopen it to reply.',
  alreadyClosed: 'This message is already closed.',
  notClosed: 'Only a closed message can be reopened.',
} as const;

const M = CONTACT_ADMIN_MESSAGES;

/** The admin's reply, as the sender will read it (the form and the API use this schema). */
export const ContactReplySchema = z
  .object({
    reply: z.string({ message: M.replyRequired }).trim().min(1, M.replyRequired).max(5000, M.replyMax),
  })
  .strict();
export type ContactReplyValues = z.input<typeof ContactReplySchema>;

export const ContactMessagesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    status: z.enum(CONTACT_MESSAGE_STATUSES).optional(),
    /** Part of the name, address, subject or message, any case. */
    q: z.string().trim().max(200).optional(),
    sort: z.enum(CONTACT_MESSAGE_SORTS).default('createdAt'),
    direction: z.enum(SORT_DIRECTIONS).default('desc'),
  })
  .strict();
export type ContactMessagesQuery = z.output<typeof ContactMessagesQuerySchema>;

export const ContactMessageItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** The start of the message, for the list. */
  excerpt: z.string(),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type ContactMessageItem = z.output<typeof ContactMessageItemSchema>;

export const ContactMessagesPageSchema = z.object({
  messages: z.array(ContactMessageItemSchema),
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
  ...PAGING,
});
export type ContactMessagesPage = z.output<typeof ContactMessagesPageSchema>;

export const ContactReplyViewSchema = z.object({
  id: z.number().int(),
  /** The admin who wrote it, by name when the account still exists. */
  adminUserId: z.string(),
  adminName: z.string().nullable(),
  body: z.string(),
  createdAt: IsoDateTime,
});
export type ContactReplyView = z.output<typeof ContactReplyViewSchema>;

export const ContactMessageDetailSchema = z.object({
  message: ContactMessageItemSchema.omit({ excerpt: true }).extend({
    message: z.string(),
    /** The signed-in account that sent it, if any. */
    accountEmail: z.string().nullable(),
  }),
  /** Oldest first. */
  replies: z.array(ContactReplyViewSchema),
});
export type ContactMessageDetail = z.output<typeof ContactMessageDetailSchema>;

const ContactActionAnswerSchema = MessageSchema.extend({ detail: ContactMessageDetailSchema });
export type ContactActionAnswer = z.output<typeof ContactActionAnswerSchema>;

/** Any text: the server answers 404 for an id that is not a number (it names nothing). */
const IdParams = z.object({ id: z.string() });
const area = 'Admin';
const permission = 'contact.answer' as const;

export const CONTACT_ADMIN_CONTRACTS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/contact-messages',
    auth: 'admin',
    permission,
    area,
    summary: 'Contact messages filtered by status and text, sorted by date or address, one page, with the counts per status.',
    request: { query: ContactMessagesQuerySchema },
    responses: { 200: ContactMessagesPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/admin/contact-messages/:id',
    auth: 'admin',
    permission,
    area,
    summary: 'One contact message with every reply sent.',
    request: { params: IdParams },
    responses: { 200: ContactMessageDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/api/admin/contact-messages/:id/reply',
    auth: 'admin',
    permission,
    area,
    summary: 'Emails a reply to the sender, keeps it with the message and marks the message answered.',
    request: { params: IdParams, body: ContactReplySchema },
    responses: { 200: ContactActionAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/admin/contact-messages/:id/close',
    auth: 'admin',
    permission,
    area,
    summary: 'Closes a message: nothing more to do.',
    request: { params: IdParams },
    responses: { 200: ContactActionAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/api/admin/contact-messages/:id/reopen',
    auth: 'admin',
    permission,
    area,
    summary: 'Reopens a closed message (answered when it has replies, else new).',
    request: { params: IdParams },
    responses: { 200: ContactActionAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
} as const;
