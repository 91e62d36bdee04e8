import type { ChatMessage } from '@landunits/domain/contracts';
import { deliveryMark, messageTime, type ChatSide, type OutgoingMessage, type ThreadState } from './chat-model';
import { Button } from '../../shared/ui/button';
import * as styles from './chat.module.css';

export interface MessageListProps {
  thread: ThreadState;
  /** The side this page speaks for: its messages carry delivery marks. */
  side: ChatSide;
  /** The other side's last read message id ("Read" marks). */
  otherLastReadId: number;
  onRetry: (clientId: string) => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown when there are no messages. */
  emptyText: string;
}

function Mark({ message, otherLastReadId, onRetry }: { message: ChatMessage | OutgoingMessage; otherLastReadId: number; onRetry: (clientId: string) => void }) {
  const mark = deliveryMark(message, otherLastReadId);
  if (mark !== 'Not sent') return <span className={mark === 'Read' ? `${styles.chatMsgMark} ${styles.chatMsgMarkRead}` : styles.chatMsgMark}>{mark}</span>;
  const { clientId } = message as OutgoingMessage;
  return (
    <span className={`${styles.chatMsgMark} ${styles.chatMsgMarkFailed}`}>
      Not sent —{' '}
      <button type="button" className={styles.chatMsgRetry} onClick={() => onRetry(clientId)}>
        Retry
      </button>
    </span>
  );
}

/**
 * The conversation's messages, oldest first, as text only (line breaks kept by CSS, never HTML):
 * who wrote each and when, one's own with their delivery mark; older messages on request.
 */
export function MessageList({ thread, side, otherLastReadId, onRetry, hasOlder, loadingOlder, onLoadOlder, emptyText }: MessageListProps) {
  const empty = thread.messages.length === 0 && thread.pending.length === 0;
  return (
    <div className={styles.chatMessages}>
      {hasOlder ? (
        <div className={styles.chatMessagesOlder}>
          <Button variant="secondary" size="sm" loading={loadingOlder} onClick={onLoadOlder}>
            Load older messages
          </Button>
        </div>
      ) : null}
      {empty ? <p className={styles.chatMessagesEmpty}>{emptyText}</p> : null}
      {/* The list scrolls on its own: focusable, so keyboard users can scroll it too. */}
      <ol className={styles.chatMessagesList} aria-label="Messages" tabIndex={0}>
        {thread.messages.map((m) => {
          const own = m.from === side;
          return (
            <li key={m.id} className={own ? `${styles.chatMsg} ${styles.chatMsgOwn}` : styles.chatMsg}>
              <p className={styles.chatMsgMeta}>
                <span className={styles.chatMsgAuthor}>{own ? 'You' : m.authorName}</span>
                {m.from === 'agent' && !own ? <span> (sales agent)</span> : null} <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
              </p>
              <p className={styles.chatMsgBody}>{m.body}</p>
              {own ? <Mark message={m} otherLastReadId={otherLastReadId} onRetry={onRetry} /> : null}
            </li>
          );
        })}
        {thread.pending.map((p) => (
          <li key={p.clientId} className={`${styles.chatMsg} ${styles.chatMsgOwn}`}>
            <p className={styles.chatMsgMeta}>
              <span className={styles.chatMsgAuthor}>You</span>
            </p>
            <p className={styles.chatMsgBody}>{p.body}</p>
            <Mark message={p} otherLastReadId={otherLastReadId} onRetry={onRetry} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A polite live region: screen readers hear new messages from the other side. */
export function ChatAnnouncer({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}
