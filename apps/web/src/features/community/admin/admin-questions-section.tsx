import { AnswerQuestionSchema, COMMUNITY_LIMITS, ModerationReasonSchema, QUESTION_STATUS_LABELS } from '@landunits/domain';
import { ADMIN_QUESTION_FILTERS, AdminQuestionsQuerySchema, type AdminQuestionFilter, type AnswerView, type QuestionItem } from '@landunits/domain/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { addressParams } from '../../../shared/lib/address-params';
import { useForm } from '../../../shared/lib/use-form';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { ADMIN_COMMUNITY_KEY, adminCommunityApi } from './admin-community-api';
import { AuthorBadge, askedOn } from './community-admin-parts';
import { ReasonDialog, type ReasonAction } from './reason-dialog';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as communityStyles from '../community.module.css';
import * as styles from './community-admin.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const FILTER_LABELS: Readonly<Record<AdminQuestionFilter, string>> = { all: 'All', open: 'Open', closed: 'Closed', hidden: 'Hidden' };
const params = addressParams(['filter', 'page'] as const, { filter: 'all', page: '1' }, AdminQuestionsQuerySchema);

function Loading({ label }: { label: string }) {
  return (
    <div className={adminStyles.adminSkeleton} role="status">
      <span className="visually-hidden">{label}</span>
      {[0, 1].map((n) => (
        <Skeleton key={n} height="3rem" />
      ))}
    </div>
  );
}

function Status({ q }: { q: Pick<QuestionItem, 'status' | 'hidden'> }) {
  return (
    <span className={communityStyles.cqCardBadges}>
      <StatusBadge label={QUESTION_STATUS_LABELS[q.status]} tone={q.status === 'open' ? 'info' : 'slate'} />
      {q.hidden ? <StatusBadge label="Hidden" tone="warning" /> : null}
    </span>
  );
}

function hideAction(target: 'questions' | 'answers', id: number, hide: boolean, what: string): ReasonAction {
  return {
    title: hide ? `Hide this ${what}?` : `Show this ${what} again?`,
    text: hide ? `Nobody but its author sees it any more; they see it is hidden and your reason.` : `Everyone sees it again. The reason is kept in the audit log.`,
    label: hide ? `Hide ${what}` : `Show ${what}`,
    reasonLabel: hide ? 'Reason (its author reads it)' : 'Reason (for the audit log)',
    danger: hide,
    maxLength: COMMUNITY_LIMITS.moderationReason,
    schema: ModerationReasonSchema,
    run: (reason) => adminCommunityApi.moderate(target, id, hide, reason),
  };
}

/** The answer's text through the shared schema, its message under the field. */
const AnswerFormSchema = AnswerQuestionSchema.pick({ answerText: true });

/** Publishes the team's answer; the form starts empty again once it is sent. */
function TeamAnswerForm({ questionId }: { questionId: number }) {
  const [round, setRound] = useState(0);
  return <TeamAnswerFields key={round} questionId={questionId} onSent={() => setRound((n) => n + 1)} />;
}

