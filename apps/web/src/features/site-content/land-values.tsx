import { formatMoney, type Currency, formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/spinner';
import { statisticsQuery } from './site-queries';
import * as styles from './land-values.module.css';

/**
 * The current value of the land Land Units manages, in GBP, USD and EUR (GET /api/site/statistics,
 * stored land value × the stored rates), as the home page shows it. The box has its final size
 * in every state (loading, loaded, failed), so the page never shifts when the figures arrive; the
 * host gives the heading.
 */

const SHOWN: readonly Currency[] = ['GBP', 'USD', 'EUR'];

const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  GBP: 'Pounds sterling',
  USD: 'US dollars',
  EUR: 'Euros',
  AUD: 'Australian dollars',
};

export function LandValues() {
  const query = useQuery(statisticsQuery());
  const stats = query.data;

  return (
    <div className={styles.landValues} aria-busy={!stats && query.isPending ? true : undefined}>
      {stats || !query.isError ? (
        <dl className={styles.landValuesFigures}>
          {SHOWN.map((currency) => (
            <div key={currency} className={styles.landValuesItem}>
              <dt>
                {CURRENCY_NAMES[currency]} <span className={styles.landValuesCode}>({currency})</span>
              </dt>
              <dd>{stats ? formatMoney(stats.landValues[currency], currency) : <Skeleton className={styles.landValuesPending} width="11rem" height="1em" />}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className={`${styles.landValuesFigures} ${styles.landValuesError}`} role="alert">
          <p>
            The value of the land could not be loaded. <span className={styles.landValuesReason}>{errorMessage(query.error)}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </div>
      )}
      <p className={styles.landValuesNote}>
        {stats ? (
          `As of ${formatDay(stats.asOf.slice(0, 10))}.`
        ) : query.isError ? (
          'Figures unavailable.'
        ) : (
          <>
            <span className="visually-hidden" role="status">
              Loading the value of the land…
            </span>
            <Skeleton className={styles.landValuesPending} width="8rem" height="1em" />
          </>
        )}{' '}
        <Link to="/statistics">See every figure on Statistics</Link>
      </p>
    </div>
  );
}
