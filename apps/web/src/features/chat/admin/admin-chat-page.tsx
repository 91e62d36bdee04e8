import type { ChatInboxView, ChatStatus } from '@landunits/domain';
import { CHAT_API } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AdminConversation, type StreamEvent, type Subscribe } from './admin-chat-conversation';
import { ChatInbox } from './admin-chat-inbox';
import { ChatSettings } from './admin-chat-settings';
import { CHAT_KEYS } from '../chat-api';
import { useEventStream } from '../use-event-stream';
import { EmptyState } from '../../../shared/ui/empty-state';
import * as styles from '../chat.module.css';

const VIEWS = new Set(['unassigned', 'mine', 'all']);

/**
 * /admin/chat: the agents' console. The inbox and the open conversation side by side from 1024 px,
 * one at a time below (the conversation with a way back). One admin stream keeps both live: every
 * event refreshes the inbox, and the open conversation takes its own messages and marks. The
 * view, status and open conversation live in the address (?view=mine&status=open&c=12).
 */
export function AdminChatPage() {
  const [params, setParams] = useSearchParams();
  const view = (VIEWS.has(params.get('view') ?? '') ? params.get('view') : 'unassigned') as ChatInboxView;
  const status = (params.get('status') === 'closed' ? 'closed' : 'open') as ChatStatus;
  const selected = Number(params.get('c')) || null;
  const client = useQueryClient();
  const listeners = useRef(new Set<(event: StreamEvent) => void>());

  const set = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch))
        if (value === null) next.delete(key);
        else next.set(key, value);
      return next;
    });

  const subscribe: Subscribe = useCallback((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  // The inbox is asked again at most twice a second, however many events a replay brings.
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);
  const dispatch = (event: StreamEvent) => {
    for (const listener of listeners.current) listener(event);
    refresh.current ??= setTimeout(() => {
      refresh.current = undefined;
      void client.invalidateQueries({ queryKey: CHAT_KEYS.inboxAll });
    }, 500);
  };
  useEventStream(CHAT_API.adminStream, 0, {
    message: (data) => dispatch({ name: 'message', data } as StreamEvent),
    read: (data) => dispatch({ name: 'read', data } as StreamEvent),
    conversation: (data) => dispatch({ name: 'conversation', data } as StreamEvent),
  });

  return (
    <div className={styles.chatConsole} data-open={selected !== null}>
      <div className={styles.chatConsoleInbox}>
        <ChatInbox view={view} status={status} selectedId={selected} onView={(v) => set({ view: v })} onStatus={(s) => set({ status: s })} onOpen={(id) => set({ c: String(id) })} />
      </div>
      <div className={styles.chatConsoleConversation}>
        {selected ? (
          <>
            <button type="button" className={styles.chatConsoleBack} onClick={() => set({ c: null })}>
              <span aria-hidden="true">←</span> Back to the inbox
            </button>
            <AdminConversation id={selected} subscribe={subscribe} />
          </>
        ) : (
          <EmptyState title="Choose a conversation" message="Pick a conversation in the inbox to read and answer it." />
        )}
      </div>
      <div className={styles.chatConsoleSettings}>
        <ChatSettings />
      </div>
    </div>
  );
}
