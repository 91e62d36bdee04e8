import { PROJECT_STATE_LABELS, type ProjectState } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { ProjectCard } from './project-card';
import { projectDate, projectsApi } from './projects-api';
import * as styles from './projects.module.css';

function useProjects(state: ProjectState | undefined) {
  return useQuery({
    queryKey: ['projects', state ?? 'all'],
    queryFn: ({ signal }) => projectsApi.list(state, signal),
    meta: { silent: true },
  });
}

function Loading() {
  return (
    <div className={styles.projectsGrid} role="status">
      <span className="visually-hidden">Loading the projects…</span>
      <Skeleton height="20rem" />
      <Skeleton height="20rem" />
    </div>
  );
}

function ProjectList({ state }: { state: ProjectState }) {
  const list = useProjects(state);
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState title="The projects could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.projects.length === 0)
    return state === 'open' ? (
      <EmptyState
        title="No projects are running right now"
        message="New land projects appear here as soon as they start. Finished ones are under Closed projects."
        action={<Link to="/dashboard/projects/close">See closed projects</Link>}
      />
    ) : (
      <EmptyState title="No projects have finished yet" message="Running projects are under Open projects." action={<Link to="/dashboard/projects/open">See open projects</Link>} />
    );
  return (
    <ul className={styles.projectsGrid} aria-label={state === 'open' ? 'Running projects' : 'Finished projects'}>
      {list.data.projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/projects/open: the land projects running now, each with its latest update. */
export function OpenProjectsPage() {
  return (
    <div className="page">
      <h1 tabIndex={-1}>Open projects</h1>
      <p className="page__lead">
        The land projects running now, bought and managed with the money from Unit sales. See every update on <Link to="/dashboard/land-projects">Project status</Link>.
      </p>
      <ProjectList state="open" />
    </div>
  );
}

/** /dashboard/projects/close: the finished projects and what they achieved. */
export function ClosedProjectsPage() {
  return (
    <div className="page">
      <h1 tabIndex={-1}>Closed projects</h1>
      <p className="page__lead">Land projects that have finished, with what they achieved. The land stays under our care.</p>
      <ProjectList state="finished" />
    </div>
  );
}

/**
 * /dashboard/land-projects ("View Project Status"): every project with its timeline of dated
 * updates, newest first, as ordered lists with real dates.
 */
export function LandProjectsPage() {
  const list = useProjects(undefined);
  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorState title="The projects could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.projects.length === 0) body = <EmptyState title="No land projects yet" message="When the first project starts, its status updates appear here." />;
  else
    body = (
      <div className={styles.timelines}>
        {list.data.projects.map((project) => (
          <section key={project.id} className={styles.timeline} aria-labelledby={`timeline-${project.id}`}>
            <div className={styles.timelineHead}>
              <h2 id={`timeline-${project.id}`} className={styles.timelineTitle}>
                {project.name}
              </h2>
              <StatusBadge label={PROJECT_STATE_LABELS[project.state]} tone={project.state === 'open' ? 'success' : 'slate'} />
            </div>
            <p className={`muted ${styles.timelinePlace}`}>{project.location}</p>
            {project.updates.length === 0 ? (
              <p className="muted">No updates yet.</p>
            ) : (
              <ol className={styles.timelineList} aria-label={`Updates of ${project.name}, newest first`}>
                {project.updates.map((update) => (
                  <li key={update.id} className={styles.timelineItem}>
                    <time className={styles.timelineDate} dateTime={update.date}>
                      {projectDate(update.date)}
                    </time>
                    <p className={styles.timelineText}>{update.text}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
    );
  return (
    <div className="page">
      <h1 tabIndex={-1}>Land projects</h1>
      <p className="page__lead">
        Where each land project stands, update by update. Details and figures are on <Link to="/dashboard/projects/open">Open projects</Link> and{' '}
        <Link to="/dashboard/projects/close">Closed projects</Link>.
      </p>
      {body}
    </div>
  );
}
