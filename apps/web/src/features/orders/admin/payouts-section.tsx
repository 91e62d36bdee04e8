import { CURRENCIES, formatUnits, PAYOUT_QUEUE_STATUSES, PAYOUT_SECOND_ADMIN_CENTS, STATUS_DISPLAY } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useFilterForm } from '../../../shared/lib/use-form';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { BankDetails, PayoutActions, PayoutAmount, PayoutStage, Person, PlacedOn, SoldUnits, type OnPayoutAction, type PayoutTarget } from './payout-cells';
import { PayoutDialog } from './payout-dialog';
import { PAYOUT_SORTS, PAYOUTS_PAGE_SIZE, payoutsApi, payoutsKey, type PayoutFilters, type PayoutItem, type PayoutSort } from './payouts-api';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as styles from './payouts.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/** 10,000.00: the payout from which two admins are needed, in any currency. */
const SECOND_ADMIN_FROM = `${formatUnits(PAYOUT_SECOND_ADMIN_CENTS / 100)}.00`;

const isSort = (value: string | null): value is PayoutSort => value !== null && value in PAYOUT_SORTS;
const pick = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');

/** The queue's filters, sort and page, kept in the address so a reload or a shared link shows the same. */
function useFilters(): [PayoutFilters, (patch: Partial<PayoutFilters>) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const filters: PayoutFilters = {
    currency: pick(params.get('currency'), CURRENCIES),
    status: pick(params.get('status'), PAYOUT_QUEUE_STATUSES),
    needsSecondAdmin: pick(params.get('needsSecondAdmin'), ['true', 'false']),
    sort: isSort(sort) ? sort : 'oldest',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const update = (patch: Partial<PayoutFilters>) => {
    // Any other choice starts again at the first page.
    const next = { ...filters, page: 1, ...patch };
    const query = new URLSearchParams();
    if (next.currency) query.set('currency', next.currency);
    if (next.status) query.set('status', next.status);
    if (next.needsSecondAdmin) query.set('needsSecondAdmin', next.needsSecondAdmin);
    if (next.sort !== 'oldest') query.set('sort', next.sort);
    if (next.page > 1) query.set('page', String(next.page));
    const qs = query.toString();
    void navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  return [filters, update];
}

const CURRENCY_OPTIONS = [{ value: '', label: 'All currencies' }, ...CURRENCIES.map((c) => ({ value: c, label: c }))];
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...PAYOUT_QUEUE_STATUSES.map((s) => ({ value: s, label: STATUS_DISPLAY[s].label }))];
const STAGE_OPTIONS = [
  { value: '', label: 'Every payout' },
  { value: 'true', label: 'Paid, waiting for a second admin' },
  { value: 'false', label: 'Not paid yet' },
];
const SORT_OPTIONS = Object.entries(PAYOUT_SORTS).map(([value, sort]) => ({ value, label: sort.label }));

/** Each choice applies as soon as it is made. */
function Filters({ filters, onChange }: { filters: PayoutFilters; onChange: (patch: Partial<PayoutFilters>) => void }) {
  const { currency, status, needsSecondAdmin, sort } = filters;
  const form = useFilterForm({ currency, status, needsSecondAdmin, sort }, (values) => onChange({ ...values, sort: values.sort as PayoutSort }));
  return (
    <form {...form.formProps} className={styles.payoutFilters} aria-label="Payout filters">
      <Select {...form.choose('currency')} label="Currency" options={CURRENCY_OPTIONS} />
      <Select {...form.choose('status')} label="Status" options={STATUS_OPTIONS} />
      <Select {...form.choose('needsSecondAdmin')} label="Second admin" options={STAGE_OPTIONS} />
      <Select {...form.choose('sort')} label="Sort" options={SORT_OPTIONS} />
    </form>
  );
}

function columns(now: Date, onAction: OnPayoutAction): Column<PayoutItem>[] {
  return [
    {
      key: 'person',
      header: 'Person',
      rowHeader: true,
      cell: (item) => (
        <>
          <Person item={item} />
          <PlacedOn item={item} now={now} />
        </>
      ),
    },
    {
      key: 'payout',
      header: 'Payout',
      cell: (item) => (
        <>
          <PayoutAmount item={item} />
          <SoldUnits item={item} />
        </>
      ),
    },
    { key: 'bank', header: 'Pay to (approved bank details)', cell: (item) => <BankDetails details={item.bankDetails} /> },
    { key: 'stage', header: 'Status and payment', cell: (item) => <PayoutStage item={item} /> },
    { key: 'actions', header: 'Actions', cell: (item) => <PayoutActions item={item} onAction={onAction} /> },
  ];
}

/** One payout as a card (screens under 992 px): the same facts and actions as a table row. */
function PayoutCard({ item, now, onAction }: { item: PayoutItem; now: Date; onAction: OnPayoutAction }) {
  const titleId = `payout-${item.orderId}`;
  return (
    <Card className={styles.payoutCard} aria-labelledby={titleId}>
      <CardHead className={styles.payoutCardHead}>
        <CardTitle id={titleId}>
          <Person item={item} />
        </CardTitle>
        <PayoutAmount item={item} />
      </CardHead>
      <div className={styles.payoutCardGrid}>
        <div>
          <h4 className={styles.payoutCardLabel}>Sale</h4>
          <SoldUnits item={item} />
          <PlacedOn item={item} now={now} />
        </div>
        <div>
          <h4 className={styles.payoutCardLabel}>Pay to</h4>
          <BankDetails details={item.bankDetails} />
        </div>
        <div>
          <h4 className={styles.payoutCardLabel}>Status</h4>
          <PayoutStage item={item} />
        </div>
      </div>
      <PayoutActions item={item} onAction={onAction} />
    </Card>
  );
}

/**
 * /admin/payouts: sales waiting for their payout, oldest first by default, paged, sorted and
 * filtered by the server; each with the person's approved bank account beside the amount, who
 * marked it paid with which bank reference, and the actions its stage allows.
 */
export function AdminPayoutsPage() {
  const [filters, setFilters] = useFilters();
  const [target, setTarget] = useState<PayoutTarget | null>(null);
  const [now] = useState(() => new Date());
  const cards = useMediaQuery(COMPACT_QUERY);
  const queue = useQuery({
    queryKey: payoutsKey(filters),
    queryFn: ({ signal }) => payoutsApi.queue(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (queue.isPending) {
    body = (
      <div className={adminStyles.adminSkeleton} role="status">
        <span className="visually-hidden">Loading the payouts…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="4rem" />
        ))}
      </div>
    );
  } else if (queue.isError) {
    body = <ErrorState title="The payouts could not be loaded" message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  } else if (queue.data.payouts.length === 0) {
    const filtered = filters.currency || filters.status || filters.needsSecondAdmin;
    body =
      queue.data.total > 0 ? (
        <EmptyState
          headingLevel={3}
          title="This page is empty now"
          action={
            <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
              Go to the first page
            </Button>
          }
        />
      ) : (
        <EmptyState
          headingLevel={3}
          title={filtered ? 'No payouts match' : 'No payouts waiting'}
          message={filtered ? 'Change the filters to see more.' : 'Sales waiting for their payout appear here, oldest first.'}
        />
      );
  } else {
    const rows = queue.data.payouts;
    body = (
      <>
        {cards ? (
          <CardList className={adminStyles.adminOrdersList} aria-label="Payouts waiting">
            {rows.map((item) => (
              <li key={item.orderId}>
                <PayoutCard item={item} now={now} onAction={setTarget} />
              </li>
            ))}
          </CardList>
        ) : (
          <Table
            caption="Payouts waiting"
            hideCaption
            className={`${adminStyles.adminTable} ${styles.payoutsTable}`}
            scrollClassName={adminStyles.adminOrdersList}
            columns={columns(now, setTarget)}
            rows={rows}
            rowKey={(item) => item.orderId}
          />
        )}
        <Pager label="Payout pages" page={queue.data.page} pageSize={queue.data.pageSize ?? PAYOUTS_PAGE_SIZE} total={queue.data.total} onPage={(page) => setFilters({ page })} />
      </>
    );
  }

  return (
    <section className={`${adminStyles.adminOrders} ${styles.payouts}`} aria-labelledby="payouts-title" aria-busy={queue.isFetching || undefined}>
      <h2 id="payouts-title" className={adminStyles.adminOrdersTitle}>
        Payouts waiting
        {queue.data ? <span className={adminStyles.adminOrdersCount}> ({formatUnits(queue.data.total)})</span> : null}
      </h2>
      <p className={styles.payoutsRule}>
        Pay each sale to the approved bank account shown beside it, then mark it paid with the bank’s reference. From {SECOND_ADMIN_FROM} in its currency a payout needs two admins: one marks it paid,
        another confirms it.
      </p>
      <Filters filters={filters} onChange={setFilters} />
      {body}
      <PayoutDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
