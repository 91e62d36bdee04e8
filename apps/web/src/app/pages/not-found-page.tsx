import { Link } from 'react-router';
import * as styles from './pages.module.css';

export function NotFoundPage() {
  return (
    <div className={`page ${styles.statusPage}`}>
      <p className={styles.statusPageCode}>Error 404</p>
      <h1 tabIndex={-1}>Page not found</h1>
      <p className="page__lead">We could not find the page you asked for. It may have moved, or the address may have a typo.</p>
      <nav aria-label="Helpful links">
        <ul className={styles.linkList}>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/faq">Frequently asked questions</Link>
          </li>
          <li>
            <Link to="/contact-us">Contact us</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
