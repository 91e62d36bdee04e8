/** The live sales chat's pages, in one lazy chunk (see app/page-modules.ts). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { useSession } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { AdminChatPage } from './admin-chat-page';
import { chatApi, CHAT_KEYS } from './chat-api';
import { CustomerChat } from './customer-chat';
import './chat.css';

function ChatLoader({ signedIn }: { signedIn: boolean }) {
  const view = useQuery({ queryKey: CHAT_KEYS.view, queryFn: ({ signal }) => chatApi.view(undefined, signal), staleTime: Infinity, refetchOnWindowFocus: false });
  if (view.isPending) {
    return (
      <div role="status" aria-label="Loading the conversation">
        <Skeleton height="16rem" />
      </div>
    );
  }
  if (view.isError) return <ErrorState title="The chat could not be loaded" message={errorMessage(view.error)} onRetry={() => void view.refetch()} retrying={view.isFetching} />;
  return <CustomerChat view={view.data} signedIn={signedIn} />;
}

/** /chat?resume=TOKEN: the emailed link sets the visitor cookie, then the conversation loads. */
function useResume(): { ready: boolean; error: string } {
  const [params, setParams] = useSearchParams();
  const token = params.get('resume');
  const client = useQueryClient();
  const [state, setState] = useState({ ready: !token, error: '' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    chatApi.resume(token).then(
      () => {
        if (!live) return;
        client.removeQueries({ queryKey: CHAT_KEYS.view });
        setParams({}, { replace: true });
        setState({ ready: true, error: '' });
      },
      (failure: unknown) => live && setState({ ready: true, error: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [token, client, setParams]);
  return state;
}

function ChatFrame({ children, lead }: { children: React.ReactNode; lead: string }) {
  return (
    <div className="page chat-page">
      <h1 tabIndex={-1}>Chat with a sales agent</h1>
      <p className="page__lead">{lead}</p>
      {children}
    </div>
  );
}

/** /chat: the visitor's chat; signed-in people have theirs in the dashboard. */
export function VisitorChatPage() {
  const { isAuth, isLoading } = useSession();
  const resume = useResume();
  if (!isLoading && isAuth) return <Navigate to="/dashboard/saleschat" replace />;
  return (
    <ChatFrame lead="Ask a Land Units sales agent about Units, buying and the land. We answer here, and by email if you have left.">
      {resume.error ? <p className="chat-start__error" role="alert">{resume.error} You can start a new chat below.</p> : null}
      {resume.ready && !isLoading ? <ChatLoader signedIn={false} /> : <Skeleton height="16rem" />}
    </ChatFrame>
  );
}

/** /dashboard/saleschat: a signed-in person's chat. */
export function SalesChatPage() {
  return (
    <ChatFrame lead="Ask a Land Units sales agent about Units, buying and the land. We answer here, and by email if you have left.">
      <ChatLoader signedIn />
    </ChatFrame>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/chat': VisitorChatPage,
  '/dashboard/saleschat': SalesChatPage,
  '/admin/chat': AdminChatPage,
};
