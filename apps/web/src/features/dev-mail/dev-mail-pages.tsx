import type { DevMailMessage } from '@landunits/domain';
import { matchRoute, formatDateTime } from '@landunits/domain';
import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { call, urlOf } from '../../shared/api/api-client';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { linkify } from './linkify';
import * as styles from './dev-mail.module.css';

/** GET /api/dev/mail: the emails kept when no mail server is set, newest first (404 in production). */
const devMailQuery = {
  queryKey: ['dev-mail'],
  queryFn: ({ signal }: { signal: AbortSignal }) => call(C.devMail, { signal }).then((body) => body.messages),
  staleTime: 0,
  retry: false,
  meta: { silent: true },
} as const;

/** "14 Mar 2026, 09:05 UTC": the domain's date format plus the time, both in UTC like formatDate. */
export function formatSentAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateTime(date);
}

function MailPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <p className="dev-badge">Development tool</p>
      <h1 tabIndex={-1} className={styles.devMailTitle}>
        {title}
      </h1>
      {lead ? <p className={styles.devMailLead}>{lead}</p> : null}
      {children}
    </div>
  );
}

/** The query failed: production has no mail viewer (404); anything else can be retried. */
function MailError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  if (isApiError(error) && error.status === 404) {
    return <EmptyState title="The mail viewer is switched off" message="This server sends real email, so there is nothing to read here." action={<Link to="/">Go to the home page</Link>} />;
  }
  return <ErrorState title="The emails could not be loaded" message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />;
}

function ListSkeleton() {
  return (
    <div className={styles.mailList} role="status">
      <span className="visually-hidden">Loading the emails…</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className={styles.mailListSkeleton}>
          <Skeleton width="60%" height="1.1rem" />
          <Skeleton width="35%" height="0.9rem" />
        </div>
      ))}
    </div>
  );
}

/** /dev/mail: every email the product sent, newest first. */
export function DevMailListPage() {
  const mail = useQuery(devMailQuery);
  const refresh = () => void mail.refetch();

  let body: ReactNode;
  if (mail.isPending) {
    body = <ListSkeleton />;
  } else if (mail.isError) {
    body = <MailError error={mail.error} onRetry={refresh} retrying={mail.isFetching} />;
  } else if (mail.data.length === 0) {
    body = <EmptyState title="No emails yet" message="Register, resend a confirmation or ask for a password reset, then refresh this page." />;
  } else {
    body = (
      <ol className={styles.mailList} aria-label="Emails, newest first">
        {mail.data.map((message) => (
          <li key={message.id} className={styles.mailListItem}>
            <Link to={`/dev/mail/${encodeURIComponent(message.id)}`} className={styles.mailListLink}>
              <span className={styles.mailListSubject}>{message.subject || '(no subject)'}</span>
              <span className={styles.mailListMeta}>
                <span>
                  <span className="visually-hidden">To </span>
                  {message.to}
                </span>
                <time dateTime={message.createdAt}>{formatSentAt(message.createdAt)}</time>
                {message.attachments.length > 0 ? (
                  <span className={styles.mailListAttachments}>{message.attachments.length === 1 ? '1 attachment' : `${message.attachments.length} attachments`}</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <MailPage title="Development mail" lead="The emails Land Units sent while no mail server is set up, newest first. This page does not exist in production.">
      <div className={styles.devMailToolbar}>
        <p className={styles.devMailCount} aria-live="polite">
          {mail.isSuccess ? `${mail.data.length} ${mail.data.length === 1 ? 'email' : 'emails'}` : ''}
        </p>
        <Button variant="secondary" size="sm" onClick={refresh} loading={mail.isFetching && !mail.isPending}>
          Refresh
        </Button>
      </div>
      {body}
    </MailPage>
  );
}

/**
 * The HTML body, on demand, in a sandboxed frame (no scripts, forms or navigation). The frame loads
 * the email from its own development endpoint, which answers with a policy that allows the
 * email's inline styles (and nothing else) and lets only this site frame it, so it looks as it does
 * in a mail client while this page keeps the site's strict policy.
 */
function HtmlVersion({ id }: { id: string }) {
  const [shown, setShown] = useState(false);
  return (
    <section className={styles.mailBody} aria-labelledby="mail-html-title">
      <h2 id="mail-html-title" className={styles.mailBodyTitle}>
        HTML version
      </h2>
      <p className="muted">Shown as a mail client shows it, in a sandbox without scripts, forms or working links.</p>
      <Button variant="secondary" size="sm" aria-expanded={shown} onClick={() => setShown((open) => !open)}>
        {shown ? 'Hide the HTML version' : 'Show the HTML version'}
      </Button>
      {shown ? <iframe className={styles.mailHtml} title="HTML version" sandbox="" src={urlOf(C.devMailHtml, { params: { id } })} /> : null}
    </section>
  );
}

/** "12.3 kB": an attachment's size as a mail client shows it. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The files sent with the email, each a download link. */
function Attachments({ attachments }: { attachments: DevMailMessage['attachments'] }) {
  return (
    <section className={styles.mailBody} aria-labelledby="mail-attachments-title">
      <h2 id="mail-attachments-title" className={styles.mailBodyTitle}>
        Attachments
      </h2>
      <ul className={styles.mailAttachments}>
        {attachments.map((file) => (
          <li key={file.url}>
            <a href={file.url} download={file.filename}>
              {file.filename}
            </a>{' '}
            <span className="muted">
              ({file.contentType}, {formatSize(file.size)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /dev/mail/:id: one email, its headers, its text with clickable links and its HTML in a sandbox. */
export function DevMailMessagePage() {
  // matchRoute is already in the entry chunk; useParams would add to it.
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const mail = useQuery(devMailQuery);
  const message = mail.data?.find((m) => m.id === id);
  const back = (
    <p className={styles.devMailBack}>
      <Link to="/dev/mail">← All emails</Link>
    </p>
  );

  if (mail.isPending) {
    return (
      <MailPage title="Loading the email…">
        {back}
        <ListSkeleton />
      </MailPage>
    );
  }
  if (mail.isError) {
    return (
      <MailPage title="Development mail">
        {back}
        <MailError error={mail.error} onRetry={() => void mail.refetch()} retrying={mail.isFetching} />
      </MailPage>
    );
  }
  if (!message) {
    return (
      <MailPage title="Email not found">
        {back}
        <EmptyState title="This email is not in the list" message="It may be older than the 200 newest emails kept here." />
      </MailPage>
    );
  }

  return (
    <MailPage title={message.subject || '(no subject)'}>
      {back}
      <dl className={styles.mailHeaders}>
        <div>
          <dt>To</dt>
          <dd>{message.to}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>{message.subject}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            <time dateTime={message.createdAt}>{formatSentAt(message.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <section className={styles.mailBody} aria-labelledby="mail-text-title">
        <h2 id="mail-text-title" className={styles.mailBodyTitle}>
          Text version
        </h2>
        <pre className={styles.mailText}>{linkify(message.text)}</pre>
      </section>
      {message.attachments.length > 0 ? <Attachments attachments={message.attachments} /> : null}
      {message.html ? <HtmlVersion id={message.id} /> : null}
    </MailPage>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dev/mail': DevMailListPage,
  '/dev/mail/:id': DevMailMessagePage,
};
