import { MAKER_CHECKER_MESSAGES } from '@landunits/domain';
import { Link } from 'react-router';
import * as styles from './pages.module.css';

/**
 * A page that buys, sells, converts or transfers Units, opened by a staff account: staff accounts
 * hold no Units (decision 0037), so they are told so and pointed to their work instead.
 */
export function StaffNoticePage() {
  return (
    <div className={`page ${styles.statusPage}`}>
      <h1 tabIndex={-1}>Staff accounts hold no Units</h1>
      <p className="page__lead">{MAKER_CHECKER_MESSAGES.staffTrades} Nobody decides on their own orders, requests or proposals: another admin does.</p>
      <ul className={styles.linkList}>
        <li>
          <Link to="/admin">Go to the administration</Link>
        </li>
        <li>
          <Link to="/dashboard">Go to your dashboard</Link>
        </li>
      </ul>
    </div>
  );
}
