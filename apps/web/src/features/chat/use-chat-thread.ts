import type { ChatMessage } from '@landunits/domain/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addPending, addStored, EMPTY_THREAD, markFailed, newClientId, newestFrom, type ChatSide, type ThreadState } from './chat-model';

export interface ThreadOptions {
  /** Who this page speaks for: the customer or an agent. */
  side: ChatSide;
  /** Stores one's message; the same clientId again answers the same stored message. */
  send: (body: string, clientId: string) => Promise<ChatMessage>;
  /** Marks the other side's messages read up to an id. */
  markRead: (messageId: number) => Promise<unknown>;
  /** The id this side has read up to, from the server. */
  lastReadId: number;
}

/** Whether the page is in front of the person (not a background tab). */
function useVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * One conversation's messages on a page: stored ones merged once by id (page loads, older pages,
 * stream events, send answers), one's own on their way with their delivery state, a retry with
 * the same clientId, and the other side's messages marked read while the page is visible.
 * Messages from the other side that arrive live are announced (`announcement`).
 */
export function useChatThread({ side, send, markRead, lastReadId }: ThreadOptions) {
  const [thread, setThread] = useState<ThreadState>(EMPTY_THREAD);
  const [announcement, setAnnouncement] = useState('');
  const readUpTo = useRef(lastReadId);
  const visible = useVisible();
  const other: ChatSide = side === 'customer' ? 'agent' : 'customer';

  useEffect(() => {
    readUpTo.current = Math.max(readUpTo.current, lastReadId);
  }, [lastReadId]);

  const load = useCallback((messages: readonly ChatMessage[]) => setThread((t) => addStored(t, messages)), []);
  const reset = useCallback((messages: readonly ChatMessage[]) => setThread(addStored(EMPTY_THREAD, messages)), []);

  /** A message from the stream: kept once, and announced when it is the other side's and new. */
  const receive = useCallback(
    (message: ChatMessage) => {
      setThread((t) => {
        if (t.messages.some((m) => m.id === message.id)) return t;
        if (message.from === other) setAnnouncement(`New message from ${message.authorName}: ${message.body}`);
        return addStored(t, [message]);
      });
    },
    [other],
  );

  const deliver = useCallback(
    (body: string, clientId: string) => {
      setThread((t) => addPending(t, { clientId, body }));
      send(body, clientId).then(
        (stored) => setThread((t) => addStored(t, [stored])),
        () => setThread((t) => markFailed(t, clientId)),
      );
    },
    [send],
  );

  const submit = useCallback((body: string) => deliver(body, newClientId()), [deliver]);
  const retry = useCallback(
    (clientId: string) => {
      const message = thread.pending.find((p) => p.clientId === clientId);
      if (message) deliver(message.body, clientId);
    },
    [deliver, thread.pending],
  );

  // Marks the other side's newest message read once it is on a visible page.
  const newestOther = newestFrom(thread.messages, other);
  useEffect(() => {
    if (!visible || newestOther <= readUpTo.current) return;
    readUpTo.current = newestOther;
    markRead(newestOther).catch(() => {
      readUpTo.current = 0;
    });
  }, [visible, newestOther, markRead]);

  return { thread, load, reset, receive, submit, retry, announcement };
}
