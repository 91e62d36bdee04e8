import { z } from 'zod';
import {
  CHAT_INBOX_VIEWS,
  CHAT_SIDES,
  CHAT_STATUSES,
  ChatCannedReplyInputSchema,
  ChatHistoryQuerySchema,
  ChatInboxQuerySchema,
  ChatReadSchema,
  ChatResumeSchema,
  ChatSendSchema,
  ChatStartSchema,
  ChatStreamQuerySchema,
} from '../chat/schemas';
import { OfficeHoursSchema } from '../chat/office-hours';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';

/**
 * The live sales chat (PRODUCT-DECISIONS §13, decision 0029). The two streams answer
 * `text/event-stream` (server-sent events): each event's `id` is a message id, the events are
 * `message` (a ChatMessage), `read` ({side, messageId, conversationId}) and `conversation`
 * (a Conversation, on start, assignment, close and reopen). A client reconnecting with
 * Last-Event-ID (or `?after=`) gets every message with a larger id first, then live ones.
 */

export const CHAT_API = {
  start: '/api/chat/conversations',
  conversation: '/api/chat/conversation',
  messages: '/api/chat/conversation/messages',
  read: '/api/chat/conversation/read',
  stream: '/api/chat/conversation/stream',
  unread: '/api/chat/unread',
  resume: '/api/chat/resume',
  adminConversations: '/api/admin/chat/conversations',
  adminConversation: '/api/admin/chat/conversations/:id',
  adminAssign: '/api/admin/chat/conversations/:id/assign',
  adminMessages: '/api/admin/chat/conversations/:id/messages',
  adminRead: '/api/admin/chat/conversations/:id/read',
  adminClose: '/api/admin/chat/conversations/:id/close',
  adminReopen: '/api/admin/chat/conversations/:id/reopen',
  adminStream: '/api/admin/chat/stream',
  cannedReplies: '/api/admin/chat/canned-replies',
  cannedReply: '/api/admin/chat/canned-replies/:id',
  officeHours: '/api/admin/chat/office-hours',
} as const;

/** The event names of both streams. */
/**
 * `ready` is sent once the replay is done, with the id the stream has reached as its event id: a
 * client that has seen no message yet still reconnects from there (Last-Event-ID), not from "now".
 */
export const CHAT_EVENTS = { message: 'message', read: 'read', conversation: 'conversation', ready: 'ready' } as const;
/** The visitor's cookie (an httpOnly random token, stored as its SHA-256). */
export const CHAT_VISITOR_COOKIE = 'chat_visitor';

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  from: z.enum(CHAT_SIDES),
  /** The agent's first name, or the customer's name. */
  authorName: z.string(),
  /** Plain text, exactly as sent (trimmed); never HTML. */
  body: z.string(),
  clientId: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type ChatMessage = z.output<typeof ChatMessageSchema>;

export const ChatConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(CHAT_STATUSES),
  assignedAgentName: z.string().nullable(),
  customerLastReadId: z.number().int(),
  agentLastReadId: z.number().int(),
  createdAt: IsoDateTime,
});
export type ChatConversation = z.output<typeof ChatConversationSchema>;

/** A `read` event's data. */
export const ChatReadEventSchema = z.object({ conversationId: z.number().int(), side: z.enum(CHAT_SIDES), messageId: z.number().int() });
export type ChatReadEvent = z.output<typeof ChatReadEventSchema>;

export const ChatOfficeHoursStatusSchema = z.object({ open: z.boolean(), expectedReply: z.string() });

export const ChatViewSchema = z.object({
  conversation: ChatConversationSchema.nullable(),
  /** The newest 50 (or the 50 before `before`), oldest first. */
  messages: z.array(ChatMessageSchema),
  hasOlder: z.boolean(),
  officeHours: ChatOfficeHoursStatusSchema,
  /** Agent messages after customerLastReadId. */
  unread: z.number().int(),
});
export type ChatView = z.output<typeof ChatViewSchema>;

const ConversationAnswerSchema = MessageSchema.extend({ conversation: ChatConversationSchema });
export type ChatConversationAnswer = z.output<typeof ConversationAnswerSchema>;
const ChatMessageAnswerSchema = z.object({ message: ChatMessageSchema });
export type ChatMessageAnswer = z.output<typeof ChatMessageAnswerSchema>;
const ReadAnswerSchema = z.object({ lastReadId: z.number().int() });

