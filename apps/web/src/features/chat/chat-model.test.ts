import type { ChatMessage } from '@landunits/domain/contracts';
import { describe, expect, it } from 'vitest';
import { addPending, addStored, deliveryMark, EMPTY_THREAD, markFailed, mergeMessages, newestFrom } from './chat-model';

const msg = (id: number, from: ChatMessage['from'] = 'agent', clientId: string | null = null): ChatMessage => ({
  id,
  conversationId: 1,
  from,
  authorName: from === 'agent' ? 'Anna' : 'Vera',
  body: `message ${id}`,
  clientId,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('the chat thread model', () => {
  it('keeps each stored message once, in id order, whatever order and repeats the stream brings', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(3), msg(2), msg(4), msg(2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(addStored(addStored(EMPTY_THREAD, [msg(5)]), [msg(5)]).messages).toHaveLength(1);
  });

  it('replaces one’s pending message by the stored one with the same clientId', () => {
    let thread = addPending(EMPTY_THREAD, { clientId: 'c1', body: 'Hello' });
    expect(thread.pending).toEqual([{ clientId: 'c1', body: 'Hello', state: 'sending' }]);
    thread = addStored(thread, [msg(7, 'customer', 'c1')]);
    expect(thread.pending).toEqual([]);
    expect(thread.messages.map((m) => m.id)).toEqual([7]);
  });

  it('marks a message Sending…, Not sent, Sent, then Read once the other side has read up to it', () => {
    let thread = addPending(EMPTY_THREAD, { clientId: 'c1', body: 'Hello' });
    expect(deliveryMark(thread.pending[0]!, 0)).toBe('Sending…');
    thread = markFailed(thread, 'c1');
    expect(deliveryMark(thread.pending[0]!, 0)).toBe('Not sent');
    // A retry keeps the clientId: one pending entry, sending again.
    thread = addPending(thread, { clientId: 'c1', body: 'Hello' });
    expect(thread.pending).toHaveLength(1);
    expect(deliveryMark(thread.pending[0]!, 0)).toBe('Sending…');
    expect(deliveryMark(msg(9, 'customer'), 8)).toBe('Sent');
    expect(deliveryMark(msg(9, 'customer'), 9)).toBe('Read');
  });

  it('finds the newest message of the other side', () => {
    expect(newestFrom([msg(1, 'agent'), msg(2, 'customer'), msg(3, 'agent'), msg(4, 'customer')], 'agent')).toBe(3);
    expect(newestFrom([], 'agent')).toBe(0);
  });
});
