import { formatMoney, type OrderType } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { OrderStatusBadge } from '../../shared/orders/order-status-badge';
import { useQueryParam } from '../../shared/lib/use-query-param';
import type { OrderView } from '../../shared/orders/types';
import { buttonClassName } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import type { FigureRow } from './order-breakdown';
import { Figures, FLOW_STEPS, FlowStepper, type FlowName } from './order-flow-view';
import { LoadingBlock, OrderLinks, OrderPage, OrderPageHeader } from './order-parts';
import { orderDetailsQuery } from './orders-api';
import * as styles from './orders.module.css';

/** The money of an order in its currency, or a dash when the order has none. */
export function orderMoney(order: OrderView, cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !order.paymentDetails) return '—';
  return formatMoney(cents, order.paymentDetails.currency);
}

/** The designed state of an order that does not exist, is someone else's, or has no id in the address. */
export function OrderNotFound() {
  return (
    <OrderPage narrow>
      <OrderPageHeader title="Order not found" />
      <div className={`${styles.orderCard} ${styles.orderMissing}`}>
        <p>We could not find this order. The link may be incomplete, or the order may belong to another account. Your orders are all listed in your transaction history.</p>
        <OrderLinks />
      </div>
    </OrderPage>
  );
}

export interface OrderResultProps {
  /** The page's heading while the order loads and once it is shown. */
  title: string;
  /** A heading that depends on the order (a failed payment is not thanked for), once it is shown. */
  titleOf?: (order: OrderView) => string;
  /** A sentence under the heading once the order is shown. */
  lead?: string;
  /** The order types this page is about; another type reads as not found. */
  types: readonly OrderType[];
  /** The flow this page ends: its last step shows as reached, unless the order failed or was called off. */
  done?: FlowName;
  children: (order: OrderView) => ReactNode;
}

const NOT_DONE: readonly string[] = ['Failed', 'Cancelled', 'Expired', 'Rejected'];

/** Loads the order named by ?orderId= and renders it, with loading, not-found and error states. */
export function OrderResult({ title, titleOf, lead, types, done, children }: OrderResultProps) {
  const orderId = useQueryParam('orderId')?.trim() ?? '';
  const query = useQuery({ ...orderDetailsQuery(orderId), enabled: orderId !== '' });

  if (!orderId) return <OrderNotFound />;
  if (query.isPending) {
    return (
      <OrderPage narrow>
        <OrderPageHeader title={title} />
        <LoadingBlock label="Loading your order…" />
      </OrderPage>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <OrderNotFound />;
    return (
      <OrderPage narrow>
        <OrderPageHeader title={title} />
        <ErrorState title="We could not load your order" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        <OrderLinks />
      </OrderPage>
    );
  }
  const order = query.data;
  if (!types.includes(order.orderType)) return <OrderNotFound />;
  return (
    <OrderPage narrow>
      <OrderPageHeader title={titleOf?.(order) ?? title} lead={lead} />
      {done && !NOT_DONE.includes(order.orderStatus) ? <FlowStepper flow={done} at={FLOW_STEPS[done].names.length - 1} /> : null}
      {children(order)}
    </OrderPage>
  );
}

/** One order's card: status, figures, what happens next, and the way on. */
export function OrderSummary({ order, rows, children, links }: { order: OrderView; rows: readonly FigureRow[]; children?: ReactNode; links?: ReactNode }) {
  return (
    <>
      <section className={styles.orderCard} aria-labelledby="order-result-title">
        <div className={styles.orderResultHead}>
          <h2 id="order-result-title" className={styles.orderCardTitle}>
            Order <span className={styles.orderResultId}>{order.orderId}</span>
          </h2>
          <OrderStatusBadge order={order} />
        </div>
        <Figures rows={rows} />
        {children ? <div className={styles.orderResultNext}>{children}</div> : null}
      </section>
      <OrderLinks>{links}</OrderLinks>
    </>
  );
}

/** A link styled as a secondary button, for the one next step a result page suggests. */
export function NextStepLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={buttonClassName('secondary', 'sm')}>
        {children}
      </Link>
    </li>
  );
}
