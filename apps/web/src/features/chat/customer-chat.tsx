import type { ChatVisitorStartInput } from '@landunits/domain';
import { CHAT_API, type ChatConversation, type ChatMessage, type ChatReadEvent, type ChatView } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_UNREAD_KEY } from '../../shared/lib/chat-keys';
import { chatApi } from './chat-api';
import { Composer } from './composer';
import { ChatAnnouncer, MessageList } from './message-list';
import { useChatThread } from './use-chat-thread';
import { useEventStream } from './use-event-stream';
import { VisitorStartForm } from './visitor-start-form';
import { Button } from '../../shared/ui/button';
import * as styles from './chat.module.css';

/** The office-hours banner: only outside the hours, with when to expect a reply. */
export function OfficeHoursBanner({ officeHours }: { officeHours: ChatView['officeHours'] }) {
  if (officeHours.open) return <p className={`${styles.chatHours} ${styles.chatHoursOpen}`}>{officeHours.expectedReply}</p>;
  return (
    <div className={`${styles.chatHours} ${styles.chatHoursClosed}`} role="note" aria-label="Office hours">
      <p className={styles.chatHoursTitle}>Our sales agents are away right now.</p>
      <p>{officeHours.expectedReply}</p>
    </div>
  );
}

/**
 * The customer's side of the chat (a visitor at /chat, a signed-in person at /dashboard/saleschat):
 * the start (a visitor's form; a signed-in person's first message starts it), the messages live
 * from the stream, the composer, and a closed conversation's way to start a new one.
 */
export function CustomerChat({ view, signedIn }: { view: ChatView; signedIn: boolean }) {
  const [conversation, setConversation] = useState<ChatConversation | null>(view.conversation);
  const [hasOlder, setHasOlder] = useState(view.hasOlder);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [starting, setStarting] = useState(false);
  const conversationRef = useRef(conversation);
  useEffect(() => {
    conversationRef.current = conversation;
  }, [conversation]);

  const send = useCallback(async (body: string, clientId: string): Promise<ChatMessage> => {
    if (!conversationRef.current || conversationRef.current.status === 'closed') {
      const started = await chatApi.start({});
      conversationRef.current = started.conversation;
      setConversation(started.conversation);
    }
    return (await chatApi.send({ body, clientId })).message;
  }, []);
  const client = useQueryClient();
  const markRead = useCallback((messageId: number) => chatApi.read(messageId).then(() => (signedIn ? client.invalidateQueries({ queryKey: CHAT_UNREAD_KEY }) : undefined)), [client, signedIn]);
  const chat = useChatThread({ side: 'customer', send, markRead, lastReadId: view.conversation?.customerLastReadId ?? 0 });
  const { load, reset, receive } = chat;

  useEffect(() => load(view.messages), [load, view.messages]);

  // The stream starts after the messages already shown; EventSource carries on from its last id.
  const [after, setAfter] = useState(() => view.messages.at(-1)?.id ?? 0);
  useEventStream(
    conversation ? CHAT_API.stream : null,
    conversation ? after : -1,
    {
      message: (data) => receive(data as ChatMessage),
      read: (data) => {
        const event = data as ChatReadEvent;
        if (event.side === 'agent') setConversation((c) => (c ? { ...c, agentLastReadId: Math.max(c.agentLastReadId, event.messageId) } : c));
      },
      conversation: (data) => setConversation((c) => ({ ...(c ?? {}), ...(data as ChatConversation) })),
    },
    conversation?.id,
  );

  const loadOlder = async () => {
    const oldest = chat.thread.messages[0]?.id;
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const older = await chatApi.view(oldest);
      load(older.messages);
      setHasOlder(older.hasOlder);
    } finally {
      setLoadingOlder(false);
    }
  };

  const startVisitor = async (input: ChatVisitorStartInput) => {
    const started = await chatApi.start(input);
    reset([]);
    setHasOlder(false);
    setAfter(chat.thread.messages.at(-1)?.id ?? 0);
    setConversation(started.conversation);
    setStarting(false);
  };
  const startNew = async () => {
    if (!signedIn) return setStarting(true);
    const started = await chatApi.start({});
    reset([]);
    setHasOlder(false);
    setAfter(chat.thread.messages.at(-1)?.id ?? 0);
    setConversation(started.conversation);
  };

  const needsForm = !signedIn && (!conversation || starting);
  const closed = conversation?.status === 'closed' && !starting;

  return (
    <div className={styles.chatPanel}>
      <OfficeHoursBanner officeHours={view.officeHours} />
      {needsForm ? (
        <VisitorStartForm onStart={startVisitor} />
      ) : (
        <section className={styles.chatConversation} aria-label="Conversation">
          {conversation?.assignedAgentName ? <p className={styles.chatConversationAgent}>You are chatting with {conversation.assignedAgentName}.</p> : null}
          <MessageList
            thread={chat.thread}
            side="customer"
            otherLastReadId={conversation?.agentLastReadId ?? 0}
            onRetry={chat.retry}
            hasOlder={hasOlder}
            loadingOlder={loadingOlder}
            onLoadOlder={loadOlder}
            emptyText="No messages yet. Ask us anything about Land Units: a sales agent answers here."
          />
          {closed ? (
            <div className={styles.chatClosed}>
              <p>This conversation is closed.</p>
              <Button onClick={startNew}>Start a new conversation</Button>
            </div>
          ) : (
            <Composer onSend={chat.submit} />
          )}
        </section>
      )}
      <ChatAnnouncer text={chat.announcement} />
    </div>
  );
}
