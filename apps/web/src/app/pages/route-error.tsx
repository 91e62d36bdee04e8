import { ErrorState } from '../../shared/ui/error-state';
import * as styles from './pages.module.css';

/** Shown when a page fails to load or render. */
export function RouteError() {
  return (
    <div className={`page ${styles.statusPage}`}>
      <ErrorState headingLevel={1} title="Something went wrong" message="The page could not be loaded. Check your connection and try again." onRetry={() => window.location.reload()} />
    </div>
  );
}
