import { IDEA_LIMITS, IDEA_STATUS_LABELS, IDEA_STATUSES, IdeaHideInputSchema, IdeaStatusInputSchema, type IdeaHideInput, type IdeaStatusInput } from '@landunits/domain';
import type { AdminIdeaView } from '@landunits/domain/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { ideasApi } from '../ideas-api';
import { IdeaCard } from '../ideas-page';
import { adminIdeaParams, type AdminIdeaParams } from '../ideas-query';
import * as styles from '../ideas.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

type Action = { kind: 'status' | 'hide'; idea: AdminIdeaView } | null;

function StatusForm({ idea, onDone }: { idea: AdminIdeaView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState('');
  const save = useMutation({
    mutationFn: (body: IdeaStatusInput) => ideasApi.setStatus(idea.id, body),
    meta: { silent: true },
  });
  const send = async (body: IdeaStatusInput, { showServerErrors }: SubmitHelpers) => {
    let answer: Awaited<ReturnType<typeof ideasApi.setStatus>>;
    try {
      answer = await save.mutateAsync(body);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) showServerErrors(error.errors);
      else setFailure(errorMessage(error));
      return;
    }
    showToast(answer.message, 'success');
    void queryClient.invalidateQueries({ queryKey: ['admin-ideas'] });
    onDone();
  };
  const form = useForm<'status' | 'reply', IdeaStatusInput>(IdeaStatusInputSchema, { status: idea.status === 'new' ? 'under_review' : idea.status, reply: idea.reply ?? '' }, send);
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        setFailure('');
        form.formProps.onSubmit(event);
      }}
      className={styles.ideaAdminForm}
    >
      <Select {...form.field('status')} label="Status" options={IDEA_STATUSES.map((s) => ({ value: s, label: IDEA_STATUS_LABELS[s] }))} />
      <TextArea {...form.field('reply')} label="Reply to the author" hint="Shown with the idea and emailed to its author." rows={5} maxChars={IDEA_LIMITS.reply} data-autofocus />
      {failure ? (
        <p role="alert" className={styles.ideaFormError}>
          {failure}
        </p>
      ) : null}
      <div className={styles.ideaAdminFormActions}>
        <Button type="submit" loading={save.isPending}>
          Save and tell the author
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function HideForm({ idea, onDone }: { idea: AdminIdeaView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState('');
  const hide = useMutation({
    mutationFn: (text: string) => ideasApi.hide(idea.id, text),
    meta: { silent: true },
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void queryClient.invalidateQueries({ queryKey: ['admin-ideas'] });
      onDone();
    },
    onError: (e) => setFailure(isApiError(e) ? (e.errors.reason ?? e.message) : errorMessage(e)),
  });
  const form = useForm<'reason', IdeaHideInput>(IdeaHideInputSchema, { reason: '' }, async (data) => {
    setFailure('');
    await hide.mutateAsync(data.reason).catch(() => {});
  });
  const reason = form.field('reason');
  return (
    <form {...form.formProps} className={styles.ideaAdminForm}>
      <TextArea
        {...reason}
        error={reason.error ?? (failure || undefined)}
        label="Why is it hidden?"
        hint="Kept in the audit log and shown to admins."
        rows={3}
        maxChars={IDEA_LIMITS.reason}
        data-autofocus
      />
      <div className={styles.ideaAdminFormActions}>
        <Button type="submit" loading={hide.isPending}>
          Hide the idea
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/ideas (community.moderate): every idea, hidden ones too, newest first, by status and
 * visibility (in the address); set a status with a reply (the author is emailed), hide with a
 * reason, show again. Cards at every width: each idea's text is what the admin decides on.
 */
export function AdminIdeasPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>(null);
  const params = useMemo(() => adminIdeaParams.readParams(location.search), [location.search]);
  const checked = useMemo(() => adminIdeaParams.checkParams(params), [params]);
  const query = checked.ok ? { ...checked.query } : null;
  const list = useQuery({
    queryKey: ['admin-ideas', query ?? {}],
    queryFn: ({ signal }) => ideasApi.adminList(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const show = useMutation({
    mutationFn: (id: number) => ideasApi.show(id),
    meta: { silent: true },
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void queryClient.invalidateQueries({ queryKey: ['admin-ideas'] });
    },
    onError: (e) => showToast(errorMessage(e), 'error'),
  });
  const go = (next: Partial<AdminIdeaParams>) => void navigate({ pathname: location.pathname, search: adminIdeaParams.writeSearch({ ...params, page: '1', ...next }) });

  let body: ReactNode;
  if (!checked.ok)
    body = (
      <EmptyState
        headingLevel={3}
        title="This list address is not valid"
        action={
          <Button variant="secondary" onClick={() => go({ sort: 'newest', status: '', visibility: 'all' })}>
            Show all ideas
          </Button>
        }
      />
    );
  else if (list.isPending)
    body = (
      <div className={styles.ideasSkeleton} role="status">
        <span className="visually-hidden">Loading the ideas…</span>
        <Skeleton height="6rem" />
        <Skeleton height="6rem" />
      </div>
    );
  else if (list.isError) body = <ErrorState headingLevel={3} title="The ideas could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.total === 0) body = <EmptyState headingLevel={3} title="No ideas match" message="Ideas people suggest on Community ideas appear here. Choose another status or visibility." />;
  else
    body = (
      <>
        <ul className={styles.ideasList} aria-label="Ideas">
          {list.data.ideas.map((idea) => (
            <li key={idea.id}>
              <IdeaCard
                idea={idea}
                extra={
                  <p className={styles.ideaCardCount}>
                    <strong>{idea.supportCount.toLocaleString('en-US')}</strong> {idea.supportCount === 1 ? 'supporter' : 'supporters'}
                    {idea.hidden ? <span className={styles.ideaCardHidden}> · Hidden: {idea.hiddenReason}</span> : null}
                  </p>
                }
                actions={
                  <div className={styles.ideaCardAdminActions}>
                    <Button size="sm" onClick={() => setAction({ kind: 'status', idea })}>
                      Set status<span className="visually-hidden"> of “{idea.title}”</span>
                    </Button>
                    {idea.hidden ? (
                      <Button size="sm" variant="secondary" loading={show.isPending && show.variables === idea.id} onClick={() => show.mutate(idea.id)}>
                        Show again<span className="visually-hidden"> “{idea.title}”</span>
                      </Button>
                    ) : (
                      <Button size="sm" variant="secondary" onClick={() => setAction({ kind: 'hide', idea })}>
                        Hide<span className="visually-hidden"> “{idea.title}”</span>
                      </Button>
                    )}
                  </div>
                }
              />
            </li>
          ))}
        </ul>
        <Pager label="Idea pages" page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => go({ page: String(page) })} />
      </>
    );

  return (
    <section aria-labelledby="ideas-admin-title" aria-busy={list.isFetching || undefined}>
      <h2 id="ideas-admin-title" className={adminStyles.adminOrdersTitle}>
        Community ideas
      </h2>
      <div className={styles.ideasFilters}>
        <Select
          className={styles.ideasFiltersField}
          label="Status"
          name="status"
          value={params.status}
          onChange={(e) => go({ status: e.target.value })}
          options={[{ value: '', label: 'All statuses' }, ...IDEA_STATUSES.map((s) => ({ value: s, label: IDEA_STATUS_LABELS[s] }))]}
        />
        <Select
          className={styles.ideasFiltersField}
          label="Shown to the community"
          name="visibility"
          value={params.visibility}
          onChange={(e) => go({ visibility: e.target.value })}
          options={[
            { value: 'all', label: 'Shown and hidden' },
            { value: 'shown', label: 'Shown' },
            { value: 'hidden', label: 'Hidden' },
          ]}
        />
        <Select
          className={styles.ideasFiltersField}
          label="Sort by"
          name="sort"
          value={params.sort}
          onChange={(e) => go({ sort: e.target.value })}
          options={[
            { value: 'newest', label: 'Newest' },
            { value: 'support', label: 'Most supported' },
          ]}
        />
      </div>
      {body}
      <Dialog open={action !== null} title={action?.kind === 'hide' ? 'Hide this idea' : 'Set the status'} onClose={() => setAction(null)}>
        {action ? (
          <>
            <p className={styles.ideaAdminFormSubject}>“{action.idea.title}”</p>
            {action.kind === 'status' ? (
              <StatusForm key={action.idea.id} idea={action.idea} onDone={() => setAction(null)} />
            ) : (
              <HideForm key={action.idea.id} idea={action.idea} onDone={() => setAction(null)} />
            )}
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
