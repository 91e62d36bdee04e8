import type { ChatSendInput, ChatVisitorStartInput, ChatCannedReplyInput, OfficeHours } from '@landunits/domain';
import { CHAT_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, type Query } from '../../shared/api/api-client';

/** The customer's calls (a signed-in person, or a visitor with the chat cookie), each through its contract (CHAT_CONTRACTS). */
export const chatApi = {
  view: (before?: number, signal?: AbortSignal) => call(C.conversation, { query: before ? { before } : {}, signal }),
  start: (body: ChatVisitorStartInput | Record<string, never>) => call(C.start, { body }),
  send: (body: ChatSendInput) => call(C.send, { body }),
  read: (messageId: number) => call(C.read, { body: { messageId } }),
  resume: (token: string) => call(C.resume, { body: { token } }),
};

/** The agents' calls (permission chat.answer). */
export const adminChatApi = {
  inbox: (query: Query, signal?: AbortSignal) => call(C.adminList, { query, signal }),
  get: (id: number, before?: number, signal?: AbortSignal) => call(C.adminGet, { params: { id }, query: before ? { before } : {}, signal }),
  assign: (id: number) => call(C.adminAssign, { params: { id } }),
  send: (id: number, body: ChatSendInput) => call(C.adminSend, { params: { id }, body }),
  read: (id: number, messageId: number) => call(C.adminRead, { params: { id }, body: { messageId } }),
  close: (id: number) => call(C.adminClose, { params: { id } }),
  reopen: (id: number) => call(C.adminReopen, { params: { id } }),
  canned: () => call(C.cannedList),
  addCanned: (body: ChatCannedReplyInput) => call(C.cannedCreate, { body }),
  editCanned: (id: number, body: ChatCannedReplyInput) => call(C.cannedUpdate, { params: { id }, body }),
  deleteCanned: (id: number) => call(C.cannedDelete, { params: { id } }),
  officeHours: () => call(C.officeHours),
  setOfficeHours: (body: OfficeHours) => call(C.setOfficeHours, { body }),
};

export const CHAT_KEYS = {
  view: ['chat', 'view'] as const,
  inbox: (query: Query) => ['admin-chat', 'inbox', query] as const,
  inboxAll: ['admin-chat', 'inbox'] as const,
  detail: (id: number) => ['admin-chat', 'detail', id] as const,
  canned: ['admin-chat', 'canned'] as const,
  officeHours: ['admin-chat', 'office-hours'] as const,
};
