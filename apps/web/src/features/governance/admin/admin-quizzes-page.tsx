import type { AdminQuiz, QuizInputValues } from '@landunits/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { showToast } from '../../../shared/ui/toast-store';
import { governanceApi } from '../governance-api';
import { QuizEditor } from './quiz-editor';
import * as styles from '../governance.module.css';

type Editing = { kind: 'new' } | { kind: 'edit'; quiz: AdminQuiz } | null;

const serverErrorsOf = (error: unknown): Record<string, string> => (isApiError(error) && Object.keys(error.errors).length > 0 ? { ...error.errors } : error ? { questions: errorMessage(error) } : {});

/** /admin/quizzes: write quizzes as drafts, change them, publish them; submissions and all-right counts. */
export function AdminQuizzesPage() {
  const queryClient = useQueryClient();
  const compact = useMediaQuery(MOBILE_QUERY);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery({ queryKey: ['governance', 'admin-quizzes'], queryFn: ({ signal }) => governanceApi.adminQuizzes(signal), meta: { silent: true } });
  const done = (message: string) => {
    showToast(message, 'success');
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: ['governance'] });
  };
  const save = useMutation({
    mutationFn: (body: QuizInputValues) => (editing?.kind === 'edit' ? governanceApi.updateQuiz(editing.quiz.id, body) : governanceApi.createQuiz(body)),
    meta: { silent: true },
    onSuccess: (a) => done(a.message),
  });
  const publish = useMutation({ mutationFn: governanceApi.publishQuiz, meta: { silent: true }, onSuccess: (a) => done(a.message), onError: (e) => showToast(errorMessage(e), 'error') });

  const actions = (quiz: AdminQuiz) =>
    quiz.status === 'draft' ? (
      <span className={styles.govActions}>
        <Button size="sm" variant="secondary" onClick={() => (save.reset(), setEditing({ kind: 'edit', quiz }))}>
          Edit<span className="visually-hidden"> {quiz.title}</span>
        </Button>
        <Button size="sm" loading={publish.isPending && publish.variables === quiz.id} onClick={() => publish.mutate(quiz.id)}>
          Publish<span className="visually-hidden"> {quiz.title}</span>
        </Button>
      </span>
    ) : null;
  const status = (quiz: AdminQuiz) => <StatusBadge label={quiz.status === 'draft' ? 'Draft' : 'Published'} tone={quiz.status === 'draft' ? 'neutral' : 'success'} />;
  const columns: Column<AdminQuiz>[] = [
    { key: 'title', header: 'Quiz', rowHeader: true, cell: (q) => q.title },
    { key: 'status', header: 'Status', cell: status },
    { key: 'questions', header: 'Questions', numeric: true, cell: (q) => q.questions.length },
    { key: 'subs', header: 'Answered', numeric: true, cell: (q) => q.submissions },
    { key: 'right', header: 'All right', numeric: true, cell: (q) => q.allRight },
    { key: 'actions', header: <span className="visually-hidden">Actions</span>, cell: actions },
  ];

  let results: ReactNode;
  if (list.isPending) results = <Skeleton height="8rem" />;
  else if (list.isError) results = <ErrorState title="The quizzes could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.quizzes.length === 0) results = <EmptyState title="No quizzes yet" message="Write the first quiz; it stays a draft until you publish it." />;
  else if (compact)
    results = (
      <CardList aria-label="Quizzes">
        {list.data.quizzes.map((q) => (
          <li key={q.id}>
            <Card aria-labelledby={`aq-${q.id}`}>
              <CardHead>
                <CardTitle id={`aq-${q.id}`}>{q.title}</CardTitle>
                {status(q)}
              </CardHead>
              <CardFacts>
                <CardFact term="Questions">{q.questions.length}</CardFact>
                <CardFact term="Answered">{q.submissions}</CardFact>
                <CardFact term="All right">{q.allRight}</CardFact>
              </CardFacts>
              {actions(q)}
            </Card>
          </li>
        ))}
      </CardList>
    );
  else results = <Table caption="Quizzes" hideCaption className={styles.govAdminTable} columns={columns} rows={list.data.quizzes} rowKey={(q) => String(q.id)} />;

  return (
    <div className={styles.govAdmin}>
      <p className={styles.govMuted}>Quizzes with one right answer per question. A draft can be changed; a published quiz is frozen, since people&apos;s answers refer to its questions.</p>
      {editing ? (
        <section className={styles.govCard} aria-labelledby="quiz-editor">
          <h2 id="quiz-editor">{editing.kind === 'edit' ? `Edit “${editing.quiz.title}”` : 'Write a quiz'}</h2>
          <QuizEditor
            key={editing.kind === 'edit' ? editing.quiz.id : 'new'}
            {...(editing.kind === 'edit' ? { quiz: editing.quiz } : {})}
            saving={save.isPending}
            serverErrors={serverErrorsOf(save.error)}
            onSave={(body) => save.mutate(body)}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : (
        <Button className={styles.govAdminStart} onClick={() => (save.reset(), setEditing({ kind: 'new' }))}>
          Write a quiz
        </Button>
      )}
      <section aria-labelledby="all-quizzes" aria-busy={list.isFetching || undefined}>
        <h2 id="all-quizzes">All quizzes</h2>
        {results}
      </section>
    </div>
  );
}
