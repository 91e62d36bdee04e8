import { formatFigure, formatHectares, IMPACT_FIGURE_LABELS, IMPACT_FIGURES } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/spinner';
import { projectTeaserQuery } from './site-queries';
import './project-teaser.css';

const LOGIN_TO_PROJECTS = `/login?next=${encodeURIComponent('/dashboard/projects/open')}`;
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * One land project for visitors (the one admins chose), rendered on the server with the home
 * page's data; everything else about the projects is behind the log-in. The host gives the heading.
 */
export function ProjectTeaserCard() {
  const query = useQuery(projectTeaserQuery());
  const project = query.data?.project;
  const prompt = (
    <p className="project-teaser__login">
      <Link to={LOGIN_TO_PROJECTS} className={buttonClassName('secondary')}>
        Log in to see all projects
      </Link>
      <span className="muted"> Every project, its figures and its updates are in your dashboard.</span>
    </p>
  );
  if (query.isPending)
    return (
      <div className="project-teaser" aria-busy="true">
        <Skeleton height="16rem" />
      </div>
    );
  if (!project) return prompt;
  return (
    <div className="project-teaser">
      <article className="project-teaser__card" aria-labelledby="project-teaser-name">
        {project.image ? <img className="project-teaser__image" src={project.image.url} alt={project.image.alt} width={640} height={360} loading="lazy" /> : null}
        <div className="project-teaser__body">
          <h3 id="project-teaser-name" className="project-teaser__name">
            {project.name}
          </h3>
          <p className="muted project-teaser__place">{project.location}</p>
          <p className="project-teaser__text">{project.description}</p>
          <dl className="project-teaser__facts">
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
            <p className="project-teaser__latest">
              <strong>
                Latest update, <time dateTime={project.latestUpdate.date}>{DAY.format(new Date(`${project.latestUpdate.date}T00:00:00Z`))}</time>:
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
