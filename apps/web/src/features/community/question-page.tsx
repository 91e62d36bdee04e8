import { ANSWER_AUTHOR_BADGES, AnswerQuestionSchema, COMMUNITY_LIMITS, QUESTION_STATUS_LABELS, formatDay } from '@landunits/domain';
import type { AnswerView, QuestionPage as QuestionPageData } from '@landunits/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm, type FormSchema } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { TextArea } from '../../shared/ui/text-area';
import { showToast } from '../../shared/ui/toast-store';
import { COMMUNITY_KEY, communityApi, questionKey } from './community-api';
import { askedOn } from './question-list-page';
import * as styles from './community.module.css';

export function AuthorBadge({ kind }: { kind: AnswerView['authorKind'] }) {
  return <StatusBadge label={ANSWER_AUTHOR_BADGES[kind]} tone={kind === 'team' ? 'teal' : 'lilac'} />;
}

function AnswerItem({ answer }: { answer: AnswerView }) {
  return (
    <li className={answer.accepted ? `${styles.cqAnswer} ${styles.cqAnswerAccepted}` : styles.cqAnswer}>
      <article aria-label={`Answer by ${answer.authorName}`}>
        <div className={styles.cqAnswerHead}>
          <span className={styles.cqAnswerAuthor}>{answer.mine ? 'You' : answer.authorName}</span>
          <AuthorBadge kind={answer.authorKind} />
          {answer.accepted ? <StatusBadge label="Accepted answer" tone="success" /> : null}
          <span className="muted">{askedOn(answer.createdAt)}</span>
        </div>
        <p className={styles.cqText}>{answer.body}</p>
        {answer.hidden ? <p className={styles.cqHiddenNote}>Hidden by a moderator: {answer.hidden.reason}. Only you still see it.</p> : null}
      </article>
    </li>
  );
}

const AnswerFormSchema = AnswerQuestionSchema.pick({ answerText: true });
const NO_ANSWER = { answerText: '' };

function AnswerFields({ data, refocus, onSent }: { data: QuestionPageData; refocus: boolean; onSent: (buttonFocused: boolean) => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  // A new form after an answer is sent: the button keeps the focus it had.
  useLayoutEffect(() => {
    if (refocus) button.current?.focus();
  }, [refocus]);
  const send = useMutation({
    mutationFn: (answerText: string) => communityApi.answer({ questionId: data.question.id, answerText }),
    meta: { silent: true },
  });
  const form = useForm(AnswerFormSchema, NO_ANSWER, async ({ answerText }, { showServerErrors }) => {
    setFailure('');
    try {
      const answer = await send.mutateAsync(answerText);
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: COMMUNITY_KEY });
      onSent(button.current !== null && document.activeElement === button.current);
    } catch (error) {
      if (isApiError(error) && error.errors.answerText) showServerErrors({ answerText: error.errors.answerText });
      else setFailure(isApiError(error) ? error.message : errorMessage(error));
    }
  });
  const answer = form.field('answerText');
  return (
    <form {...form.formProps} className={styles.cqForm} aria-labelledby="cq-answer-title">
      <h2 id="cq-answer-title">Your answer</h2>
      <p className="muted">
        It shows with the <AuthorBadge kind={data.viewer.answerAs ?? 'agent'} /> badge and the asker is emailed.
      </p>
      <TextArea {...answer} className={styles.cqFormField} error={answer.error || failure} label="Answer" rows={5} maxChars={COMMUNITY_LIMITS.answer} />
      <Button ref={button} type="submit" loading={send.isPending}>
        Publish answer
      </Button>
    </form>
  );
}

/** The answer form, emptied after each answer sent (a new form; a focused button stays focused). */
function AnswerForm({ data }: { data: QuestionPageData }) {
  const [round, setRound] = useState(0);
  const [refocus, setRefocus] = useState(false);
  return (
    <AnswerFields
      key={round}
      data={data}
      refocus={refocus}
      onSent={(buttonFocused) => {
        setRefocus(buttonFocused);
        setRound((n) => n + 1);
      }}
    />
  );
}

/** Nothing to check: no choice closes the question without accepting an answer. */
const CloseFormSchema: FormSchema<{ acceptedAnswerId: string }> = { safeParse: (input) => ({ success: true, data: input as { acceptedAnswerId: string } }) };
const NOT_ACCEPTED = { acceptedAnswerId: '' };