function TeamAnswerFields({ questionId, onSent }: { questionId: number; onSent: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const send = useMutation({
    mutationFn: (answerText: string) => adminCommunityApi.answer(questionId, answerText),
    meta: { silent: true },
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: ADMIN_COMMUNITY_KEY });
      onSent();
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const form = useForm(AnswerFormSchema, { answerText: '' }, async ({ answerText }) => {
    setFailure('');
    await send.mutateAsync(answerText).catch(() => {});
  });
  const text = form.field('answerText');
  return (
    <form {...form.formProps} className={communityStyles.cqForm}>
      <TextArea {...text} className={communityStyles.cqFormField} error={text.error ?? (failure || undefined)} label="Answer for the Land Units team" rows={4} maxChars={COMMUNITY_LIMITS.answer} />
      <Button type="submit" loading={send.isPending}>
        Publish team answer
      </Button>
    </form>
  );
}

function AdminAnswer({ answer, onAct, onAccept }: { answer: AnswerView; onAct: (action: ReasonAction) => void; onAccept: ((id: number) => void) | null }) {
  return (
    <li className={answer.accepted ? `${communityStyles.cqAnswer} ${communityStyles.cqAnswerAccepted}` : communityStyles.cqAnswer}>
      <div className={communityStyles.cqAnswerHead}>
        <span className={communityStyles.cqAnswerAuthor}>{answer.authorName}</span>
        <AuthorBadge kind={answer.authorKind} />
        {answer.accepted ? <StatusBadge label="Accepted answer" tone="success" /> : null}
        {answer.hidden ? <StatusBadge label="Hidden" tone="warning" /> : null}
        <span className="muted">{askedOn(answer.createdAt)}</span>
      </div>
      <p className={communityStyles.cqText}>{answer.body}</p>
      {answer.hidden ? <p className={communityStyles.cqHiddenNote}>Hidden: {answer.hidden.reason}</p> : null}
      <div className={styles.cqAdminActions}>
        <Button size="sm" variant="secondary" onClick={() => onAct(hideAction('answers', answer.id, !answer.hidden, 'answer'))}>
          {answer.hidden ? 'Show again' : 'Hide'}
          <span className="visually-hidden"> the answer by {answer.authorName}</span>
        </Button>
        {onAccept && !answer.hidden ? (
          <Button size="sm" variant="ghost" onClick={() => onAccept(answer.id)}>
            Close with this answer accepted
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function QuestionDetail({ id, onAct, onClose }: { id: number; onAct: (action: ReasonAction) => void; onClose: () => void }) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: [...ADMIN_COMMUNITY_KEY, 'question', id], queryFn: ({ signal }) => adminCommunityApi.question(id, signal), meta: { silent: true } });
  const close = useMutation({
    mutationFn: (accepted: number | null) => adminCommunityApi.close(id, accepted),
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: ADMIN_COMMUNITY_KEY });
    },
  });
  let body: ReactNode;
  if (detail.isPending) body = <Loading label="Loading the question…" />;
  else if (detail.isError)
    body = <ErrorState headingLevel={3} title="The question could not be loaded" message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  else {
    const { question: q, answers } = detail.data;
    const open = q.status === 'open';
    body = (
      <>
        <p className={communityStyles.cqCardMeta}>
          <Status q={q} /> Asked by {q.askerName} on {askedOn(q.createdAt)} · <Link to={`/dashboard/questions/${q.id}`}>as people see it</Link>
        </p>
        {q.hidden ? <p className={communityStyles.cqHiddenNote}>Hidden: {q.hidden.reason}</p> : null}
        <p className={communityStyles.cqText}>{q.body}</p>
        <div className={styles.cqAdminActions}>
          <Button size="sm" variant="secondary" onClick={() => onAct(hideAction('questions', q.id, !q.hidden, 'question'))}>
            {q.hidden ? 'Show question again' : 'Hide question'}
          </Button>
          {open ? (
            <Button size="sm" variant="ghost" loading={close.isPending} onClick={() => close.mutate(null)}>
              Close without an accepted answer
            </Button>
          ) : null}
        </div>
        <h4>
          {answers.length} {answers.length === 1 ? 'answer' : 'answers'}
        </h4>
        {answers.length ? (
          <ul className={communityStyles.cqAnswers}>
            {answers.map((a) => (
              <AdminAnswer key={a.id} answer={a} onAct={onAct} onAccept={open ? (answerId) => close.mutate(answerId) : null} />
            ))}
          </ul>
        ) : (
          <p className="muted">No answers yet.</p>
        )}
        {open && !q.hidden ? <TeamAnswerForm questionId={q.id} /> : null}
      </>
    );
  }
  return (
    <Card as="section" className={styles.cqAdminDetail} aria-labelledby="cq-admin-detail-title">
      <CardHead>
        <CardTitle id="cq-admin-detail-title">{detail.data?.question.title ?? 'Question'}</CardTitle>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close panel
        </Button>
      </CardHead>
      {body}
    </Card>
  );
}

function OpenButton({ q, onOpen }: { q: QuestionItem; onOpen: (id: number) => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={() => onOpen(q.id)}>
      Open<span className="visually-hidden"> the question {q.title}</span>
    </Button>
  );
}

