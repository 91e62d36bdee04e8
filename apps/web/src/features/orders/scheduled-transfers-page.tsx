import { formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../shared/lib/use-media-query';
import { OrderStatusBadge } from '../../shared/orders/order-status-badge';
import type { OrderView } from '../../shared/orders/types';
import { Button, buttonClassName } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Table, type Column } from '../../shared/ui/table';
import { OrderActionDialog, useOrderAction } from './order-action-dialog';
import { Figures } from './order-flow-view';
import { unitsOf } from './order-format';
import { LoadingBlock, OrderPage, OrderPageHeader } from './order-parts';
import { ordersApi, scheduledTransfersQuery } from './orders-api';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../shared/ui/card-list';
import * as styles from './orders.module.css';

export const FUTURE_TRANSFER_CANCELLED_PATH = '/dashboard/future-transfer/cancelled';

function counterparty(order: OrderView): string {
  const email = order.counterpartyEmail ?? order.transfer?.recipientEmail ?? null;
  const name = order.counterpartyName ?? null;
  if (name && email) return `${name} (${email})`;
  return name ?? email ?? '—';
}

const scheduledFor = (order: OrderView) => (order.transfer?.scheduledDate ? formatDay(order.transfer.scheduledDate) : '—');
const recipientOf = (order: OrderView) => (order.direction === 'RECEIVED' ? `From ${counterparty(order)}` : counterparty(order));
const unitsOfOrder = (order: OrderView) => unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType);

/** Cancel for a transfer the user sends; "Incoming" for one they receive. */
function TransferAction({ order, onCancel }: { order: OrderView; onCancel: (order: OrderView) => void }) {
  if (order.direction === 'RECEIVED') return <span className="muted">Incoming</span>;
  return (
    <Button variant="secondary" size="sm" aria-label={`Cancel the transfer of ${unitsOfOrder(order)} to ${counterparty(order)} on ${scheduledFor(order)}`} onClick={() => onCancel(order)}>
      Cancel
    </Button>
  );
}

/** Below 768 px: one card per transfer, with the table's facts and action (as the transaction history does). */
function ScheduledTransferCards({ orders, onCancel }: { orders: readonly OrderView[]; onCancel: (order: OrderView) => void }) {
  return (
    <CardList aria-label="Your scheduled transfers">
      {orders.map((order) => (
        <li key={order.orderId}>
          <Card aria-labelledby={`transfer-${order.orderId}`}>
            <CardHead>
              <CardTitle as="h2" id={`transfer-${order.orderId}`}>
                {scheduledFor(order)}
              </CardTitle>
              <OrderStatusBadge order={order} />
            </CardHead>
            <CardFacts>
              <CardFact term="Recipient">{recipientOf(order)}</CardFact>
              <CardFact term="Units">{unitsOfOrder(order)}</CardFact>
            </CardFacts>
            <TransferAction order={order} onCancel={onCancel} />
          </Card>
        </li>
      ))}
    </CardList>
  );
}

/**
 * /dashboard/view-future-transfer: the user's transfers waiting for their date, newest first, a
 * page at a time, each with a Cancel that asks first.
 */
export function ScheduledTransfersPage() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const cancel = useOrderAction(ordersApi.cancelFutureTransfer, (cancelled) => navigate(`${FUTURE_TRANSFER_CANCELLED_PATH}?orderId=${encodeURIComponent(cancelled.orderId)}`));
  const query = useQuery(scheduledTransfersQuery(page));

  const compact = useMediaQuery(MOBILE_QUERY);

  const columns: Column<OrderView>[] = [
    { key: 'date', header: 'Date', cell: scheduledFor, rowHeader: true },
    { key: 'recipient', header: 'Recipient', cell: recipientOf },
    { key: 'units', header: 'Units', numeric: true, cell: unitsOfOrder },
    { key: 'status', header: 'Status', cell: (order) => <OrderStatusBadge order={order} /> },
    { key: 'action', header: <span className="visually-hidden">Action</span>, cell: (order) => <TransferAction order={order} onCancel={cancel.show} /> },
  ];

  let content;
  if (query.isPending) {
    content = <LoadingBlock label="Loading your scheduled transfers…" />;
  } else if (query.isError) {
    content = <ErrorState title="We could not load your scheduled transfers" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.data.transactions.length === 0 && page > 1) {
    content = (
      <EmptyState
        title="No more scheduled transfers"
        message="This page is empty now."
        action={
          <Button variant="secondary" onClick={() => setPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (query.data.transactions.length === 0) {
    content = (
      <EmptyState
        title="No scheduled transfers"
        message="Transfers you schedule for a later date are listed here until they happen. You can cancel them before then."
        action={
          <Link to="/dashboard/future-transfer" className={buttonClassName('primary')}>
            Schedule a transfer
          </Link>
        }
      />
    );
  } else {
    const { total, pageSize, totalCapped = false } = query.data;
    content = (
      <>
        {compact ? (
          <ScheduledTransferCards orders={query.data.transactions} onCancel={cancel.show} />
        ) : (
          <Table caption="Your scheduled transfers" hideCaption columns={columns} rows={query.data.transactions} rowKey={(order) => order.orderId} />
        )}
        {total > pageSize || totalCapped ? <Pager label="Pages of scheduled transfers" page={page} pageSize={pageSize} total={total} totalCapped={totalCapped} onPage={setPage} /> : null}
      </>
    );
  }

  return (
    <OrderPage>
      <OrderPageHeader title="Scheduled transfers" lead="Transfers waiting for their date. They happen at 00:00 UTC on the day shown.">
        <p className={styles.orderPageAction}>
          <Link to="/dashboard/future-transfer" className={buttonClassName('secondary', 'sm')}>
            Schedule a transfer
          </Link>
        </p>
      </OrderPageHeader>
      {content}
      <OrderActionDialog action={cancel} title="Cancel this scheduled transfer?" confirmLabel="Cancel transfer" keepLabel="Keep it">
        {(order) => (
          <>
            <Figures
              rows={[
                { label: 'Units', value: unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType) },
                { label: 'Recipient', value: counterparty(order) },
                { label: 'Date', value: scheduledFor(order) },
              ]}
            />
            <p>The transfer will not happen and the Units go back to your Owned balance.</p>
          </>
        )}
      </OrderActionDialog>
    </OrderPage>
  );
}
