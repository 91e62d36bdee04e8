import { adminSectionsFor, matchRoute, routeDescription, type RouteDef } from '@landunits/domain';
import { Suspense, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/session';
import { Skeleton } from '../ui/spinner';
import { SecondFactorPanel, useSecondFactorRequired } from './second-factor-gate';
import { buttonClassName } from '../ui/button';
import * as styles from './admin.module.css';

/**
 * The groups of the admin navigation, by section path. A section not named here is listed under
 * "More", so a new section is never hidden; give it a group when it is added.
 */
const GROUPS: readonly { label: string; paths: readonly string[] }[] = [
  { label: 'Queues', paths: ['/admin/orders', '/admin/payouts', '/admin/verifications', '/admin/email-changes', '/admin/contact', '/admin/chat'] },
  { label: 'People', paths: ['/admin/users', '/admin/subscribers', '/admin/admins'] },
  { label: 'Money', paths: ['/admin/settings', '/admin/payment-details', '/admin/codes'] },
  { label: 'Content', paths: ['/admin/news', '/admin/news/categories', '/admin/team'] },
  { label: 'Community', paths: ['/admin/agents', '/admin/questions', '/admin/votes', '/admin/quizzes', '/admin/ideas', '/admin/projects'] },
  { label: 'Settings', paths: ['/admin/settings/integrations'] },
  { label: 'Records', paths: ['/admin/audit'] },
  { label: 'Operations', paths: ['/admin/jobs'] },
];

interface NavGroup {
  label: string;
  sections: RouteDef[];
}

/** The sections the role allows, in their groups (empty groups left out), then the rest. */
export function navGroups(sections: readonly RouteDef[]): NavGroup[] {
  const grouped = GROUPS.map((group) => ({ label: group.label, sections: sections.filter((s) => group.paths.includes(s.path)) }));
  const named = new Set(GROUPS.flatMap((group) => group.paths));
  grouped.push({ label: 'More', sections: sections.filter((s) => !named.has(s.path)) });
  return grouped.filter((group) => group.sections.length > 0);
}

/** The section a path belongs to, the most specific one: /admin/users/42 is in /admin/users. */
function sectionOf(pathname: string, sections: readonly RouteDef[]): RouteDef | undefined {
  const matching = sections.filter((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * The admin area's frame around every section (/admin/…): a navigation with only the sections the
 * admin's role allows (route table: ADMIN_SECTIONS), in groups, beside the page from 1200 px and
 * behind a "Sections" button below; then the page's heading and lead from the route table, and the
 * section. Sections are lazy pages; a section the role does not allow is answered by the route
 * guard's 403 page before this frame is drawn. While the session has not passed an authenticator
 * code, the section's place shows the way to set one up (see second-factor-gate.tsx).
 */
export function AdminShell() {
  const { adminRole } = useSession();
  const { pathname } = useLocation();
  const sections = adminSectionsFor(adminRole);
  const groups = navGroups(sections);
  const page = matchRoute(pathname)?.route;
  const section = sectionOf(pathname, sections);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const heading = page && page.path !== '/admin' ? page.label : 'Administration';
  const [secondFactorNeeded, retry] = useSecondFactorRequired(pathname);

  return (
    <div className={`page ${styles.adminPage}`}>
      <div className={styles.adminFrame}>
        <nav className={styles.adminNav} aria-label="Administration sections">
          <button type="button" className={buttonClassName('secondary', 'md', styles.adminNavToggle)} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
            <span aria-hidden="true">☰</span>
            <span>{section ? `Sections: ${section.label}` : 'Sections'}</span>
          </button>
          {/* A chosen section closes the menu on narrow screens. */}
          <div id={listId} className={styles.adminNavGroups} data-open={open} onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}>
            <ul className={styles.adminNavList}>
              <li>
                <NavLink className={styles.adminNavLink} to="/admin" end>
                  Home
                </NavLink>
              </li>
            </ul>
            {groups.map((group) => (
              <div key={group.label}>
                <p className={styles.adminNavGroupLabel} id={`${listId}-${group.label}`}>
                  {group.label}
                </p>
                <ul className={styles.adminNavList} aria-labelledby={`${listId}-${group.label}`}>
                  {group.sections.map((s) => (
                    <li key={s.path}>
                      {/* A section with sections under it (news → categories) is current on its own path only. */}
                      <NavLink className={styles.adminNavLink} to={s.path} end={sections.some((other) => other.path.startsWith(`${s.path}/`))}>
                        {s.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className={styles.adminMain}>
          <header className={styles.adminMainHeader}>
            <p className={styles.adminMainEyebrow}>Administration</p>
            <h1 tabIndex={-1}>{heading}</h1>
            {page && routeDescription(page) ? <p className={`page__lead ${styles.adminMainLead}`}>{routeDescription(page)}</p> : null}
          </header>
          <div className={styles.adminLayout}>
            {/* A session without an authenticator code gets 403 SECOND_FACTOR_REQUIRED from every admin call: one panel for every page. */}
            {secondFactorNeeded ? <SecondFactorPanel message={secondFactorNeeded.message} onRetry={retry} /> : null}
            {secondFactorNeeded && !secondFactorNeeded.keepPage ? null : (
              <Suspense fallback={<Skeleton height="12rem" />}>
                <Outlet />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
