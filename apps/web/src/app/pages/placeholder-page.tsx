import { routeDescription } from '@landunits/domain';
import { Link } from 'react-router';
import { useCurrentRoute } from '../route-handle';
import * as styles from './pages.module.css';

/** Stands in for pages that are not built yet: says so plainly and offers a way on. */
export function PlaceholderPage() {
  const route = useCurrentRoute();
  return (
    <div className="page">
      <h1 tabIndex={-1}>{route.label}</h1>
      <p className="page__lead">{routeDescription(route)}</p>
      <section className={styles.notice} aria-labelledby="not-open-title">
        <h2 id="not-open-title" className={styles.noticeTitle}>
          This part of Land Units is not open yet.
        </h2>
        <p>We are still building this page. Everything else on the site works as usual.</p>
        <ul className={styles.linkList}>
          <li>
            <Link to="/">Go to the home page</Link>
          </li>
          <li>
            <Link to="/contact-us">Contact us</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