export const ChatInboxRowSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  kind: z.enum(['visitor', 'user']),
  status: z.enum(CHAT_STATUSES),
  assignedAgentName: z.string().nullable(),
  /** The oldest customer message not answered yet. */
  waitingSince: IsoDateTime.nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: IsoDateTime.nullable(),
  unread: z.number().int(),
  createdAt: IsoDateTime,
});
export type ChatInboxRow = z.output<typeof ChatInboxRowSchema>;
export const ChatInboxPageSchema = z.object({ conversations: z.array(ChatInboxRowSchema), view: z.enum(CHAT_INBOX_VIEWS), ...PAGING });
export type ChatInboxPage = z.output<typeof ChatInboxPageSchema>;

export const ChatCustomerPanelSchema = z.object({
  userId: z.string(),
  verificationStatus: z.object({ profile: z.string(), bank: z.string() }),
  recentOrders: z.array(z.object({ id: z.string(), type: z.string(), status: z.string(), amount: z.string(), date: IsoDateTime })),
});
export type ChatCustomerPanel = z.output<typeof ChatCustomerPanelSchema>;

export const AdminChatDetailSchema = z.object({
  conversation: ChatConversationSchema.extend({ customerName: z.string(), customerEmail: z.string(), kind: z.enum(['visitor', 'user']), assignedToMe: z.boolean() }),
  messages: z.array(ChatMessageSchema),
  hasOlder: z.boolean(),
  /** For signed-in customers; null for visitors. */
  customer: ChatCustomerPanelSchema.nullable(),
});
export type AdminChatDetail = z.output<typeof AdminChatDetailSchema>;

export const ChatCannedReplySchema = z.object({ id: z.number().int(), title: z.string(), body: z.string(), updatedAt: IsoDateTime });
export type ChatCannedReply = z.output<typeof ChatCannedReplySchema>;
const CannedListSchema = z.object({ replies: z.array(ChatCannedReplySchema) });
const CannedAnswerSchema = MessageSchema.extend({ reply: ChatCannedReplySchema });

export const ChatOfficeHoursAnswerSchema = z.object({ officeHours: OfficeHoursSchema, open: z.boolean(), expectedReply: z.string() });
export type ChatOfficeHoursAnswer = z.output<typeof ChatOfficeHoursAnswerSchema>;

/** A conversation's or canned reply's id: anything that cannot be one is a 404, as for an unknown one. */
const IdParams = z.object({ id: z.string() });
const EVENT_STREAM = { mediaType: 'text/event-stream' } as const;
const area = 'Chat';
const permission = 'chat.answer' as const;

