import { AGENT_APPLICATION_STATUS_LABELS, BecomeAgentSchema, COMMUNITY_LIMITS, formatDay } from '@landunits/domain';
import type { AgentStatus } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button, buttonClassName } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { TextArea } from '../../shared/ui/text-area';
import { showToast } from '../../shared/ui/toast-store';
import { agentStatusKey, communityApi } from './community-api';
import { AuthorBadge } from './question-page';
import * as styles from './community.module.css';

const EMPTY = { reason: '', experienceAndMotivation: '' };
type AreaField = { onChange: (event: ChangeEvent<HTMLInputElement>) => void };
const areaChange = (field: AreaField) => (e: ChangeEvent<HTMLTextAreaElement>) => field.onChange({ target: { value: e.currentTarget.value } } as ChangeEvent<HTMLInputElement>);

function ApplyForm() {
  const client = useQueryClient();
  const [error, setError] = useState('');
  const form = useForm(BecomeAgentSchema, EMPTY, async (values, { showServerErrors }) => {
    setError('');
    try {
      const answer = await communityApi.apply(values);
      showToast(answer.message, 'success');
      client.setQueryData(agentStatusKey, answer.status);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) return setError(showServerErrors(failure.errors).join(' '));
      setError(errorMessage(failure));
    }
  });
  const reason = form.field('reason');
  const experience = form.field('experienceAndMotivation');
  return (
    <form {...form.formProps} aria-label="Apply to become a community agent" className={styles.cqForm}>
      <TextArea {...reason} className={styles.cqFormField} onChange={areaChange(reason)} label="Why do you want to become a community agent?" rows={4} maxChars={COMMUNITY_LIMITS.reason} />
      <TextArea
        {...experience}
        className={styles.cqFormField}
        onChange={areaChange(experience)}
        label="Your experience and motivation"
        hint="What you know about land, nature projects or Land Units, and how you would help."
        rows={6}
        maxChars={COMMUNITY_LIMITS.experience}
      />
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Send application
      </Button>
      {error || form.loadError ? (
        <p className={styles.cqError} role="alert">
          {error || form.loadError}
        </p>
      ) : null}
    </form>
  );
}

function ApplicationStatus({ status }: { status: AgentStatus }) {
  const app = status.application;
  if (!app) return null;
  return (
    <section className={styles.cqStatus} aria-labelledby="cq-status-title">
      <h2 id="cq-status-title">Your application</h2>
      <p>
        <StatusBadge label={AGENT_APPLICATION_STATUS_LABELS[app.status]} tone={app.status === 'approved' ? 'success' : app.status === 'pending' ? 'warning' : 'slate'} /> Sent on{' '}
        {formatDay(app.createdAt)}
        {app.decidedAt ? `, decided on ${formatDay(app.decidedAt)}` : ''}.
      </p>
      {app.decisionReason ? (
        <p>
          The team&rsquo;s reason: <span className={styles.cqText}>{app.decisionReason}</span>
        </p>
      ) : null}
      {app.status === 'pending' ? <p className="muted">An admin reviews applications, usually within a few working days. You are emailed the decision.</p> : null}
    </section>
  );
}

/** /dashboard/community/become-agent: the application form, or the application's status, or the agent badge. */
export function BecomeAgentPage() {
  const status = useQuery({ queryKey: agentStatusKey, queryFn: ({ signal }) => communityApi.agentStatus(signal), meta: { silent: true } });
  let body;
  if (status.isPending)
    body = (
      <div role="status">
        <span className="visually-hidden">Loading your application…</span>
        <Skeleton height="8rem" />
      </div>
    );
  else if (status.isError) body = <ErrorState title="Your application could not be loaded" message={errorMessage(status.error)} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  else if (status.data.isAgent)
    body = (
      <section className={styles.cqStatus} aria-labelledby="cq-agent-title">
        <h2 id="cq-agent-title">
          You are a community agent <AuthorBadge kind="agent" />
        </h2>
        <p>Your answers carry the agent badge. Thank you for helping the community.</p>
        <Link className={buttonClassName()} to="/dashboard/questions/open">
          Answer open questions
        </Link>
      </section>
    );
  else
    body = (
      <>
        <ApplicationStatus status={status.data} />
        {status.data.application?.status === 'pending' ? null : (
          <>
            {status.data.application ? <h2>Apply again</h2> : null}
            <ApplyForm />
          </>
        )}
      </>
    );
  return (
    <div className={`page ${styles.cqPage}`}>
      <h1 tabIndex={-1}>Become a community agent</h1>
      <p className="page__lead">Community agents answer the community&rsquo;s questions, with a badge on their answers. Tell us why you would like to help; an admin decides.</p>
      {body}
    </div>
  );
}
