import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/api-error';
import { ErrorState } from '../ui/error-state';
import { Skeleton } from '../ui/spinner';
import * as reviewStyles from '../verification/review.module.css';
import * as styles from './admin.module.css';

/**
 * The loading and error states of an admin detail page (a verification case, a person's page):
 * the way back, then a skeleton while it loads or the error with a retry. Null once the data is
 * there, for the page to draw it.
 */
export function detailStates(query: UseQueryResult<unknown>, texts: { back: ReactNode; loading: string; failed: string; height: string }): ReactNode | null {
  if (query.isPending) {
    return (
      <div className={reviewStyles.review}>
        {texts.back}
        <div className={styles.adminSkeleton} role="status">
          <span className="visually-hidden">{texts.loading}</span>
          <Skeleton height={texts.height} />
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={reviewStyles.review}>
        {texts.back}
        <ErrorState title={texts.failed} message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  return null;
}
