import { adminSectionsFor, hasPermission } from '@landunits/domain';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../shared/session/session';
import { Skeleton } from '../../shared/ui/spinner';
import { ReconcileCard } from './reconcile-card';
import './admin.css';
import '../../shared/ui/card-list.css';

/**
 * The admin area's frame around every section (/admin/…): the title, a navigation with only the
 * sections the admin's role allows (route table: ADMIN_SECTIONS), the ledger check for roles that
 * may run it, then the section. Sections are lazy pages; a section the role does not allow is
 * answered by the route guard's 403 page before this frame is drawn.
 */
export function AdminShell() {
  const { adminRole } = useSession();
  const sections = adminSectionsFor(adminRole);
  return (
    <div className="page admin-page">
      <h1 tabIndex={-1}>Administration</h1>
      <p className="page__lead">Orders waiting for an admin, oldest first, payments to check, reference codes, settings and the ledger check.</p>
      {sections.length > 0 ? (
        <nav className="admin-nav" aria-label="Administration sections">
          <ul className="admin-nav__list">
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink className="admin-nav__link" to={section.path}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="admin-layout">
        {hasPermission(adminRole, 'ledger.reconcile') ? <ReconcileCard /> : null}
        <Suspense fallback={<Skeleton height="12rem" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
