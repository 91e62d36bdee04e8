import { CHAT_MESSAGES } from '@landunits/domain';
import type { ChatMessage, ChatView } from '@landunits/domain/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { CustomerChat } from './customer-chat';

/** A stand-in EventSource the test pushes events into. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  emit(name: string, data: unknown, id = '') {
    for (const l of this.listeners.get(name) ?? []) l(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id }));
  }
}

const CONVERSATION = { id: 4, status: 'open' as const, assignedAgentName: 'Anna', customerLastReadId: 0, agentLastReadId: 0, createdAt: '2026-11-25T10:00:00.000Z' };
const msg = (id: number, from: ChatMessage['from'], body: string, clientId: string | null = null): ChatMessage => ({
  id,
  conversationId: 4,
  from,
  authorName: from === 'agent' ? 'Anna' : 'Vera',
  body,
  clientId,
  createdAt: '2026-11-25T10:00:00.000Z',
});
const view = (over: Partial<ChatView> = {}): ChatView => ({
  conversation: CONVERSATION,
  messages: [],
  hasOlder: false,
  officeHours: { open: true, expectedReply: 'We reply within a few minutes' },
  unread: 0,
  ...over,
});
const messages = () => within(screen.getByRole('list', { name: 'Messages' })).queryAllByRole('listitem');

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('the customer chat', () => {
  it("checks the visitor's start form with the shared schema's messages", async () => {
    const api = mockApi({ 'POST /api/chat/conversations': () => json(201, { message: CHAT_MESSAGES.started, conversation: CONVERSATION }) });
    const { user } = renderWithProviders(<CustomerChat view={view({ conversation: null })} signedIn={false} />);
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findByText(CHAT_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(CHAT_MESSAGES.consentRequired)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByLabelText('Your name'), 'Vera Visitor');
    await user.type(screen.getByLabelText('Email'), 'vera@example.com');
    await user.click(screen.getByLabelText('I agree to be contacted about my question'));
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findByLabelText('Your message')).toBeTruthy();
    expect(api.callsTo('POST /api/chat/conversations')[0]?.body).toEqual({ name: 'Vera Visitor', email: 'vera@example.com', consent: true });
  });

  it('shows a stream event once, announces the agent’s message and marks it read', async () => {
    const api = mockApi({ 'POST /api/chat/conversation/read': () => json(200, { lastReadId: 2 }) });
    renderWithProviders(<CustomerChat view={view({ messages: [msg(1, 'customer', 'Hello')] })} signedIn={false} />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/chat/conversation/stream?after=1');
    act(() => {
      source.emit('message', msg(2, 'agent', 'Hi Vera,\nhow can I help?'), '2');
      source.emit('message', msg(2, 'agent', 'Hi Vera,\nhow can I help?'), '2');
      source.emit('message', msg(1, 'customer', 'Hello'), '1');
    });
    expect(messages()).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('New message from Anna: Hi Vera,\nhow can I help?');
    await waitFor(() => expect(api.callsTo('POST /api/chat/conversation/read').map((c) => c.body)).toEqual([{ messageId: 2 }]));
  });

  it('shows Sending…, Sent and Read, and retries a failed message with the same clientId', async () => {
    let fail = true;
    const api = mockApi({
      'POST /api/chat/conversation/messages': ({ body }) => {
        if (fail) return json(503, { message: 'Try later', code: 'UNAVAILABLE' });
        const { clientId } = body as { clientId: string };
        return json(201, { message: msg(5, 'customer', 'Is it safe? <b>yes</b>', clientId) });
      },
    });
    const { user } = renderWithProviders(<CustomerChat view={view()} signedIn={false} />);
    await user.type(screen.getByLabelText('Your message'), 'Is it safe? <b>yes</b>{Enter}');
    expect(await screen.findByText(/Not sent/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent')).toBeTruthy();
    const [first, second] = api.callsTo('POST /api/chat/conversation/messages').map((c) => (c.body as { clientId: string }).clientId);
    expect(second).toBe(first);
    expect(screen.getByText('Is it safe? <b>yes</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    act(() => FakeEventSource.instances[0]!.emit('read', { conversationId: 4, side: 'agent', messageId: 5 }));
    expect(screen.getByText('Read')).toBeTruthy();
  });

  it('offers a new conversation when this one is closed, and the office hours when away', () => {
    mockApi({});
    renderWithProviders(
      <CustomerChat
        view={view({ conversation: { ...CONVERSATION, status: 'closed' }, officeHours: { open: false, expectedReply: 'We are back Monday at 09:00 (UTC); expect a reply then' } })}
        signedIn
      />,
    );
    expect(screen.getByText('This conversation is closed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new conversation' })).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Office hours' }).textContent).toContain('We are back Monday at 09:00 (UTC)');
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });
});
