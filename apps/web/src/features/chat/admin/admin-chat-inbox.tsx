import type { ChatInboxView, ChatStatus } from '@landunits/domain';
import type { ChatInboxRow } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { adminChatApi, CHAT_KEYS } from '../chat-api';
import { waitingFor } from '../chat-model';
import { fieldClassName } from '../../../shared/ui/field-parts';
import * as chatStyles from '../chat.module.css';

const VIEWS: readonly { id: ChatInboxView; label: string }[] = [
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'mine', label: 'Mine' },
  { id: 'all', label: 'All' },
];

export interface InboxProps {
  view: ChatInboxView;
  status: ChatStatus;
  selectedId: number | null;
  onView: (view: ChatInboxView) => void;
  onStatus: (status: ChatStatus) => void;
  onOpen: (id: number) => void;
}

function Row({ row, selected, onOpen }: { row: ChatInboxRow; selected: boolean; onOpen: (id: number) => void }) {
  return (
    <li>
      <button type="button" className={chatStyles.chatInboxRow} aria-current={selected || undefined} onClick={() => onOpen(row.id)}>
        <span className={chatStyles.chatInboxTop}>
          <span className={chatStyles.chatInboxName}>{row.customerName}</span>
          <span className={row.kind === 'user' ? `${chatStyles.chatInboxKind} ${chatStyles.chatInboxKindUser}` : chatStyles.chatInboxKind}>{row.kind === 'user' ? 'Customer' : 'Visitor'}</span>
          {row.unread > 0 ? (
            <span className={chatStyles.chatInboxUnread}>
              {row.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          ) : null}
        </span>
        <span className={chatStyles.chatInboxPreview}>{row.lastMessage ?? 'No messages yet'}</span>
        <span className={chatStyles.chatInboxMeta}>
          {row.waitingSince ? `Waiting ${waitingFor(row.waitingSince)}` : row.assignedAgentName ? `With ${row.assignedAgentName}` : 'Answered'}
          {row.status === 'closed' ? ' · Closed' : ''}
        </span>
      </button>
    </li>
  );
}

/**
 * The agents' inbox: Unassigned, Mine or All, open or closed, oldest waiting first. It is
 * refreshed by the admin stream (the page invalidates it), so new conversations appear by themselves.
 */
export function ChatInbox({ view, status, selectedId, onView, onStatus, onOpen }: InboxProps) {
  const query = { view, status, page: 1 };
  const inbox = useQuery({ queryKey: CHAT_KEYS.inbox(query), queryFn: ({ signal }) => adminChatApi.inbox(query, signal) });
  let body;
  if (inbox.isPending) body = <Skeleton height="10rem" />;
  else if (inbox.isError) body = <ErrorState title="The inbox could not be loaded" message={errorMessage(inbox.error)} onRetry={() => void inbox.refetch()} headingLevel={3} />;
  else if (inbox.data.conversations.length === 0)
    body = <EmptyState title={status === 'open' ? 'No conversations waiting' : 'No closed conversations'} message="New chats appear here by themselves." headingLevel={3} />;
  else
    body = (
      <ul className={chatStyles.chatInboxList} aria-label={`${VIEWS.find((v) => v.id === view)?.label} conversations, oldest waiting first`}>
        {inbox.data.conversations.map((row) => (
          <Row key={row.id} row={row} selected={row.id === selectedId} onOpen={onOpen} />
        ))}
      </ul>
    );
  return (
    <section className={chatStyles.chatInbox} aria-labelledby="chat-inbox-title">
      <h2 id="chat-inbox-title" className={chatStyles.chatInboxTitle}>
        Inbox
      </h2>
      <div className={chatStyles.chatInboxFilters}>
        <div className={chatStyles.chatInboxViews} role="group" aria-label="Which conversations">
          {VIEWS.map((v) => (
            <button key={v.id} type="button" className={chatStyles.chatInboxView} aria-pressed={v.id === view} onClick={() => onView(v.id)}>
              {v.label}
            </button>
          ))}
        </div>
        <label className={chatStyles.chatInboxStatus}>
          <span>Status</span>
          <select className={fieldClassName('control')} value={status} onChange={(e) => onStatus(e.target.value as ChatStatus)}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </label>
      </div>
      <div aria-busy={inbox.isFetching || undefined}>{body}</div>
    </section>
  );
}
