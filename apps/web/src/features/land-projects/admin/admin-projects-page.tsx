import {
  fieldErrors,
  formatHectares,
  IMPACT_FIGURE_LABELS,
  IMPACT_FIGURES,
  PROJECT_LIMITS,
  PROJECT_STATE_LABELS,
  ProjectInputSchema,
  ProjectUpdateInputSchema,
  type ImpactFigure,
  type ProjectUpdateInput,
} from '@landunits/domain';
import { ImageUploadField } from '../../../shared/ui/image-upload-field';
import type { ProjectAnswer, ProjectView } from '@landunits/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { checkedFields } from '../../../shared/admin/form-checks';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { DateField } from '../../../shared/ui/date-field';
import { showToast } from '../../../shared/ui/toast-store';
import { projectDate, projectsApi } from '../projects-api';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as styles from '../projects.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

type Editing = { kind: 'project'; project: ProjectView | null } | { kind: 'updates'; project: ProjectView } | null;

function FormError({ children }: { children: string | undefined }) {
  return children ? (
    <p role="alert" className={styles.projectFormError}>
      {children}
    </p>
  ) : null;
}

type ProjectField = 'name' | 'location' | 'areaHectares' | 'description' | 'imageAlt' | 'imageId' | ImpactFigure;
type ProjectBody = Parameters<typeof projectsApi.create>[0];

/** Field messages keyed as the form's fields: `impact.co2Tonnes` is the field `co2Tonnes`. */
const figureNames = (errors: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^impact\./, ''), message]));

/** A failed save: a 400's field messages under their fields, any other failure under the form. */
const failed = (showServerErrors: SubmitHelpers['showServerErrors'], setFailure: (message: string) => void) => (error: unknown) =>
  void (isApiError(error) && Object.keys(error.errors).length ? showServerErrors(figureNames(error.errors)) : setFailure(errorMessage(error)));

/** The form's submit, clearing the form's message first (as every submit did). */
const clearingFirst = (clear: () => void, onSubmit: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
  clear();
  onSubmit(event);
};

/**
 * The form's text as the API's input, checked by the shared schema but sent as typed: the image
 * description only goes with an image (a new one, or the project's own); an impact figure's
 * message shows under its field.
 */
const projectFormSchema = (project: ProjectView | null) =>
  checkedFields<ProjectBody>((v) => {
    const imageId = v.imageId || null;
    const impact = Object.fromEntries(IMPACT_FIGURES.map((key) => [key, v[key] ?? ''])) as Record<ImpactFigure, string>;
    const body = {
      name: v.name ?? '',
      location: v.location ?? '',
      areaHectares: v.areaHectares ?? '',
      description: v.description ?? '',
      imageAlt: imageId || project?.image ? (v.imageAlt ?? '') : '',
      imageId,
      impact,
    };
    const parsed = ProjectInputSchema.safeParse(body);
    return parsed.success ? { ok: true, data: body } : { ok: false, errors: figureNames(fieldErrors(parsed.error)) };
  });

/** Name, place, hectares, description, image with its description, and the three figures. */
function ProjectForm({ project, onDone }: { project: ProjectView | null; onDone: (answer: ProjectAnswer) => void }) {
  const [schema] = useState(() => projectFormSchema(project));
  const [image, setImage] = useState<{ id: string; url: string } | null>(null);
  const [failure, setFailure] = useState('');
  const save = useMutation({ mutationFn: (body: ProjectBody) => (project ? projectsApi.update(project.id, body) : projectsApi.create(body)), meta: { silent: true } });
  const send = (body: ProjectBody, { showServerErrors }: SubmitHelpers) => save.mutateAsync(body).then(onDone, failed(showServerErrors, setFailure));
  const figures = Object.fromEntries(IMPACT_FIGURES.map((key) => [key, project?.impact[key]?.toString() ?? ''])) as Record<ImpactFigure, string>;
  const text = { name: project?.name ?? '', location: project?.location ?? '', areaHectares: project ? project.areaHectares.replace(/\.00$/, '') : '', description: project?.description ?? '' };
  const form = useForm<ProjectField, ProjectBody>(schema, { ...text, imageAlt: project?.image?.alt ?? '', imageId: '', ...figures }, send);
  const upload = (uploaded: { id: string; url: string }) => {
    form.field('imageId').onChange({ target: { value: uploaded.id } } as ChangeEvent<HTMLInputElement>);
    setImage(uploaded);
  };
  const shown = image?.url ?? project?.image?.url ?? null;
  return (
    <form {...form.formProps} onSubmit={clearingFirst(() => setFailure(''), form.formProps.onSubmit)} className={styles.projectForm} aria-label={project ? `Edit ${project.name}` : 'New land project'}>
      <TextField {...form.field('name')} label="Name" data-autofocus />
      <TextField {...form.field('location')} label="Location" hint="A region and country, e.g. Perthshire, Scotland" />
      <TextField {...form.field('areaHectares')} label="Area in hectares" inputMode="decimal" hint="e.g. 40 or 12.5" />
      <TextArea {...form.field('description')} label="Description" rows={4} maxChars={PROJECT_LIMITS.description} />
      <ImageUploadField label="Image" current={shown} required={false} error={form.field('imageId').error} onUploaded={upload} />
      {shown ? <TextField {...form.field('imageAlt')} label="Image description" hint="What the picture shows, for people who cannot see it" /> : null}
      <fieldset className={styles.projectFormFigures}>
        <legend>Impact figures (whole numbers; leave empty when they do not apply)</legend>
        {IMPACT_FIGURES.map((key) => (
          <TextField key={key} {...form.field(key)} label={`${IMPACT_FIGURE_LABELS[key].label} (${IMPACT_FIGURE_LABELS[key].unit})`} inputMode="numeric" />
        ))}
      </fieldset>
      <FormError>{failure || undefined}</FormError>
      <div className={styles.projectFormActions}>
        <Button type="submit" loading={save.isPending}>
          {project ? 'Save the project' : 'Add the project'}
        </Button>
      </div>
    </form>
  );
}