/** Customer routes: a signed-in person (session) or a visitor (the chat_visitor cookie), hence `public`; never cached. */
const customer = { auth: 'public', cache: 'no-store' } as const;
export const CHAT_CONTRACTS = {
  start: defineRoute({
    method: 'POST',
    path: CHAT_API.start,
    ...customer,
    area,
    summary: 'Starts (or reuses) one’s open conversation: a visitor gives name, email and consent and gets the visitor cookie; a signed-in person sends {}. Rate-limited.',
    request: { body: ChatStartSchema },
    responses: { 200: ConversationAnswerSchema, 201: ConversationAnswerSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  conversation: defineRoute({
    method: 'GET',
    path: CHAT_API.conversation,
    ...customer,
    area,
    summary: 'One’s open (or latest) conversation with its newest 50 messages, office hours and unread count.',
    request: { query: ChatHistoryQuerySchema },
    responses: { 200: ChatViewSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  send: defineRoute({
    method: 'POST',
    path: CHAT_API.messages,
    ...customer,
    area,
    summary: 'Sends a message (text, 1–2,000 characters); the same clientId again answers the stored message. Rate-limited.',
    request: { body: ChatSendSchema },
    responses: { 200: ChatMessageAnswerSchema, 201: ChatMessageAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  }),
  read: defineRoute({
    method: 'POST',
    path: CHAT_API.read,
    ...customer,
    area,
    summary: 'Marks the agents’ messages read up to an id.',
    request: { body: ChatReadSchema },
    responses: { 200: ReadAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  stream: defineRoute({
    method: 'GET',
    path: CHAT_API.stream,
    ...customer,
    area,
    summary: 'Server-sent events of one’s conversation (message, read, conversation); Last-Event-ID or ?after= replays missed messages first.',
    request: { query: ChatStreamQuerySchema },
    responses: { 200: EVENT_STREAM },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  unread: defineRoute({
    method: 'GET',
    path: CHAT_API.unread,
    auth: 'user',
    area,
    summary: 'The number of agent messages the signed-in person has not read (the header badge).',
    responses: { 200: z.object({ unread: z.number().int() }) },
    errors: [],
  }),
  resume: defineRoute({
    method: 'POST',
    path: CHAT_API.resume,
    ...customer,
    area,
    summary: 'Continues a visitor’s conversation from the emailed link: sets the visitor cookie. Rate-limited.',
    request: { body: ChatResumeSchema },
    responses: { 200: ConversationAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'],
  }),
  adminList: defineRoute({
    method: 'GET',
    path: CHAT_API.adminConversations,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'The chat inbox (unassigned, mine, all; open or closed), oldest waiting first, one page of 20.',
    request: { query: ChatInboxQuerySchema },
    responses: { 200: ChatInboxPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  adminGet: defineRoute({
    method: 'GET',
    path: CHAT_API.adminConversation,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'One conversation with its newest 50 messages and, for a signed-in customer, verification and recent orders.',
    request: { params: IdParams, query: ChatHistoryQuerySchema },
    responses: { 200: AdminChatDetailSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  adminAssign: defineRoute({
    method: 'POST',
    path: CHAT_API.adminAssign,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Assigns the conversation to oneself. Audited.',
    request: { params: IdParams },
    responses: { 200: ConversationAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
  adminSend: defineRoute({
    method: 'POST',
    path: CHAT_API.adminMessages,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Replies (assigning an unassigned conversation to oneself); the same clientId again answers the stored message. Rate-limited.',
    request: { params: IdParams, body: ChatSendSchema },
    responses: { 200: ChatMessageAnswerSchema, 201: ChatMessageAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  }),
  adminRead: defineRoute({
    method: 'POST',
    path: CHAT_API.adminRead,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Marks the customer’s messages read up to an id.',
    request: { params: IdParams, body: ChatReadSchema },
    responses: { 200: ReadAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  adminClose: defineRoute({
    method: 'POST',
    path: CHAT_API.adminClose,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Closes the conversation. Audited.',
    request: { params: IdParams },
    responses: { 200: ConversationAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
  adminReopen: defineRoute({
    method: 'POST',
    path: CHAT_API.adminReopen,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Reopens a closed conversation (unless the customer has started another). Audited.',
    request: { params: IdParams },
    responses: { 200: ConversationAnswerSchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  adminStream: defineRoute({
    method: 'GET',
    path: CHAT_API.adminStream,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Server-sent events of every conversation (message, read, conversation); Last-Event-ID or ?after= replays missed messages first.',
    request: { query: ChatStreamQuerySchema },
    responses: { 200: EVENT_STREAM },
    errors: ['VALIDATION_FAILED'],
  }),
  cannedList: defineRoute({
    method: 'GET',
    path: CHAT_API.cannedReplies,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'The canned replies, by title.',
    responses: { 200: CannedListSchema },
    errors: [],
  }),
  cannedCreate: defineRoute({
    method: 'POST',
    path: CHAT_API.cannedReplies,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Adds a canned reply. Audited.',
    request: { body: ChatCannedReplyInputSchema },
    responses: { 201: CannedAnswerSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  cannedUpdate: defineRoute({
    method: 'PUT',
    path: CHAT_API.cannedReply,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Changes a canned reply. Audited.',
    request: { params: IdParams, body: ChatCannedReplyInputSchema },
    responses: { 200: CannedAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  cannedDelete: defineRoute({
    method: 'DELETE',
    path: CHAT_API.cannedReply,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Deletes a canned reply. Audited.',
    request: { params: IdParams },
    responses: { 200: MessageSchema },
    errors: ['NOT_FOUND'],
  }),
  officeHours: defineRoute({
    method: 'GET',
    path: CHAT_API.officeHours,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'The chat’s office hours and whether it is open now.',
    responses: { 200: ChatOfficeHoursAnswerSchema },
    errors: [],
  }),
  setOfficeHours: defineRoute({
    method: 'PUT',
    path: CHAT_API.officeHours,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Changes the chat’s office hours. Audited.',
    request: { body: OfficeHoursSchema },
    responses: { 200: ChatOfficeHoursAnswerSchema },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
