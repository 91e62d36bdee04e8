import { Skeleton } from '../ui/spinner';
import * as styles from './admin.module.css';

/** An admin section while it loads: three placeholder rows and, for screen readers, what is loading. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div className={styles.adminSkeleton} role="status">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height="4rem" />
      ))}
    </div>
  );
}
