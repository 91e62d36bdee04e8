import type { EmailChangeStatus } from '@landunits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { sessionQueryOptions } from '../../shared/session/session';
import { Button } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { CancelRequestDialog } from './cancel-dialog';
import { storeEmailChange, type EmailChangeAnswer, type EmailChangeView } from './email-change-api';
import { DocumentStep, NewEmailStep, PasswordStep, SubmitStep, WaitingForLinkStep } from './step-forms';
import { STEP_LABELS, stepStates, type StepState } from './steps';
import * as styles from './email-change.module.css';

/** A step's look: done and current steps stand out from those to come. */
const STEP_CLASS: Record<StepState, string | undefined> = {
  done: `${styles.emailChangeStep} ${styles.emailChangeStepDone}`,
  current: `${styles.emailChangeStep} ${styles.emailChangeStepCurrent}`,
  todo: styles.emailChangeStep,
};

/** The stepper: the six SPEC steps, and the CancelledByUser end state when the request was cancelled. */
export function EmailChangeStepper({ status }: { status: EmailChangeStatus }) {
  return (
    <ol className={styles.emailChangeSteps} aria-label="Email change steps">
      {stepStates(status).map((step, i) => (
        <li key={step.status} className={STEP_CLASS[step.state]} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className={styles.emailChangeStepNumber} aria-hidden="true">
            {step.status === 'CancelledByUser' ? '×' : step.state === 'done' ? '✓' : i + 1}
          </span>
          <span>
            {step.label}
            {step.state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

const OPEN_STATUSES: readonly EmailChangeStatus[] = ['PasswordVerified', 'PendingNewEmailVerification', 'VerifiedNewEmail', 'DocumentsUploaded', 'PendingAdminApproval'];

function StepBody({
  request,
  status,
  onAnswer,
  onRestart,
  onCheck,
  checking,
}: {
  request: EmailChangeView | null;
  status: EmailChangeStatus;
  onAnswer: (answer: EmailChangeAnswer) => void;
  onRestart: () => void;
  onCheck: () => void;
  checking: boolean;
}): ReactNode {
  switch (status) {
    case 'PendingPasswordVerification':
      return <PasswordStep onAnswer={onAnswer} />;
    case 'PasswordVerified':
      return <NewEmailStep onAnswer={onAnswer} />;
    case 'PendingNewEmailVerification':
      return <WaitingForLinkStep request={request as EmailChangeView} onAnswer={onAnswer} onCheck={onCheck} checking={checking} />;
    case 'VerifiedNewEmail':
      return <DocumentStep onAnswer={onAnswer} />;
    case 'DocumentsUploaded':
      return <SubmitStep request={request as EmailChangeView} onAnswer={onAnswer} />;
    case 'PendingAdminApproval':
      return (
        <p>
          Our team is checking your request to use <strong>{request?.newEmail}</strong>. We will email you once it has been reviewed; when it is approved you will be signed out everywhere and log in
          with the new address.
        </p>
      );
    case 'CancelledByUser':
      return (
        <div className={styles.emailChangeForm}>
          <p>You cancelled your request. Your account keeps its current email address.</p>
          <Button onClick={onRestart}>Start a new request</Button>
        </div>
      );
  }
}

/**
 * /dashboard/settings/change-email: the email change in the SPEC's steps, at the step of the
 * person's request (GET /api/user `emailChange`; none means step 1). Every step's answer carries
 * the request as it is now, which moves the page on; a request can be cancelled until it is decided.
 */
export function ChangeEmailPage() {
  const client = useQueryClient();
  const session = useQuery({ ...sessionQueryOptions, staleTime: 0, refetchOnMount: true });
  const [message, setMessage] = useState('');
  const [restarted, setRestarted] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const onAnswer = (answer: EmailChangeAnswer) => {
    storeEmailChange(client, answer);
    setRestarted(false);
    setMessage(answer.message);
  };

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <div role="status" className={styles.emailChangeLoading}>
        <span className="visually-hidden">Loading your request…</span>
        <Skeleton height="3rem" />
        <Skeleton height="8rem" />
      </div>
    );
  } else if (session.isError || !session.data) {
    body = <ErrorState title="Your request could not be loaded" message="Please try again." onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  } else {
    const request = (session.data.emailChange as EmailChangeView | null | undefined) ?? null;
    const status: EmailChangeStatus = restarted ? 'PendingPasswordVerification' : (request?.status ?? 'PendingPasswordVerification');
    const canCancel = !restarted && OPEN_STATUSES.includes(status);
    body = (
      <>
        <EmailChangeStepper status={status} />
        {request?.rejectionReason && status === 'PendingPasswordVerification' ? (
          <div className={styles.emailChangeRejected} role="note">
            <h2 className={styles.emailChangeSubtitle}>Your last request was not approved</h2>
            <p>{request.rejectionReason}</p>
            <p className="muted">You can start a new request below.</p>
          </div>
        ) : null}
        <section className={styles.emailChangeCard} aria-labelledby="step-title">
          <h2 id="step-title" className={styles.emailChangeSubtitle}>
            {STEP_LABELS[status]}
          </h2>
          {message ? (
            <p role="status" className={`${styles.emailChangeMessage} ${styles.emailChangeMessageSuccess}`}>
              {message}
            </p>
          ) : null}
          <StepBody
            request={request}
            status={status}
            onAnswer={onAnswer}
            onRestart={() => {
              setMessage('');
              setRestarted(true);
            }}
            onCheck={() => void session.refetch()}
            checking={session.isFetching}
          />
        </section>
        {canCancel ? (
          <div>
            <Button variant="ghost" onClick={() => setConfirmCancel(true)}>
              Cancel request
            </Button>
          </div>
        ) : null}
        <CancelRequestDialog open={confirmCancel} onClose={() => setConfirmCancel(false)} onAnswer={onAnswer} />
      </>
    );
  }

  return (
    <div className={`page ${styles.emailChange}`}>
      <h1 tabIndex={-1}>Change email</h1>
      <p className="page__lead">Move your account to a new email address. Our team checks every change against an identity document.</p>
      {body}
    </div>
  );
}
