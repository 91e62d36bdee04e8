import type { ChatMessage } from '@landunits/domain/contracts';

/**
 * The message list's state, shared by the customer's and the agent's views: stored messages
 * (from the page load, older pages, send answers and the stream) kept once each by id, in id
 * order; and one's own messages still on their way, keyed by their clientId.
 */

export type ChatSide = ChatMessage['from'];

export interface OutgoingMessage {
  clientId: string;
  body: string;
  state: 'sending' | 'failed';
}

export interface ThreadState {
  messages: readonly ChatMessage[];
  pending: readonly OutgoingMessage[];
}

export const EMPTY_THREAD: ThreadState = { messages: [], pending: [] };

/** Adds messages to a list without duplicates (the stream may replay what a page load gave). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Stored messages arrived: merged in, and one's own pending copies (same clientId) dropped. */
export function addStored(state: ThreadState, incoming: readonly ChatMessage[]): ThreadState {
  const done = new Set(incoming.map((m) => m.clientId).filter((id): id is string => id !== null));
  const messages = mergeMessages(state.messages, incoming);
  const pending = done.size ? state.pending.filter((p) => !done.has(p.clientId)) : state.pending;
  if (messages === state.messages && pending === state.pending) return state;
  return { messages, pending };
}

/** One's own message is on its way (a retry keeps its clientId, so the server stores it once). */
export function addPending(state: ThreadState, message: { clientId: string; body: string }): ThreadState {
  const others = state.pending.filter((p) => p.clientId !== message.clientId);
  return { ...state, pending: [...others, { ...message, state: 'sending' }] };
}

export function markFailed(state: ThreadState, clientId: string): ThreadState {
  return { ...state, pending: state.pending.map((p) => (p.clientId === clientId ? { ...p, state: 'failed' } : p)) };
}

export type DeliveryMark = 'Sending…' | 'Sent' | 'Read' | 'Not sent';

/** The mark under one's own message: stored and read by the other side up to its id, or only stored. */
export function deliveryMark(message: ChatMessage | OutgoingMessage, otherSideLastReadId: number): DeliveryMark {
  if ('state' in message) return message.state === 'sending' ? 'Sending…' : 'Not sent';
  return otherSideLastReadId >= message.id ? 'Read' : 'Sent';
}

/** The newest message id of the other side, for marking read. */
export function newestFrom(messages: readonly ChatMessage[], side: ChatSide): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.from === side) return messages[i]!.id;
  return 0;
}

export const newClientId = (): string => crypto.randomUUID();

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** A message's time: hours and minutes today, with the day before that. */
export function messageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? TIME.format(date) : `${DAY.format(date)}, ${TIME.format(date)}`;
}

/** "5 min", "2 h 10 min": how long a customer has been waiting. */
export function waitingFor(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}
