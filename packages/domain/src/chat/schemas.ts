import { z } from 'zod';
import { EmailSchema } from '../validation/auth';

/**
 * The live sales chat (PRODUCT-DECISIONS §13, decision 0029): what a visitor, a signed-in person
 * and an agent send, with the exact messages the forms and the API show.
 */

export const CHAT_LIMITS = {
  body: 2000,
  name: 100,
  nameMin: 2,
  cannedTitle: 80,
  cannedBody: 2000,
  /** Newest messages in one answer; older ones with `before`. */
  pageSize: 50,
  inboxPageSize: 20,
  expectedReplyMinutesMax: 7 * 24 * 60,
} as const;

export const CHAT_SIDES = ['customer', 'agent'] as const;
export type ChatSide = (typeof CHAT_SIDES)[number];
export const CHAT_STATUSES = ['open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_INBOX_VIEWS = ['unassigned', 'mine', 'all'] as const;
export type ChatInboxView = (typeof CHAT_INBOX_VIEWS)[number];

export const CHAT_MESSAGES = {
  bodyRequired: 'Write a message',
  bodyMax: `A message can be at most ${CHAT_LIMITS.body.toLocaleString('en-US')} characters`,
  clientIdInvalid: 'The message needs a client id (a UUID)',
  nameRequired: 'Tell us your name',
  nameMin: `Your name must be at least ${CHAT_LIMITS.nameMin} characters`,
  nameMax: `Your name must be at most ${CHAT_LIMITS.name} characters`,
  consentRequired: 'Agree to be contacted about your question to start the chat',
  messageIdInvalid: 'Give the id of a message',
  cannedTitleRequired: 'Give the reply a title',
  cannedTitleMax: `The title must be at most ${CHAT_LIMITS.cannedTitle} characters`,
  cannedBodyRequired: 'Write the reply',
  cannedBodyMax: `The reply must be at most ${CHAT_LIMITS.cannedBody.toLocaleString('en-US')} characters`,
  timezoneInvalid: 'Choose a time zone (e.g. Europe/London)',
  dayInvalid: 'Choose a day of the week',
  dayTwice: 'Each day can be listed once',
  timeInvalid: 'Write the time as HH:MM (24-hour clock)',
  closesBeforeOpens: 'The closing time must be after the opening time',
  expectedReplyInvalid: `The expected reply time must be a whole number of minutes between 1 and ${CHAT_LIMITS.expectedReplyMinutesMax.toLocaleString('en-US')}`,
  tokenInvalid: 'This chat link is invalid or has expired.',
  notFound: 'This conversation was not found.',
  closed: 'This conversation is closed.',
  started: 'Your conversation has started.',
  assigned: 'The conversation is assigned to you.',
  closedDone: 'The conversation is closed.',
  reopened: 'The conversation is open again.',
  cannedSaved: 'The canned reply was saved.',
  cannedDeleted: 'The canned reply was deleted.',
  officeHoursSaved: 'The office hours were saved.',
} as const;

const M = CHAT_MESSAGES;

const requiredText = (required: string, max: number, maxMessage: string) => z.string({ message: required }).trim().min(1, required).max(max, maxMessage);

/** A message's text: trimmed, 1..2,000 characters (counted as the JavaScript string length). */
export const ChatBodySchema = requiredText(M.bodyRequired, CHAT_LIMITS.body, M.bodyMax);

/** A message as a customer or an agent sends it; the same clientId again is the same message. */
export const ChatSendSchema = z
  .object({
    body: ChatBodySchema,
    clientId: z.uuid({ message: M.clientIdInvalid }).max(36, M.clientIdInvalid),
  })
  .strict();
export type ChatSendInput = z.output<typeof ChatSendSchema>;

/** A visitor starts a chat with a name, an email and consent to be contacted (must be true). */
export const ChatVisitorStartSchema = z
  .object({
    name: z.string({ message: M.nameRequired }).trim().min(1, M.nameRequired).min(CHAT_LIMITS.nameMin, M.nameMin).max(CHAT_LIMITS.name, M.nameMax),
    email: EmailSchema,
    consent: z.literal(true, { message: M.consentRequired }),
  })
  .strict();
export type ChatVisitorStartInput = z.output<typeof ChatVisitorStartSchema>;

/** A signed-in person starts with nothing (their account is who they are); a visitor with the above. */
export const ChatStartSchema = z.union([ChatVisitorStartSchema, z.object({}).strict()]);

/** Marks the other side's messages read up to an id. */
export const ChatReadSchema = z.object({ messageId: z.number({ message: M.messageIdInvalid }).int(M.messageIdInvalid).positive(M.messageIdInvalid) }).strict();
export type ChatReadInput = z.output<typeof ChatReadSchema>;

/** The emailed resume link's token. */
export const ChatResumeSchema = z.object({ token: z.string({ message: M.tokenInvalid }).trim().min(20, M.tokenInvalid).max(200, M.tokenInvalid) }).strict();

/** Older messages (`before` an id) of one conversation. */
export const ChatHistoryQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() }).strict();

/** A stream's starting point when the client cannot send Last-Event-ID. */
export const ChatStreamQuerySchema = z.object({ after: z.coerce.number().int().min(0).optional() }).strict();

/** The agents' inbox. */
export const ChatInboxQuerySchema = z
  .object({
    view: z.enum(CHAT_INBOX_VIEWS).default('unassigned'),
    status: z.enum(CHAT_STATUSES).default('open'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type ChatInboxQuery = z.output<typeof ChatInboxQuerySchema>;

/** A canned reply an agent inserts. */
export const ChatCannedReplyInputSchema = z
  .object({
    title: requiredText(M.cannedTitleRequired, CHAT_LIMITS.cannedTitle, M.cannedTitleMax),
    body: requiredText(M.cannedBodyRequired, CHAT_LIMITS.cannedBody, M.cannedBodyMax),
  })
  .strict();
export type ChatCannedReplyInput = z.output<typeof ChatCannedReplyInputSchema>;
