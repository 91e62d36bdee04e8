import { formatMoney, formatUnits, ORDER_TYPES, statusBadge } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { ADMIN_PAYMENT_METHOD_LABELS, ORDER_TYPE_LABELS, unitTypeLabel } from '../../../shared/orders/order-labels';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { when } from './user-panels';
import { USER_ORDERS_PAGE_SIZE, userOrdersKey, usersApi, type AdminUserOrder, type AdminUserOrders, type UserOrdersQuery } from './users-api';
import * as styles from './users.module.css';

const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...ORDER_TYPES.map((t) => ({ value: t, label: ORDER_TYPE_LABELS[t] }))];
const FIRST: UserOrdersQuery = { page: 1, orderType: '', sortDirection: 'desc' };

const columns: Column<AdminUserOrder>[] = [
  { key: 'id', header: 'Order', rowHeader: true, cell: (o) => <span className={styles.usersMono}>{o.orderId}</span> },
  {
    key: 'type',
    header: 'Type',
    cell: (o) => (
      <span className={styles.usersPerson}>
        <span>
          {ORDER_TYPE_LABELS[o.orderType]}
          {o.direction === 'RECEIVED' ? ' (received)' : ''}
        </span>
        {o.counterparty ? <span className={`${styles.usersMuted} ${styles.usersEmail}`}>{o.direction === 'SENT' ? `to ${o.counterparty}` : `from ${o.counterparty}`}</span> : null}
      </span>
    ),
  },
  { key: 'units', header: 'Units', numeric: true, cellClassName: styles.usersPageFigure, cell: (o) => `${formatUnits(o.numberOfUnits)} ${unitTypeLabel(o.unitType)}` },
  { key: 'amount', header: 'Amount', numeric: true, cellClassName: styles.usersPageFigure, cell: (o) => (o.amountCents === null ? '—' : formatMoney(o.amountCents, o.currency)) },
  { key: 'method', header: 'Payment', cell: (o) => (o.paymentMethod && o.paymentMethod !== 'None' ? ADMIN_PAYMENT_METHOD_LABELS[o.paymentMethod] : '—') },
  {
    key: 'status',
    header: 'Status',
    cell: (o) => {
      const badge = statusBadge(o.orderStatus);
      return <StatusBadge label={badge.label} tone={badge.tone} />;
    },
  },
  { key: 'created', header: 'Placed', cell: (o) => when(o.createdAt) },
];

/**
 * The person's orders, placed and received: the first page comes with the page, the others (and
 * the type filter and order) from GET /api/admin/users/:id/orders, paged by the server.
 */
export function OrdersPanel({ userId, first }: { userId: string; first: AdminUserOrders }) {
  const [query, setQuery] = useState<UserOrdersQuery>(FIRST);
  const isFirst = query.page === 1 && query.orderType === '' && query.sortDirection === 'desc';
  const orders = useQuery({
    queryKey: userOrdersKey(userId, query),
    queryFn: ({ signal }) => usersApi.orders(userId, query, signal),
    enabled: !isFirst,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const data = isFirst ? first : orders.data;
  let body: ReactNode;
  if (!data && orders.isError)
    body = <ErrorState headingLevel={3} title="The orders could not be loaded" message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  else if (!data) body = <Skeleton height="8rem" />;
  else if (data.orders.length === 0) body = <EmptyState headingLevel={3} title="No orders" message={query.orderType ? 'None of this type.' : 'This person has not placed or received any order.'} />;
  else
    body = (
      <>
        <Table caption="Orders placed and received" hideCaption className={styles.usersPageTable} columns={columns} rows={data.orders} rowKey={(o) => `${o.orderId}-${o.direction}`} />
        <Pager label="Order pages" page={data.page} pageSize={USER_ORDERS_PAGE_SIZE} total={data.total} totalCapped={data.totalCapped} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
      </>
    );
  return (
    <div className={styles.usersOrders} aria-busy={orders.isFetching || undefined}>
      <div className={styles.usersOrdersFilters}>
        <Select className={styles.usersField} label="Type" value={query.orderType} options={TYPE_OPTIONS} onChange={(e) => setQuery((q) => ({ ...q, orderType: e.target.value, page: 1 }))} />
        <Select
          className={styles.usersField}
          label="Order"
          value={query.sortDirection}
          options={[
            { value: 'desc', label: 'Newest first' },
            { value: 'asc', label: 'Oldest first' },
          ]}
          onChange={(e) => setQuery((q) => ({ ...q, sortDirection: e.target.value === 'asc' ? 'asc' : 'desc', page: 1 }))}
        />
      </div>
      {body}
    </div>
  );
}
