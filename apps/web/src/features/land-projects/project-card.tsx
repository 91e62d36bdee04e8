import { formatFigure, formatHectares, IMPACT_FIGURE_LABELS, IMPACT_FIGURES } from '@landunits/domain';
import type { ProjectView } from '@landunits/domain/contracts';
import { projectDate } from './projects-api';
import * as projectsStyles from './projects.module.css';

/** The figures a project reports (those it has), as a description list. */
export function ImpactList({ project }: { project: Pick<ProjectView, 'impact' | 'areaHectares'> }) {
  return (
    <dl className={projectsStyles.projectFacts}>
      <div>
        <dt>Area</dt>
        <dd>{formatHectares(project.areaHectares)}</dd>
      </div>
      {IMPACT_FIGURES.map((key) => {
        const value = project.impact[key];
        return value === null ? null : (
          <div key={key}>
            <dt>{IMPACT_FIGURE_LABELS[key].label}</dt>
            <dd>{formatFigure(key, value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** One project as a card: image, name, location, area, figures and its latest update. */
export function ProjectCard({ project, headingLevel = 2 }: { project: ProjectView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const latest = project.updates[0];
  return (
    <article className={projectsStyles.projectCard} aria-labelledby={`project-${project.id}`}>
      {project.image ? (
        <img className={projectsStyles.projectCardImage} src={project.image.url} alt={project.image.alt} width={640} height={360} loading="lazy" />
      ) : (
        <div className={projectsStyles.projectCardImage} aria-hidden="true" />
      )}
      <div className={projectsStyles.projectCardBody}>
        <Heading id={`project-${project.id}`} className={projectsStyles.projectCardTitle}>
          {project.name}
        </Heading>
        <p className={`${projectsStyles.projectCardLocation} muted`}>
          {project.location}
          {project.finishedOn ? ` · finished ${projectDate(project.finishedOn)}` : ''}
        </p>
        <p className={projectsStyles.projectCardText}>{project.description}</p>
        <ImpactList project={project} />
        {latest ? (
          <div className={projectsStyles.projectCardLatest}>
            <p className={projectsStyles.projectCardLatestLabel}>
              Latest update, <time dateTime={latest.date}>{projectDate(latest.date)}</time>
            </p>
            <p className={projectsStyles.projectCardText}>{latest.text}</p>
          </div>
        ) : (
          <p className="muted">No updates yet.</p>
        )}
      </div>
    </article>
  );
}
