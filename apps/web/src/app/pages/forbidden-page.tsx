import { Link } from 'react-router';
import { useSession } from '../../shared/session/session';
import * as styles from './pages.module.css';

/** 403: a page only admins may open, or an admin section the admin's role does not allow. */
export function ForbiddenPage() {
  const { isAdmin } = useSession();
  return (
    <div className={`page ${styles.statusPage}`}>
      <p className={styles.statusPageCode}>Error 403</p>
      <h1 tabIndex={-1}>You do not have access to this page</h1>
      <p className="page__lead">
        {isAdmin
          ? 'Your admin role does not include this section. If your work needs it, ask an owner to change your role.'
          : 'This page is only open to Land Units administrators. If you think you should have access, please contact us.'}
      </p>
      <ul className={styles.linkList}>
        {isAdmin ? (
          <li>
            <Link to="/admin">Go to the administration</Link>
          </li>
        ) : null}
        <li>
          <Link to="/dashboard">Go to your dashboard</Link>
        </li>
        <li>
          <Link to="/contact-us">Contact us</Link>
        </li>
      </ul>
    </div>
  );
}