function CloseForm({ data }: { data: QuestionPageData }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const shown = data.answers.filter((a) => !a.hidden);
  const close = useMutation({
    mutationFn: (accepted: string) => communityApi.close({ questionId: data.question.id, acceptedAnswerId: accepted ? Number(accepted) : null }),
    meta: { silent: true },
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: COMMUNITY_KEY });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const form = useForm(CloseFormSchema, NOT_ACCEPTED, ({ acceptedAnswerId }) => {
    setFailure('');
    close.mutate(acceptedAnswerId);
  });
  const accepted = form.values.acceptedAnswerId;
  const { name, onChange, onBlur } = form.field('acceptedAnswerId');
  const choose = (value: string) => onChange({ target: { value } } as ChangeEvent<HTMLInputElement>);
  return (
    <form {...form.formProps} className={styles.cqForm} aria-labelledby="cq-close-title">
      <h2 id="cq-close-title">Close your question</h2>
      {shown.length ? (
        <fieldset className={styles.cqChoices}>
          <legend>Which answer settled it? (optional)</legend>
          <label className={styles.cqChoice}>
            <input type="radio" name={name} value="" checked={accepted === ''} onChange={() => choose('')} onBlur={onBlur} /> None of them
          </label>
          {shown.map((a) => (
            <label key={a.id} className={styles.cqChoice}>
              <input type="radio" name={name} value={a.id} checked={accepted === String(a.id)} onChange={() => choose(String(a.id))} onBlur={onBlur} /> The answer by {a.authorName}
              <span className={styles.cqChoiceExcerpt}>{a.body.length > 120 ? `${a.body.slice(0, 119)}…` : a.body}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="muted">Nobody has answered yet. You can still close it if you no longer need an answer.</p>
      )}
      {failure ? (
        <p className={styles.cqError} role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" loading={close.isPending}>
        {accepted ? 'Accept and close' : 'Close question'}
      </Button>
    </form>
  );
}

function ReopenButton({ questionId }: { questionId: number }) {
  const client = useQueryClient();
  const reopen = useMutation({
    mutationFn: () => communityApi.reopen(questionId),
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: COMMUNITY_KEY });
    },
  });
  return (
    <div className={styles.cqForm}>
      <p>Not settled after all? Reopen it so agents can answer again.</p>
      <Button variant="secondary" loading={reopen.isPending} onClick={() => reopen.mutate()}>
        Reopen question
      </Button>
    </div>
  );
}

/** /dashboard/questions/:id: the question, its answers with their badges, and what the reader may do. */
export function QuestionPage() {
  const { id = '' } = useParams();
  const question = useQuery({ queryKey: questionKey(id), queryFn: ({ signal }) => communityApi.question(id, signal), meta: { silent: true } });

  if (question.isPending)
    return (
      <div className={`page ${styles.cqPage}`} role="status">
        <span className="visually-hidden">Loading the question…</span>
        <Skeleton height="2.5rem" />
        <Skeleton height="8rem" />
      </div>
    );
  if (question.isError)
    return (
      <div className={`page ${styles.cqPage}`}>
        <h1 tabIndex={-1}>Community question</h1>
        <ErrorState title="This question could not be loaded" message={errorMessage(question.error)} onRetry={() => void question.refetch()} retrying={question.isFetching} />
        <p>
          <Link to="/dashboard/questions/open">Back to the open questions</Link>
        </p>
      </div>
    );
  const data = question.data;
  const q = data.question;
  const shownAnswers = data.answers;
  return (
    <div className={`page ${styles.cqPage}`}>
      <p className={styles.cqBack}>
        <Link to={q.status === 'open' ? '/dashboard/questions/open' : '/dashboard/questions/close'}>{q.status === 'open' ? 'Open questions' : 'Closed questions'}</Link>
      </p>
      <h1 tabIndex={-1} className={styles.cqTitle}>
        {q.title}
      </h1>
      <p className={styles.cqCardMeta}>
        <StatusBadge label={QUESTION_STATUS_LABELS[q.status]} tone={q.status === 'open' ? 'info' : 'slate'} /> Asked by {q.mine ? 'you' : q.askerName} on {askedOn(q.createdAt)}
        {q.closedAt ? ` · closed on ${formatDay(q.closedAt)}` : ''}
      </p>
      {q.hidden ? <p className={styles.cqHiddenNote}>Hidden by a moderator: {q.hidden.reason}. Only you still see it.</p> : null}
      <p className={`${styles.cqText} ${styles.cqQuestionBody}`}>{q.body}</p>

      <section aria-labelledby="cq-answers-title">
        <h2 id="cq-answers-title">
          {shownAnswers.length} {shownAnswers.length === 1 ? 'answer' : 'answers'}
        </h2>
        {shownAnswers.length ? (
          <ul className={styles.cqAnswers}>
            {shownAnswers.map((a) => (
              <AnswerItem key={a.id} answer={a} />
            ))}
          </ul>
        ) : (
          <p className="muted">No answers yet. Community agents and the Land Units team answer questions, usually within a few days.</p>
        )}
      </section>

      {data.viewer.canAnswer ? <AnswerForm data={data} /> : null}
      {!data.viewer.canAnswer && q.status === 'open' && !data.viewer.isAsker ? (
        <p className="muted">
          Community agents answer questions. <Link to="/dashboard/community/become-agent">Become a community agent</Link>
        </p>
      ) : null}
      {data.viewer.isAsker && q.status === 'open' && !q.hidden ? <CloseForm data={data} /> : null}
      {data.viewer.isAsker && q.status === 'closed' ? <ReopenButton questionId={q.id} /> : null}
    </div>
  );
}