function QuestionRows({ questions, onOpen }: { questions: QuestionItem[]; onOpen: (id: number) => void }) {
  const compact = useMediaQuery(COMPACT_QUERY);
  if (compact)
    return (
      <CardList aria-label="Community questions">
        {questions.map((q) => (
          <li key={q.id}>
            <Card aria-labelledby={`aq-${q.id}`}>
              <CardHead>
                <CardTitle id={`aq-${q.id}`} className={communityStyles.cqTitle}>
                  {q.title}
                </CardTitle>
                <Status q={q} />
              </CardHead>
              <p className={communityStyles.cqCardMeta}>
                {q.askerName} · {askedOn(q.createdAt)} · {q.answerCount} answers
              </p>
              <OpenButton q={q} onOpen={onOpen} />
            </Card>
          </li>
        ))}
      </CardList>
    );
  const columns: Column<QuestionItem>[] = [
    { key: 'title', header: 'Question', rowHeader: true, cell: (q) => <span className={communityStyles.cqTitle}>{q.title}</span> },
    { key: 'asker', header: 'Asked by', cell: (q) => q.askerName },
    { key: 'date', header: 'Asked on', cell: (q) => askedOn(q.createdAt) },
    { key: 'answers', header: 'Answers', numeric: true, cellClassName: adminStyles.adminTableFigure, cell: (q) => q.answerCount },
    { key: 'status', header: 'Status', cell: (q) => <Status q={q} /> },
    { key: 'actions', header: 'Actions', cell: (q) => <OpenButton q={q} onOpen={onOpen} /> },
  ];
  return <Table caption="Community questions" hideCaption className={adminStyles.adminTable} columns={columns} rows={questions} rowKey={(q) => q.id} />;
}

/** /admin/questions: every community question, hidden ones included; answer for the team, close, hide and show again. */
export function AdminQuestionsSection() {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = useMemo(() => params.readParams(location.search), [location.search]);
  const checked = useMemo(() => params.checkParams(raw), [raw]);
  const query = checked.ok ? checked.query : { filter: 'all' as const, page: 1, pageSize: 20 };
  const [openId, setOpenId] = useState<number | null>(null);
  const [action, setAction] = useState<ReasonAction | null>(null);
  const list = useQuery({
    queryKey: [...ADMIN_COMMUNITY_KEY, 'questions', query.filter, query.page],
    queryFn: ({ signal }) => adminCommunityApi.questions({ filter: query.filter, page: query.page }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const go = (filter: string, page: number) => navigate({ pathname: location.pathname, search: params.writeSearch({ filter, page: String(page) }) });

  let body: ReactNode;
  if (list.isPending) body = <Loading label="Loading the questions…" />;
  else if (list.isError) body = <ErrorState title="The questions could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.total === 0) body = <EmptyState headingLevel={3} title="No questions here" message="Questions people ask appear here, newest first. Choose another filter to see more." />;
  else
    body = (
      <>
        <QuestionRows questions={list.data.questions} onOpen={setOpenId} />
        <Pager label="Question pages" page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => go(query.filter, page)} />
      </>
    );

  return (
    <div className={adminStyles.adminOrders}>
      <section aria-labelledby="aq-title" aria-busy={list.isFetching || undefined}>
        <h2 id="aq-title" className={adminStyles.adminOrdersTitle}>
          Community questions{list.data ? <span className={adminStyles.adminOrdersCount}> ({list.data.total})</span> : null}
        </h2>
        <nav aria-label="Filter questions">
          <ul className={communityStyles.cqFilter}>
            {ADMIN_QUESTION_FILTERS.map((f) => (
              <li key={f}>
                <Link
                  to={{ pathname: location.pathname, search: params.writeSearch({ filter: f, page: '1' }) }}
                  className={f === query.filter ? `${communityStyles.cqFilterLink} ${communityStyles.cqFilterLinkCurrent}` : communityStyles.cqFilterLink}
                  aria-current={f === query.filter ? 'page' : undefined}
                >
                  {FILTER_LABELS[f]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.cqAdminDetail}>{body}</div>
      </section>
      {openId !== null ? <QuestionDetail key={openId} id={openId} onAct={setAction} onClose={() => setOpenId(null)} /> : null}
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}
