import type { AdminChatDetail, ChatConversation, ChatMessage, ChatReadEvent } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { CannedPicker, CustomerPanel } from './admin-chat-parts';
import { adminChatApi, CHAT_KEYS } from '../chat-api';
import { Composer } from '../composer';
import { ChatAnnouncer, MessageList } from '../message-list';
import { useChatThread } from '../use-chat-thread';
import * as chatStyles from '../chat.module.css';

/** What the page's admin stream hands to the open conversation. */
export type StreamEvent = { name: 'message'; data: ChatMessage } | { name: 'read'; data: ChatReadEvent } | { name: 'conversation'; data: ChatConversation };
export type Subscribe = (listener: (event: StreamEvent) => void) => () => void;

type Detail = AdminChatDetail['conversation'];

function Thread({ detail, subscribe }: { detail: AdminChatDetail; subscribe: Subscribe }) {
  const id = detail.conversation.id;
  const client = useQueryClient();
  const [conversation, setConversation] = useState<Detail>(detail.conversation);
  const [hasOlder, setHasOlder] = useState(detail.hasOlder);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);

  const send = useCallback(async (body: string, clientId: string) => (await adminChatApi.send(id, { body, clientId })).message, [id]);
  const markRead = useCallback((messageId: number) => adminChatApi.read(id, messageId), [id]);
  const chat = useChatThread({ side: 'agent', send, markRead, lastReadId: detail.conversation.agentLastReadId });
  const { load, receive } = chat;
  useEffect(() => load(detail.messages), [load, detail.messages]);
  // A fresh answer (the conversation opened again) replaces the state kept since the last one.
  const [shown, setShown] = useState(detail.conversation);
  if (shown !== detail.conversation) {
    setShown(detail.conversation);
    setConversation(detail.conversation);
  }

  useEffect(
    () =>
      subscribe((event) => {
        if (event.name === 'message') {
          if (event.data.conversationId === id) receive(event.data);
        } else if (event.name === 'read' && event.data.conversationId === id && event.data.side === 'customer')
          setConversation((c) => ({ ...c, customerLastReadId: Math.max(c.customerLastReadId, event.data.messageId) }));
        else if (event.name === 'conversation' && event.data.id === id) setConversation((c) => ({ ...c, ...event.data }));
      }),
    [subscribe, receive, id],
  );

  const act = async (name: string, call: () => Promise<{ message: string; conversation: ChatConversation }>) => {
    setBusy(name);
    try {
      const answer = await call();
      setConversation((c) => ({ ...c, ...answer.conversation, assignedToMe: name === 'assign' ? true : c.assignedToMe }));
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: CHAT_KEYS.inboxAll });
    } catch (failure) {
      showToast(errorMessage(failure), 'error');
    } finally {
      setBusy('');
    }
  };

  const loadOlder = async () => {
    const oldest = chat.thread.messages[0]?.id;
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const older = await adminChatApi.get(id, oldest);
      load(older.messages);
      setHasOlder(older.hasOlder);
    } finally {
      setLoadingOlder(false);
    }
  };

  const closed = conversation.status === 'closed';
  return (
    <div className={chatStyles.chatAdminConv}>
      <div className={chatStyles.chatAdminConvMain}>
        <header className={chatStyles.chatAdminConvHead}>
          <h2 className={chatStyles.chatAdminConvTitle}>{conversation.customerName}</h2>
          <p className={chatStyles.chatAdminConvWho}>
            {conversation.kind === 'user' ? 'Customer' : 'Visitor'} · {conversation.customerEmail} ·{' '}
            {conversation.assignedAgentName ? `Assigned to ${conversation.assignedToMe ? 'you' : conversation.assignedAgentName}` : 'Not assigned'}
            {closed ? ' · Closed' : ''}
          </p>
          <div className={chatStyles.chatAdminConvActions}>
            {!conversation.assignedToMe && !closed ? (
              <Button size="sm" loading={busy === 'assign'} onClick={() => act('assign', () => adminChatApi.assign(id))}>
                Assign to me
              </Button>
            ) : null}
            {closed ? (
              <Button size="sm" variant="secondary" loading={busy === 'reopen'} onClick={() => act('reopen', () => adminChatApi.reopen(id))}>
                Reopen
              </Button>
            ) : (
              <Button size="sm" variant="secondary" loading={busy === 'close'} onClick={() => act('close', () => adminChatApi.close(id))}>
                Close
              </Button>
            )}
          </div>
        </header>
        <MessageList
          thread={chat.thread}
          side="agent"
          otherLastReadId={conversation.customerLastReadId}
          onRetry={chat.retry}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          emptyText="No messages yet."
        />
        {closed ? (
          <p className={chatStyles.chatClosed}>This conversation is closed. Reopen it to reply.</p>
        ) : (
          <>
            <CannedPicker
              onInsert={(text) => {
                setDraft((d) => (d.trim() ? `${d.trimEnd()}\n${text}` : text));
                textarea.current?.focus();
              }}
            />
            <Composer onSend={chat.submit} value={draft} onChange={setDraft} label="Reply" textareaRef={textarea} />
          </>
        )}
      </div>
      <CustomerPanel detail={detail} />
      <ChatAnnouncer text={chat.announcement} />
    </div>
  );
}

/** One conversation in the agents' console: messages live, reply, assign, close or reopen. */
export function AdminConversation({ id, subscribe }: { id: number; subscribe: Subscribe }) {
  const detail = useQuery({ queryKey: CHAT_KEYS.detail(id), queryFn: ({ signal }) => adminChatApi.get(id, undefined, signal), refetchOnMount: 'always', refetchOnWindowFocus: false });
  if (detail.isPending) return <Skeleton height="20rem" />;
  if (detail.isError) return <ErrorState title="The conversation could not be loaded" message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  return <Thread key={id} detail={detail.data} subscribe={subscribe} />;
}