/** What the update form starts with: a new update (today), or the one being changed. */
type UpdateDraft = { round: number; editingId: number | null; date: string; text: string };

/** A project's dated updates: add one, or change one. */
function UpdatesForm({ project, onSaved }: { project: ProjectView; onSaved: (answer: ProjectAnswer) => void }) {
  const [draft, setDraft] = useState<UpdateDraft>(() => ({ round: 0, editingId: null, date: new Date().toISOString().slice(0, 10), text: '' }));
  // The form starts again (with these values) whenever an update is picked, saved or its change cancelled.
  const start = (editingId: number | null, date: string, text: string) => setDraft((d) => ({ round: d.round + 1, editingId, date, text }));
  return (
    <div>
      <UpdateFields key={draft.round} project={project} draft={draft} onSaved={onSaved} onStart={start} />
      <h3 className={styles.projectUpdatesTitle}>Updates so far</h3>
      {project.updates.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ol className={styles.timelineList}>
          {project.updates.map((u) => (
            <li key={u.id} className={styles.timelineItem}>
              <time className={styles.timelineDate} dateTime={u.date}>
                {projectDate(u.date)}
              </time>
              <p className={styles.timelineText}>{u.text}</p>
              <Button size="sm" variant="ghost" onClick={() => start(u.id, u.date, u.text)}>
                Change<span className="visually-hidden"> the update of {projectDate(u.date)}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

type UpdateFieldsProps = { project: ProjectView; draft: UpdateDraft; onSaved: (answer: ProjectAnswer) => void; onStart: (editingId: number | null, date: string, text: string) => void };

function UpdateFields({ project, draft, onSaved, onStart }: UpdateFieldsProps) {
  const { editingId } = draft;
  const [failure, setFailure] = useState('');
  const save = useMutation({
    mutationFn: (body: ProjectUpdateInput) => (editingId ? projectsApi.editUpdate(project.id, editingId, body) : projectsApi.addUpdate(project.id, body)),
    meta: { silent: true },
  });
  const saved = (date: string) => (answer: ProjectAnswer) => {
    onStart(null, date, '');
    onSaved(answer);
  };
  const send = (body: ProjectUpdateInput, { showServerErrors }: SubmitHelpers) => save.mutateAsync(body).then(saved(body.date), failed(showServerErrors, setFailure));
  const form = useForm<'date' | 'text', ProjectUpdateInput>(ProjectUpdateInputSchema, { date: draft.date, text: draft.text }, send);
  return (
    <form {...form.formProps} onSubmit={clearingFirst(() => setFailure(''), form.formProps.onSubmit)} className={styles.projectForm} aria-label={editingId ? 'Change the update' : 'Add an update'}>
      <DateField {...form.field('date')} label="Date" />
      <TextArea {...form.field('text')} label="What happened" rows={3} maxChars={PROJECT_LIMITS.updateText} data-autofocus />
      <FormError>{failure || undefined}</FormError>
      <div className={styles.projectFormActions}>
        <Button type="submit" loading={save.isPending}>
          {editingId ? 'Save the change' : 'Add the update'}
        </Button>
        {editingId ? (
          <Button variant="ghost" onClick={() => onStart(null, form.values.date, '')}>
            Cancel the change
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ProjectActions({
  project,
  onEdit,
  onUpdates,
  onAction,
  busy,
}: {
  project: ProjectView;
  onEdit: () => void;
  onUpdates: () => void;
  onAction: (kind: 'finish' | 'reopen' | 'teaser') => void;
  busy: boolean;
}) {
  const named = <span className="visually-hidden"> {project.name}</span>;
  return (
    <div className={styles.projectAdminActions}>
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Edit{named}
      </Button>
      <Button size="sm" variant="secondary" onClick={onUpdates}>
        Updates{named}
      </Button>
      {project.state === 'open' ? (
        <>
          {!project.isTeaser ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAction('teaser')}>
              Show on the public site{named}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAction('finish')}>
            Mark finished{named}
          </Button>
        </>
      ) : (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAction('reopen')}>
          Running again{named}
        </Button>
      )}
    </div>
  );
}

const stateBadge = (p: ProjectView) => (
  <span className={styles.projectAdminState}>
    <StatusBadge label={PROJECT_STATE_LABELS[p.state]} tone={p.state === 'open' ? 'success' : 'slate'} />
    {p.isTeaser ? <StatusBadge label="On the public site" tone="info" /> : null}
  </span>
);

/**
 * /admin/projects (content.manage): every land project; add and edit them with an uploaded image,
 * add and change dated updates, mark them finished (or running again) and choose the one shown to
 * visitors. A table on wide screens, cards on phones.
 */
export function AdminProjectsPage() {
  const queryClient = useQueryClient();
  const compact = useMediaQuery(MOBILE_QUERY);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery({ queryKey: ['admin-projects'], queryFn: ({ signal }) => projectsApi.adminList(signal), staleTime: 0, meta: { silent: true } });
  const done = (answer: ProjectAnswer, close = true) => {
    showToast(answer.message, 'success');
    void queryClient.invalidateQueries({ queryKey: ['admin-projects'] });
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
    if (close) setEditing(null);
    else setEditing({ kind: 'updates', project: answer.project });
  };
  const act = useMutation({
    mutationFn: ({ kind, id }: { kind: 'finish' | 'reopen' | 'teaser'; id: number }) =>
      kind === 'finish' ? projectsApi.finish(id) : kind === 'reopen' ? projectsApi.reopen(id) : projectsApi.setTeaser(id),
    meta: { silent: true },
    onSuccess: (answer) => done(answer),
    onError: (error) => showToast(errorMessage(error), 'error'),
  });
  const actions = (p: ProjectView) => (
    <ProjectActions
      project={p}
      busy={act.isPending}
      onEdit={() => setEditing({ kind: 'project', project: p })}
      onUpdates={() => setEditing({ kind: 'updates', project: p })}
      onAction={(kind) => act.mutate({ kind, id: p.id })}
    />
  );

  let body: ReactNode;
  if (list.isPending)
    body = (
      <div role="status" className={styles.projectsSkeleton}>
        <span className="visually-hidden">Loading the projects…</span>
        <Skeleton height="4rem" />
        <Skeleton height="4rem" />
      </div>
    );
  else if (list.isError)
    body = <ErrorState headingLevel={3} title="The projects could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.projects.length === 0)
    body = <EmptyState headingLevel={3} title="No land projects yet" message="Add the first project: people see it under Open projects, and you can show it on the public site." />;
  else if (compact)
    body = (
      <CardList aria-label="Land projects">
        {list.data.projects.map((p) => (
          <Card as="li" key={p.id}>
            <CardHead>
              <CardTitle>{p.name}</CardTitle>
              {stateBadge(p)}
            </CardHead>
            <CardFacts>
              <CardFact term="Location">{p.location}</CardFact>
              <CardFact term="Area">{formatHectares(p.areaHectares)}</CardFact>
              <CardFact term="Latest update">{p.updates[0] ? projectDate(p.updates[0].date) : 'None yet'}</CardFact>
            </CardFacts>
            {actions(p)}
          </Card>
        ))}
      </CardList>
    );
  else {
    const columns: Column<ProjectView>[] = [
      {
        key: 'name',
        header: 'Project',
        rowHeader: true,
        cell: (p) => (
          <span className={styles.projectAdminName}>
            {p.name}
            <span className="muted">{p.location}</span>
          </span>
        ),
      },
      { key: 'area', header: 'Area', numeric: true, cell: (p) => formatHectares(p.areaHectares) },
      { key: 'state', header: 'Status', cell: stateBadge },
      { key: 'latest', header: 'Latest update', cell: (p) => (p.updates[0] ? projectDate(p.updates[0].date) : 'None yet') },
      { key: 'actions', header: 'Actions', cell: actions },
    ];
    body = <Table caption="Land projects" hideCaption columns={columns} rows={list.data.projects} rowKey={(p) => p.id} />;
  }

  return (
    <section aria-labelledby="projects-admin-title" aria-busy={list.isFetching || undefined}>
      <div className={styles.projectsAdminHead}>
        <h2 id="projects-admin-title" className={adminStyles.adminOrdersTitle}>
          Land projects
        </h2>
        <Button onClick={() => setEditing({ kind: 'project', project: null })}>Add a project</Button>
      </div>
      {body}
      <Dialog
        open={editing !== null}
        title={editing?.kind === 'updates' ? `Updates of ${editing.project.name}` : editing?.project ? `Edit ${editing.project.name}` : 'New land project'}
        onClose={() => setEditing(null)}
      >
        {editing?.kind === 'project' ? <ProjectForm key={editing.project?.id ?? 'new'} project={editing.project} onDone={(a) => done(a)} /> : null}
        {editing?.kind === 'updates' ? <UpdatesForm key={editing.project.id} project={editing.project} onSaved={(a) => done(a, false)} /> : null}
      </Dialog>
    </section>
  );
}
