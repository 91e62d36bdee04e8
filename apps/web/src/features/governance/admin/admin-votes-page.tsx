import { CreateVoteSchema, fieldErrors, GOVERNANCE_MESSAGES as M, type AdminVote, type CreateVoteValues } from '@landunits/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkedFields } from '../../../shared/admin/form-checks';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { governanceApi } from '../governance-api';
import { when } from '../vote-parts';
import * as styles from '../governance.module.css';

/** A datetime-local value (the admin's local time) as an ISO instant, or the text as typed. */
const toIso = (local: string) => {
  const t = Date.parse(local);
  return Number.isNaN(t) ? local : new Date(t).toISOString();
};

/** The form's text as the API's input (the closing time as an instant), checked by the shared schema and for a future closing time. */
const VoteFormSchema = checkedFields<CreateVoteValues>((values) => {
  const body = { question: values.question ?? '', details: values.details ?? '', closesAt: values.closesAt ? toIso(values.closesAt) : '' };
  const checked = CreateVoteSchema.safeParse(body);
  if (!checked.success) return { ok: false, errors: fieldErrors(checked.error) };
  if (Date.parse(body.closesAt) <= Date.now()) return { ok: false, errors: { closesAt: M.closesAtFuture } };
  return { ok: true, data: body };
});

/** Publishes a vote question with its closing time; the form starts empty again once it is published. */
export function VoteForm({ onCreated }: { onCreated?: () => void }) {
  const [round, setRound] = useState(0);
  return <VoteFields key={round} onCreated={onCreated} onReset={() => setRound((n) => n + 1)} />;
}

function VoteFields({ onCreated, onReset }: { onCreated?: () => void; onReset: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState('');
  const create = useMutation({ mutationFn: governanceApi.createVote, meta: { silent: true } });
  const send = async (body: CreateVoteValues, { showServerErrors }: SubmitHelpers) => {
    let answer: Awaited<ReturnType<typeof governanceApi.createVote>>;
    try {
      answer = await create.mutateAsync(body);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) showServerErrors(error.errors);
      else setFailure(errorMessage(error));
      return;
    }
    showToast(answer.message, 'success');
    onReset();
    void queryClient.invalidateQueries({ queryKey: ['governance'] });
    onCreated?.();
  };
  const form = useForm<'question' | 'details' | 'closesAt', CreateVoteValues>(VoteFormSchema, { question: '', details: '', closesAt: '' }, send);
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        setFailure('');
        form.formProps.onSubmit(event);
      }}
      className={styles.govForm}
      aria-label="Open a vote"
    >
      <TextField {...form.field('question')} label="Question" hint="A question holders answer Yes or No" maxLength={300} />
      <TextArea {...form.field('details')} label="Details (optional)" maxChars={5000} rows={3} />
      <TextField {...form.field('closesAt')} type="datetime-local" label="Voting closes" hint="Your local time" />
      {failure ? (
        <p className={styles.govError} role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Open the vote
      </Button>
    </form>
  );
}

const resultText = (vote: AdminVote) => (vote.result ? `${vote.result.outcome} (yes ${vote.result.yesPercentage ?? '—'} %, turnout ${vote.result.turnoutPercentage ?? '—'} %)` : 'Hidden until close');

function Status({ vote }: { vote: AdminVote }) {
  return vote.closedAt ? <StatusBadge label="Closed" tone="slate" /> : vote.open ? <StatusBadge label="Open" tone="success" /> : <StatusBadge label="Due to close" tone="warning" />;
}

/** /admin/votes: open a vote, follow how many have voted, close one now or every due one. */
export function AdminVotesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const compact = useMediaQuery(MOBILE_QUERY);
  const raw = Number(new URLSearchParams(location.search).get('page') ?? '1');
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw : 1;
  const list = useQuery({
    queryKey: ['governance', 'admin-votes', page],
    queryFn: ({ signal }) => governanceApi.adminVotes({ page }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['governance'] });
  const close = useMutation({
    mutationFn: governanceApi.closeVote,
    meta: { silent: true },
    onSuccess: (a) => (showToast(a.message, 'success'), refresh()),
    onError: (e) => showToast(errorMessage(e), 'error'),
  });
  const closeDue = useMutation({
    mutationFn: governanceApi.closeDue,
    meta: { silent: true },
    onSuccess: (a) => (showToast(a.message, 'success'), refresh()),
    onError: (e) => showToast(errorMessage(e), 'error'),
  });

  const action = (vote: AdminVote) =>
    vote.closedAt ? null : (
      <Button size="sm" variant="secondary" loading={close.isPending && close.variables === vote.id} onClick={() => close.mutate(vote.id)}>
        Close now<span className="visually-hidden">: {vote.question}</span>
      </Button>
    );
  const columns: Column<AdminVote>[] = [
    { key: 'q', header: 'Question', rowHeader: true, cell: (v) => v.question },
    { key: 'status', header: 'Status', cell: (v) => <Status vote={v} /> },
    { key: 'closes', header: 'Closes', cell: (v) => when(v.closedAt ?? v.closesAt) },
    { key: 'voters', header: 'Voted', numeric: true, cell: (v) => v.voters },
    { key: 'result', header: 'Result', cell: resultText },
    { key: 'actions', header: <span className="visually-hidden">Actions</span>, cell: action },
  ];

  let results: ReactNode;
  if (list.isPending) results = <Skeleton height="8rem" />;
  else if (list.isError) results = <ErrorState title="The votes could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.votes.length === 0) results = <EmptyState title="No votes yet" message="Open the first vote with the form above; holders are emailed when it opens." />;
  else
    results = (
      <>
        {compact ? (
          <CardList aria-label="Votes">
            {list.data.votes.map((v) => (
              <li key={v.id}>
                <Card aria-labelledby={`av-${v.id}`}>
                  <CardHead>
                    <CardTitle id={`av-${v.id}`}>{v.question}</CardTitle>
                    <Status vote={v} />
                  </CardHead>
                  <CardFacts>
                    <CardFact term="Closes">{when(v.closedAt ?? v.closesAt)}</CardFact>
                    <CardFact term="Voted">{v.voters}</CardFact>
                    <CardFact term="Result">{resultText(v)}</CardFact>
                  </CardFacts>
                  {action(v)}
                </Card>
              </li>
            ))}
          </CardList>
        ) : (
          <Table caption="Votes" hideCaption className={styles.govAdminTable} columns={columns} rows={list.data.votes} rowKey={(v) => String(v.id)} />
        )}
        <Pager label="Vote pages" page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(p) => navigate({ search: p > 1 ? `?page=${p}` : '' })} />
      </>
    );

  return (
    <div className={styles.govAdmin}>
      <p className={styles.govMuted}>Put a question to every holder of an owned Unit. Tallies stay hidden until the vote closes; you see only how many have voted.</p>
      <section className={styles.govCard} aria-labelledby="open-vote">
        <h2 id="open-vote">Open a vote</h2>
        <VoteForm />
      </section>
      <section aria-labelledby="all-votes" aria-busy={list.isFetching || undefined}>
        <div className={styles.govCardHead}>
          <h2 id="all-votes">All votes</h2>
          <Button variant="secondary" size="sm" loading={closeDue.isPending} onClick={() => closeDue.mutate()}>
            Close due votes
          </Button>
        </div>
        {results}
      </section>
    </div>
  );
}
