import { QUIZ_STATE_LABELS, type QuizSummary } from '@landunits/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { showToast } from '../../shared/ui/toast-store';
import { governanceApi } from './governance-api';
import { QuizForm, QuizResults } from './quiz-take';
import * as styles from './governance.module.css';

const quizIdOf = (search: string): number | null => {
  const raw = new URLSearchParams(search).get('quiz');
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
};

const tone = (state: QuizSummary['state']) => (state === 'all_right_answer_submitted' ? 'success' : state === 'answer_not_submitted' ? 'info' : 'warning');

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className={styles.govStack}>
      <span className="visually-hidden">{label}</span>
      <Skeleton height="6rem" />
      <Skeleton height="6rem" />
    </div>
  );
}

function QuizList() {
  const list = useQuery({ queryKey: ['governance', 'quizzes'], queryFn: ({ signal }) => governanceApi.quizzes(signal), meta: { silent: true } });
  if (list.isPending) return <Loading label="Loading quizzes…" />;
  if (list.isError) return <ErrorState title="The quizzes could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.quizzes.length === 0) return <EmptyState title="No quizzes yet" message="Quizzes about Land Units and the land appear here when the team publishes one. Come back soon." />;
  return (
    <ul className={`${styles.govStack} ${styles.govPlain}`}>
      {list.data.quizzes.map((quiz) => (
        <li key={quiz.id}>
          <article className={styles.govCard} aria-labelledby={`quiz-${quiz.id}`}>
            <div className={styles.govCardHead}>
              <h2 id={`quiz-${quiz.id}`} className={styles.govCardTitle}>
                <Link to={{ search: `?quiz=${quiz.id}` }}>{quiz.title}</Link>
              </h2>
              <StatusBadge label={QUIZ_STATE_LABELS[quiz.state]} tone={tone(quiz.state)} />
            </div>
            {quiz.description ? <p className={styles.govCardDetails}>{quiz.description}</p> : null}
            <p className={styles.govMuted}>
              {quiz.questionCount} {quiz.questionCount === 1 ? 'question' : 'questions'}
              {quiz.rightCount !== null ? ` · ${quiz.rightCount} right` : ''}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}

function QuizDetail({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const quiz = useQuery({ queryKey: ['governance', 'quiz', id], queryFn: ({ signal }) => governanceApi.quiz(id, signal), meta: { silent: true } });
  const submit = useMutation({
    mutationFn: (answers: (number | null)[]) => governanceApi.submitQuiz(id, { answers }),
    meta: { silent: true },
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      queryClient.setQueryData(['governance', 'quiz', id], answer.quiz);
      void queryClient.invalidateQueries({ queryKey: ['governance', 'quizzes'] });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  let body: ReactNode;
  if (quiz.isPending) body = <Loading label="Loading the quiz…" />;
  else if (quiz.isError) body = <ErrorState title="This quiz could not be loaded" message={errorMessage(quiz.error)} onRetry={() => void quiz.refetch()} retrying={quiz.isFetching} />;
  else
    body = (
      <>
        <h2 className={styles.govQuizTitle}>{quiz.data.title}</h2>
        {quiz.data.description ? <p className={styles.govCardDetails}>{quiz.data.description}</p> : null}
        {quiz.data.state === 'answer_not_submitted' ? (
          <QuizForm quiz={quiz.data} sending={submit.isPending} error={error} onSubmit={(answers) => submit.mutate(answers)} />
        ) : (
          <QuizResults quiz={quiz.data} />
        )}
      </>
    );
  return (
    <section className={styles.govCard} aria-label="Quiz">
      <p>
        <Link to={{ search: '' }}>← All quizzes</Link>
      </p>
      {body}
    </section>
  );
}

/** /dashboard/quizzes: the published quizzes; `?quiz=ID` opens one to answer or to see its results. */
export function QuizzesPage() {
  const location = useLocation();
  const id = quizIdOf(location.search);
  return (
    <div className={`page ${styles.govPage}`}>
      <h1 tabIndex={-1}>Quizzes</h1>
      <p className={`page__lead ${styles.govLead}`}>Short quizzes about Land Units and the land. Answer each once; afterwards you see which answers were right.</p>
      {id === null ? <QuizList /> : <QuizDetail key={id} id={id} />}
    </div>
  );
}
