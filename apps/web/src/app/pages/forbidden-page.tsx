import { Link } from 'react-router';
import './pages.css';

export function ForbiddenPage() {
  return (
    <div className="page status-page">
      <p className="status-page__code">Error 403</p>
      <h1 tabIndex={-1}>You do not have access to this page</h1>
      <p className="page__lead">
        This page is only open to Land Units administrators. If you think you should have access, please
        contact us.
      </p>
      <ul className="link-list">
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
