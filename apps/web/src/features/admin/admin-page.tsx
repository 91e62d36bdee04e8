import { formatDate, formatUnits } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../shared/lib/use-media-query';
import { describeOrderType, unitTypeLabel } from '../../shared/orders/order-labels';
import { OrderStatusBadge } from '../../shared/orders/order-status-badge';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Skeleton } from '../../shared/ui/spinner';
import { Table, type Column } from '../../shared/ui/table';
import { actionsFor } from './admin-actions';
import { adminApi, adminOrdersKey, type AdminOrder } from './admin-api';
import { orderAmountText, placedByText } from './admin-order-text';
import { ReconcileCard } from './reconcile-card';
import { TransitionDialog, type TransitionTarget } from './transition-dialog';
import './admin.css';
import '../../shared/ui/card-list.css';

const createdOn = (order: AdminOrder) => {
  const date = new Date(order.createdAt);
  return Number.isNaN(date.getTime()) ? order.createdAt : formatDate(date);
};

function OrderSummary({ order }: { order: AdminOrder }) {
  const type = describeOrderType(order);
  return (
    <span className="admin-order">
      <span className="admin-order__type">{type.label}</span>
      <span className="admin-order__units">
        {formatUnits(order.currencyUnit.numberOfUnits)} {unitTypeLabel(order.currencyUnit.unitType)}
      </span>
    </span>
  );
}

function PlacedBy({ order }: { order: AdminOrder }) {
  return (
    <span className="admin-order">
      <span className="admin-order__type">{order.placedBy?.name || 'Unknown user'}</span>
      {order.placedBy?.email ? <span className="admin-order__email">{order.placedBy.email}</span> : null}
    </span>
  );
}

function Actions({ order, onAction }: { order: AdminOrder; onAction: (target: TransitionTarget) => void }) {
  const reference = order.buy?.paymentId ?? order.orderId.slice(-5);
  return (
    <span className="admin-actions">
      {actionsFor(order.orderStatus).map((action) => (
        <Button
          key={action.toStatus}
          size="sm"
          variant={action.destructive ? 'ghost' : 'secondary'}
          className={action.destructive ? 'admin-actions__reject' : undefined}
          onClick={() => onAction({ order, action })}
        >
          {action.label}
          <span className="visually-hidden"> for order {reference}</span>
        </Button>
      ))}
    </span>
  );
}

const reference = (order: AdminOrder) => order.buy?.paymentId ?? '—';

function columns(onAction: (target: TransitionTarget) => void): Column<AdminOrder>[] {
  return [
    { key: 'created', header: 'Created', cell: createdOn },
    { key: 'order', header: 'Order', cell: (order) => <OrderSummary order={order} /> },
    { key: 'placedBy', header: 'Placed by', cell: (order) => <PlacedBy order={order} /> },
    { key: 'amount', header: 'Amount', numeric: true, cell: orderAmountText },
    { key: 'reference', header: 'Reference', cell: reference },
    { key: 'status', header: 'Status', cell: (order) => <OrderStatusBadge order={order} /> },
    { key: 'actions', header: 'Actions', cell: (order) => <Actions order={order} onAction={onAction} /> },
  ];
}

function OrderCards({ orders, onAction }: { orders: readonly AdminOrder[]; onAction: (target: TransitionTarget) => void }) {
  return (
    <ul className="card-list" aria-label="Orders awaiting action">
      {orders.map((order) => (
        <li key={order.orderId}>
          <article className="card-list__item" aria-labelledby={`admin-order-${order.orderId}`}>
            <div className="card-list__head">
              <h3 id={`admin-order-${order.orderId}`} className="card-list__title">
                <OrderSummary order={order} />
              </h3>
              <OrderStatusBadge order={order} />
            </div>
            <dl className="admin-card__facts">
              <div>
                <dt>Placed by</dt>
                <dd>{placedByText(order)}</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>{orderAmountText(order)}</dd>
              </div>
              <div>
                <dt>Payment reference</dt>
                <dd>{reference(order)}</dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>{createdOn(order)}</dd>
              </div>
            </dl>
            <Actions order={order} onAction={onAction} />
          </article>
        </li>
      ))}
    </ul>
  );
}

/** /admin: orders waiting for an admin (oldest first) with their actions, and the ledger check. */
export function AdminPage() {
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<TransitionTarget | null>(null);
  const compact = useMediaQuery(MOBILE_QUERY);
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
      <div className="admin-skeleton" role="status">
        <span className="visually-hidden">Loading the orders…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="3.5rem" />
        ))}
      </div>
    );
  } else if (orders.isError) {
    body = (
      <ErrorState
        title="The orders could not be loaded"
        message={errorMessage(orders.error)}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
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
          <OrderCards orders={rows} onAction={setTarget} />
        ) : (
          <Table caption="Orders awaiting action" hideCaption columns={columns(setTarget)} rows={rows} rowKey={(order) => order.orderId} />
        )}
        <Pager label="Order pages" page={orders.data.page ?? page} pageSize={orders.data.pageSize ?? 20} total={total} onPage={setPage} />
      </>
    );
  }

  return (
    <div className="page admin-page">
      <h1 tabIndex={-1}>Administration</h1>
      <p className="page__lead">Orders waiting for an admin, oldest first, and the ledger check.</p>
      <div className="admin-layout">
        <ReconcileCard />
        <section className="admin-orders" aria-labelledby="admin-orders-title" aria-busy={orders.isFetching || undefined}>
          <h2 id="admin-orders-title" className="admin-orders__title">
            Orders awaiting action
            {orders.data && orders.data.total > 0 ? <span className="admin-orders__count"> ({formatUnits(orders.data.total)})</span> : null}
          </h2>
          {body}
        </section>
      </div>
      <TransitionDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
