import { formatDate, formatMoney, type Currency } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/spinner';
import { statisticsQuery } from './site-queries';
import './land-values.css';

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
    <div className="land-values" aria-busy={!stats && query.isPending ? true : undefined}>
      {stats || !query.isError ? (
        <dl className="land-values__figures">
          {SHOWN.map((currency) => (
            <div key={currency} className="land-values__item">
              <dt>
                {CURRENCY_NAMES[currency]} <span className="land-values__code">({currency})</span>
              </dt>
              <dd>{stats ? formatMoney(stats.landValues[currency], currency) : <Skeleton className="land-values__pending" width="11rem" height="1em" />}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="land-values__figures land-values__error" role="alert">
          <p>
            The value of the land could not be loaded. <span className="land-values__reason">{errorMessage(query.error)}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </div>
      )}
      <p className="land-values__note">
        {stats ? (
          `As of ${formatDate(`${stats.asOf.slice(0, 10)}T00:00:00Z`, 'DD MMM YYYY')}.`
        ) : query.isError ? (
          'Figures unavailable.'
        ) : (
          <>
            <span className="visually-hidden" role="status">
              Loading the value of the land…
            </span>
            <Skeleton className="land-values__pending" width="8rem" height="1em" />
          </>
        )}{' '}
        <Link to="/statistics">See every figure on Statistics</Link>
      </p>
    </div>
  );
}
