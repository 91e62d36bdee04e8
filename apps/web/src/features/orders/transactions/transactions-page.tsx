import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { ORDER_QUERY_KEYS } from '../../../shared/orders/query-keys';
import { useSession } from '../../../shared/session/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { OrderDetailsDialog } from './order-details-dialog';
import { TransactionFilters } from './transactions-filters';
import { TransactionList } from './transaction-list';
import { transactionsApi } from './transactions-api';
import { apiQuery, checkParams, DEFAULT_PARAMS, FILTER_KEYS, hasFilters, PAGE_SIZES, readParams, writeSearch, type RawParams } from './transactions-query';
import * as styles from './transactions.module.css';

const BUY_UNITS_PATH = '/dashboard/transaction?tab=buy';

function ListSkeleton() {
  return (
    <div className={styles.txSkeleton} role="status">
      <span className="visually-hidden">Loading your transactions…</span>
      {[0, 1, 2, 3, 4].map((n) => (
        <Skeleton key={n} height="3rem" />
      ))}
    </div>
  );
}

/**
 * /dashboard/my-transactions: every order the user placed or received, filtered, sorted and paged
 * as the address says (GET /api/order/getTransactions).
 */
export function TransactionsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const compact = useMediaQuery(MOBILE_QUERY);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  // Staff accounts hold no Units (decision 0037): no way to buy is offered to them.
  const { isAdmin } = useSession();
  // On a phone the eight filters would push the list off the screen: they open on request.
  const [filtersShown, setFiltersShown] = useState(false);

  const params = useMemo(() => readParams(location.search), [location.search]);
  const checked = useMemo(() => checkParams(params), [params]);
  const query = checked.ok ? apiQuery(checked.query) : null;

  const list = useQuery({
    queryKey: ORDER_QUERY_KEYS.transactions(query ?? {}),
    queryFn: ({ signal }) => transactionsApi.list(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  const go = (next: RawParams) => navigate({ pathname: location.pathname, search: writeSearch(next) });
  const reset = () => go(DEFAULT_PARAMS);
  const filtered = hasFilters(params);
  const activeFilters = FILTER_KEYS.filter((key) => params[key] !== '').length;
  const showFilters = !compact || filtersShown || !checked.ok;

  let results: ReactNode;
  if (!checked.ok) {
    results = <p className={styles.txNote}>Correct the filters above to see your transactions.</p>;
  } else if (list.isPending) {
    results = <ListSkeleton />;
  } else if (list.isError) {
    results = <ErrorState title="Your transactions could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else {
    const { transactions, total, totalCapped = false } = list.data;
    const page = list.data.page ?? checked.query.page;
    const pageSize = list.data.pageSize ?? checked.query.pageSize;
    if (total === 0) {
      results = filtered ? (
        <EmptyState
          title="No transactions match these filters"
          message="Try other dates or choose All in a filter."
          action={
            <Button variant="secondary" onClick={reset}>
              Reset filters
            </Button>
          }
        />
      ) : (
        <EmptyState
          title="No transactions yet"
          message="Your buys, sales, transfers and conversions will be listed here."
          action={
            isAdmin ? undefined : (
              <Link to={BUY_UNITS_PATH} className={buttonClassName('primary')}>
                Buy Units
              </Link>
            )
          }
        />
      );
    } else {
      results = (
        <>
          {transactions.length ? (
            <TransactionList orders={transactions} onDetails={setDetailsOf} compact={compact} />
          ) : (
            <EmptyState
              title="This page is past the end of the list"
              action={
                <Button variant="secondary" onClick={() => go({ ...params, page: '1' })}>
                  Go to the first page
                </Button>
              }
            />
          )}
          <Pager label="Transaction pages" page={page} pageSize={pageSize} total={total} totalCapped={totalCapped} onPage={(next) => go({ ...params, page: String(next) })}>
            <Select
              label="Per page"
              className={styles.txPageSize}
              controlClassName={styles.txPageSizeControl}
              value={String(pageSize)}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              onChange={(event) => go({ ...params, pageSize: event.target.value, page: '1' })}
            />
          </Pager>
        </>
      );
    }
  }

  return (
    <div className={`page ${styles.txPage}`}>
      <h1 tabIndex={-1}>Transaction history</h1>
      <p className={`page__lead ${styles.txLead}`}>Every order you placed or received. Dates are in UTC.</p>
      {compact ? (
        <Button variant="secondary" className={styles.txFiltersToggle} aria-expanded={showFilters} aria-controls="tx-filters" onClick={() => setFiltersShown((shown) => !shown)}>
          {showFilters ? 'Hide filters' : 'Show filters'}
          {activeFilters ? ` (${activeFilters} active)` : ''}
        </Button>
      ) : null}
      <div id="tx-filters" hidden={!showFilters}>
        {showFilters ? (
          <TransactionFilters key={location.search} params={params} addressErrors={checked.ok ? {} : checked.errors} onApply={go} onReset={reset} canReset={filtered || location.search !== ''} />
        ) : null}
      </div>
      <section className={styles.txResults} aria-labelledby="tx-results-title" aria-busy={list.isFetching || undefined}>
        <h2 id="tx-results-title" className="visually-hidden">
          Transactions
        </h2>
        {results}
      </section>
      <OrderDetailsDialog orderId={detailsOf} onClose={() => setDetailsOf(null)} />
    </div>
  );
}
