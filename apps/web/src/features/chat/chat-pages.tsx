/** The live sales chat's pages, in one lazy chunk (see app/page-modules.ts). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { useHydrated } from '../../shared/lib/use-hydrated';
import { useSession } from '../../shared/session/session';
import { Button } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { AdminChatPage } from './admin/admin-chat-page';
import { chatApi, CHAT_KEYS } from './chat-api';
import { CustomerChat } from './customer-chat';
import * as styles from './chat.module.css';

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

/**
 * /chat?resume=TOKEN: the emailed link continues a visitor's conversation in this browser, but
 * only once the person asks for it. Using the token on arrival would let anyone's link replace a
 * visitor's own conversation cookie (and a mail scanner's visit would spend the single-use token).
 */
function useResume(): { token: string | null; ready: boolean; busy: boolean; error: string; accept: () => void; decline: () => void } {
  const [params, setParams] = useSearchParams();
  const token = params.get('resume');
  const client = useQueryClient();
  const [state, setState] = useState({ busy: false, error: '' });
  const done = (error: string) => {
    setParams({}, { replace: true });
    setState({ busy: false, error });
  };
  const accept = () => {
    if (!token || state.busy) return;
    setState({ busy: true, error: '' });
    chatApi.resume(token).then(
      () => {
        client.removeQueries({ queryKey: CHAT_KEYS.view });
        done('');
      },
      (failure: unknown) => done(errorMessage(failure)),
    );
  };
  return { token, ready: !token, busy: state.busy, error: state.error, accept, decline: () => done('') };
}

function ResumePrompt({ busy, accept, decline }: { busy: boolean; accept: () => void; decline: () => void }) {
  return (
    <section className={styles.chatResume} aria-labelledby="chat-resume-title">
      <h2 id="chat-resume-title">Continue your conversation</h2>
      <p>This link from our email continues your chat with the Land Units sales team in this browser.</p>
      <div className={styles.chatResumeActions}>
        <Button onClick={accept} loading={busy}>
          Continue the conversation
        </Button>
        <Button variant="secondary" onClick={decline} disabled={busy}>
          Start a new chat instead
        </Button>
      </div>
    </section>
  );
}

function ChatFrame({ children, lead }: { children: React.ReactNode; lead: string }) {
  return (
    <div className={`page ${styles.chatPage}`}>
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
  // The server renders the frame and a placeholder (it knows neither the session nor this browser's
  // chat cookie); the conversation comes once the page is hydrated, so both first renders agree.
  const hydrated = useHydrated();
  if (hydrated && !isLoading && isAuth) return <Navigate to="/dashboard/saleschat" replace />;
  return (
    <ChatFrame lead="Ask a Land Units sales agent about Units, buying and the land. We answer here, and by email if you have left.">
      {!hydrated ? (
        <Skeleton height="16rem" />
      ) : (
        <>
          {resume.error ? (
            <p className={styles.chatStartError} role="alert">
              {resume.error} You can start a new chat below.
            </p>
          ) : null}
          {resume.token ? <ResumePrompt busy={resume.busy} accept={resume.accept} decline={resume.decline} /> : null}
          {resume.ready && !isLoading ? <ChatLoader signedIn={false} /> : resume.token ? null : <Skeleton height="16rem" />}
        </>
      )}
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
