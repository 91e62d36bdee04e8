import { formatUnits } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { actionsFor } from './admin-actions';
import { adminApi, adminOrdersKey, type AdminOrder } from './admin-api';
import { orderAmountText } from './admin-order-text';
import { FlaggedPayments } from './flagged-payments';
import { ActionButtons, AdminOrderCard, createdOn, FlagNote, OrderSummary, PayoutNote, PlacedBy, Reference, Status } from './order-cells';
import type { TransitionTarget } from './transition-dialog';
import { CardList } from '../../../shared/ui/card-list';
import * as adminStyles from '../../../shared/admin/admin.module.css';

type OnAction = (target: TransitionTarget) => void;

const Actions = ({ order, onAction }: { order: AdminOrder; onAction: OnAction }) => <ActionButtons order={order} actions={actionsFor(order.orderStatus)} onAction={onAction} />;

function columns(onAction: OnAction): Column<AdminOrder>[] {
  return [
    { key: 'created', header: 'Created', cell: createdOn },
    {
      key: 'order',
      header: 'Order',
      cell: (order) => (
        <>
          <OrderSummary order={order} />
          <FlagNote order={order} />
          <PayoutNote order={order} />
        </>
      ),
    },
    { key: 'placedBy', header: 'Placed by', cell: (order) => <PlacedBy order={order} /> },
    { key: 'amount', header: 'Amount', numeric: true, cellClassName: adminStyles.adminTableFigure, cell: orderAmountText },
    { key: 'reference', header: 'Reference', cell: (order) => <Reference order={order} /> },
    { key: 'status', header: 'Status', cell: (order) => <Status order={order} /> },
    { key: 'actions', header: 'Actions', cell: (order) => <Actions order={order} onAction={onAction} /> },
  ];
}

function OrderCards({ orders, onAction }: { orders: readonly AdminOrder[]; onAction: OnAction }) {
  return (
    <CardList className={adminStyles.adminOrdersList} aria-label="Orders awaiting action">
      {orders.map((order) => (
        <li key={order.orderId}>
          <AdminOrderCard order={order} idPrefix="admin-order" actions={<Actions order={order} onAction={onAction} />} />
        </li>
      ))}
    </CardList>
  );
}

/**
 * The orders waiting for an admin (oldest first) with the actions their status allows; crypto
 * buys name their coin, and payments a provider reported differently are flagged, above the
 * queue as well as in it.
 */
export function OrdersQueue({ onAction }: { onAction: OnAction }) {
  const [page, setPage] = useState(1);
  const compact = useMediaQuery(COMPACT_QUERY);
  const orders = useQuery({
    queryKey: adminOrdersKey(page),
    queryFn: ({ signal }) => adminApi.orders(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (orders.isPending) {
    body = (
      <div className={adminStyles.adminSkeleton} role="status">
        <span className="visually-hidden">Loading the orders…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="3.5rem" />
        ))}
      </div>
    );
  } else if (orders.isError) {
    body = <ErrorState title="The orders could not be loaded" message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  } else if (orders.data.total === 0 || (orders.data.orders.length === 0 && page === 1)) {
    body = <EmptyState title="Nothing is waiting for you" message="Payments to approve and sales to pay out will appear here." />;
  } else {
    const { orders: rows, total } = orders.data;
    body = (
      <>
        {rows.length === 0 ? (
          <EmptyState
            title="This page is empty now"
            action={
              <Button variant="secondary" onClick={() => setPage(1)}>
                Go to the first page
              </Button>
            }
          />
        ) : compact ? (
          <OrderCards orders={rows} onAction={onAction} />
        ) : (
          <Table
            caption="Orders awaiting action"
            hideCaption
            className={adminStyles.adminTable}
            scrollClassName={adminStyles.adminOrdersList}
            columns={columns(onAction)}
            rows={rows}
            rowKey={(order) => order.orderId}
          />
        )}
        <Pager label="Order pages" page={orders.data.page ?? page} pageSize={orders.data.pageSize ?? 20} total={total} onPage={setPage} />
      </>
    );
  }

  return (
    <div className={adminStyles.adminQueue}>
      {orders.data?.flagged?.length ? <FlaggedPayments orders={orders.data.flagged} onAction={onAction} /> : null}
      <section className={adminStyles.adminOrders} aria-labelledby="admin-orders-title" aria-busy={orders.isFetching || undefined}>
        <h2 id="admin-orders-title" className={adminStyles.adminOrdersTitle}>
          Orders awaiting action
          {orders.data && orders.data.total > 0 ? <span className={adminStyles.adminOrdersCount}> ({formatUnits(orders.data.total)})</span> : null}
        </h2>
        {body}
      </section>
    </div>
  );
}
