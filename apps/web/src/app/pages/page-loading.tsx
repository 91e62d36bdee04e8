import { Skeleton } from '../../shared/ui/spinner';
import * as styles from './pages.module.css';

/** Holds the page's place while its code or the session loads, so nothing jumps when it arrives. */
export function PageLoading() {
  return (
    <div className={`page ${styles.pageLoading}`} role="status">
      <span className="visually-hidden">Loading the page…</span>
      <Skeleton width="min(28rem, 80%)" height="2.75rem" className={styles.pageLoadingLine} />
      <Skeleton width="min(40rem, 95%)" height="1.1rem" className={styles.pageLoadingLine} />
      <Skeleton width="min(34rem, 85%)" height="1.1rem" className={styles.pageLoadingLine} />
      <Skeleton width="min(44rem, 100%)" height="9rem" className={styles.pageLoadingLine} />
    </div>
  );
}
