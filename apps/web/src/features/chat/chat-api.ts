import type { ChatSendInput, ChatVisitorStartInput, ChatCannedReplyInput, OfficeHours } from '@landunits/domain';
import {
  CHAT_API,
  type AdminChatDetail,
  type ChatCannedReply,
  type ChatConversationAnswer,
  type ChatInboxPage,
  type ChatMessageAnswer,
  type ChatOfficeHoursAnswer,
  type ChatView,
} from '@landunits/domain/contracts';
import { api, type Query } from '../../shared/api/api-client';

/** CHAT_API paths without the client's /api prefix. */
const p = (path: string, id?: number) => path.replace(/^\/api/, '').replace(':id', String(id ?? ''));

/** The customer's calls (a signed-in person, or a visitor with the chat cookie). */
export const chatApi = {
  view: (before?: number, signal?: AbortSignal) => api.get<ChatView>(p(CHAT_API.conversation), { query: before ? { before } : {}, signal }),
  start: (body: ChatVisitorStartInput | Record<string, never>) => api.post<ChatConversationAnswer>(p(CHAT_API.start), body),
  send: (body: ChatSendInput) => api.post<ChatMessageAnswer>(p(CHAT_API.messages), body),
  read: (messageId: number) => api.post<{ lastReadId: number }>(p(CHAT_API.read), { messageId }),
  resume: (token: string) => api.post<ChatConversationAnswer>(p(CHAT_API.resume), { token }),
};

/** The agents' calls (permission chat.answer). */
export const adminChatApi = {
  inbox: (query: Query, signal?: AbortSignal) => api.get<ChatInboxPage>(p(CHAT_API.adminConversations), { query, signal }),
  get: (id: number, before?: number, signal?: AbortSignal) => api.get<AdminChatDetail>(p(CHAT_API.adminConversation, id), { query: before ? { before } : {}, signal }),
  assign: (id: number) => api.post<ChatConversationAnswer>(p(CHAT_API.adminAssign, id)),
  send: (id: number, body: ChatSendInput) => api.post<ChatMessageAnswer>(p(CHAT_API.adminMessages, id), body),
  read: (id: number, messageId: number) => api.post<{ lastReadId: number }>(p(CHAT_API.adminRead, id), { messageId }),
  close: (id: number) => api.post<ChatConversationAnswer>(p(CHAT_API.adminClose, id)),
  reopen: (id: number) => api.post<ChatConversationAnswer>(p(CHAT_API.adminReopen, id)),
  canned: () => api.get<{ replies: ChatCannedReply[] }>(p(CHAT_API.cannedReplies)),
  addCanned: (body: ChatCannedReplyInput) => api.post<{ message: string; reply: ChatCannedReply }>(p(CHAT_API.cannedReplies), body),
  editCanned: (id: number, body: ChatCannedReplyInput) => api.put<{ message: string; reply: ChatCannedReply }>(p(CHAT_API.cannedReply, id), body),
  deleteCanned: (id: number) => api.delete<{ message: string }>(p(CHAT_API.cannedReply, id)),
  officeHours: () => api.get<ChatOfficeHoursAnswer>(p(CHAT_API.officeHours)),
  setOfficeHours: (body: OfficeHours) => api.put<ChatOfficeHoursAnswer>(p(CHAT_API.officeHours), body),
};

export const CHAT_KEYS = {
  view: ['chat', 'view'] as const,
  inbox: (query: Query) => ['admin-chat', 'inbox', query] as const,
  inboxAll: ['admin-chat', 'inbox'] as const,
  detail: (id: number) => ['admin-chat', 'detail', id] as const,
  canned: ['admin-chat', 'canned'] as const,
  officeHours: ['admin-chat', 'office-hours'] as const,
};
