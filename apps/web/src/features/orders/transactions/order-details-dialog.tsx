import { formatMoney, formatPrice, formatUnits, STATUS_DISPLAY, type OrderStatus } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { describeOrderType, PAYMENT_METHOD_LABELS, paymentPageOf, unitTypeLabel } from '../../../shared/orders/order-labels';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { ORDER_QUERY_KEYS } from '../../../shared/orders/query-keys';
import type { OrderView } from '../../../shared/orders/types';
import { buttonClassName } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { currencyOfUnit, formatDay, formatInstant, methodFeeText } from './order-figures';
import { transactionsApi } from './transactions-api';
import * as styles from './transactions.module.css';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.orderDetailsRow}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const statusLabel = (status: OrderStatus | null) => (status ? (STATUS_DISPLAY[status]?.label ?? status) : 'New order');

function OrderFacts({ order }: { order: OrderView }) {
  const type = describeOrderType(order);
  const unit = order.currencyUnit;
  const payment = order.paymentDetails;
  // Money is in the payment's currency; a sale without payment details pays out in its unit type's.
  const currency = payment?.currency ?? currencyOfUnit(unit.unitType);
  const money = (cents: number) => (Number.isSafeInteger(cents) ? formatMoney(cents, currency) : '—');
  const payPage = paymentPageOf(order);
  const history = order.statusHistory ?? [];

  return (
    <>
      <dl className={styles.orderDetails}>
        <Row term="Order">{order.orderId}</Row>
        <Row term="Type">
          {type.label}
          {type.detail ? ` ${type.detail}` : ''}
        </Row>
        <Row term="Status">
          <OrderStatusBadge order={order} />
        </Row>
        <Row term="Placed">{formatInstant(order.createdAt)}</Row>
        <Row term="Unit type">{unitTypeLabel(unit.unitType)}</Row>
        <Row term="Units">
          {formatUnits(unit.numberOfUnits)}
          {unit.isDoubleLand ? ' (LU2X double-land)' : ''}
        </Row>
        {unit.pricePerUnit ? <Row term="Price per Unit">{formatPrice(unit.pricePerUnit, currencyOfUnit(unit.unitType), 6)}</Row> : null}
        {order.paymentMethod !== 'None' ? <Row term="Payment method">{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</Row> : null}
        {order.buy?.paymentId ? <Row term="Payment reference">{order.buy.paymentId}</Row> : null}
        {payment && order.orderType === 'BUY' ? (
          <>
            <Row term="Subtotal">{money(payment.subTotal)}</Row>
            {payment.discount ? <Row term="Discount">{`−${money(payment.discount)}`}</Row> : null}
            <Row term="Purchase fee">{money(payment.transactionFee)}</Row>
            {payment.paymentMethodFees.fixedPercentageFees || payment.paymentMethodFees.fixedCentsFees ? <Row term="Payment method fee">{methodFeeText(payment, money)}</Row> : null}
            <Row term="Total">{money(payment.paymentAmount)}</Row>
          </>
        ) : null}
        {order.sell ? (
          <>
            <Row term="Units sold">{formatUnits(order.sell.unitsSold)}</Row>
            <Row term="Sale fee">{`${formatUnits(order.sell.feeUnits)} Units`}</Row>
            <Row term="Payout">{money(order.sell.payoutAmount)}</Row>
          </>
        ) : payment && order.orderType === 'SELL' ? (
          <Row term="Payout">{money(payment.paymentAmount)}</Row>
        ) : null}
        {order.transfer?.recipientEmail ? <Row term="Recipient">{order.transfer.recipientEmail}</Row> : null}
        {order.counterpartyName && order.direction === 'RECEIVED' ? <Row term="From">{order.counterpartyName}</Row> : null}
        {order.transfer?.scheduledDate ? <Row term="Scheduled for">{formatDay(order.transfer.scheduledDate)}</Row> : null}
        {order.convert ? (
          <>
            <Row term="Received">{`${formatUnits(order.convert.numberOfUnits)} ${unitTypeLabel(order.convert.unitType)}`}</Row>
            <Row term="Exchange rate">{order.convert.exchangeRate}</Row>
            <Row term="Locked until">{formatDay(order.convert.unlockAt)}</Row>
          </>
        ) : null}
      </dl>

      {payPage ? (
        <p>
          <Link to={payPage} className={buttonClassName('primary', 'sm')}>
            Complete the payment
          </Link>
        </p>
      ) : null}

      <h3 className={styles.orderDetailsHistoryTitle}>Status history</h3>
      {history.length ? (
        <ol className={styles.orderHistory}>
          {history.map((item, index) => (
            <li key={`${item.createdAt}-${index}`} className={styles.orderHistoryItem}>
              <span className={styles.orderHistoryWhen}>{formatInstant(item.createdAt)}</span>
              <span className={styles.orderHistoryChange}>
                {item.fromStatus ? `${statusLabel(item.fromStatus)} → ` : ''}
                {statusLabel(item.toStatus)}
              </span>
              {item.reason ? <span className={styles.orderHistoryReason}>{item.reason}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No changes recorded yet.</p>
      )}
    </>
  );
}

/** The details of one order (GET /api/order/get_order_details/{id}) with its status history. */
export function OrderDetailsDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const details = useQuery({
    queryKey: ORDER_QUERY_KEYS.orderDetails(orderId ?? ''),
    queryFn: ({ signal }) => transactionsApi.details(orderId ?? '', signal),
    enabled: orderId !== null,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (orderId === null) body = null;
  else if (details.isPending) body = <Spinner label="Loading the order…" showLabel />;
  else if (details.isError)
    body = <ErrorState headingLevel={3} title="The order could not be loaded" message={errorMessage(details.error)} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  else body = <OrderFacts order={details.data} />;

  return (
    <Dialog open={orderId !== null} title="Order details" onClose={onClose}>
      {body}
    </Dialog>
  );
}
