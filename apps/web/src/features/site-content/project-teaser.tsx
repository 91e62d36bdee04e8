import { formatFigure, formatHectares, IMPACT_FIGURE_LABELS, IMPACT_FIGURES, formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/spinner';
import { projectTeaserQuery } from './site-queries';
import * as styles from './project-teaser.module.css';

const LOGIN_TO_PROJECTS = `/login?next=${encodeURIComponent('/dashboard/projects/open')}`;

/**
 * One land project for visitors (the one admins chose), rendered on the server with the home
 * page's data; everything else about the projects is behind the log-in. The host gives the heading.
 */
export function ProjectTeaserCard() {
  const query = useQuery(projectTeaserQuery());
  const project = query.data?.project;
  const prompt = (
    <p className={styles.projectTeaserLogin}>
      <Link to={LOGIN_TO_PROJECTS} className={buttonClassName('secondary')}>
        Log in to see all projects
      </Link>
      <span className="muted"> Every project, its figures and its updates are in your dashboard.</span>
    </p>
  );
  if (query.isPending)
    return (
      <div className={styles.projectTeaser} aria-busy="true">
        <Skeleton height="16rem" />
      </div>
    );
  if (!project) return prompt;
  return (
    <div className={styles.projectTeaser}>
      <article className={styles.projectTeaserCard} aria-labelledby="project-teaser-name">
        {project.image ? <img className={styles.projectTeaserImage} src={project.image.url} alt={project.image.alt} width={640} height={360} loading="lazy" /> : null}
        <div className={styles.projectTeaserBody}>
          <h3 id="project-teaser-name" className={styles.projectTeaserName}>
            {project.name}
          </h3>
          <p className={`muted ${styles.projectTeaserPlace}`}>{project.location}</p>
          <p className={styles.projectTeaserText}>{project.description}</p>
          <dl className={styles.projectTeaserFacts}>
            <div>
              <dt>Area</dt>
              <dd>{formatHectares(project.areaHectares)}</dd>
            </div>
            {IMPACT_FIGURES.map((key) =>
              project.impact[key] === null ? null : (
                <div key={key}>
                  <dt>{IMPACT_FIGURE_LABELS[key].label}</dt>
                  <dd>{formatFigure(key, project.impact[key])}</dd>
                </div>
              ),
            )}
          </dl>
          {project.latestUpdate ? (
            <p className={styles.projectTeaserLatest}>
              <strong>
                Latest update, <time dateTime={project.latestUpdate.date}>{formatDay(project.latestUpdate.date)}</time>:
              </strong>{' '}
              {project.latestUpdate.text}
            </p>
          ) : null}
        </div>
      </article>
      {prompt}
    </div>
  );
}
