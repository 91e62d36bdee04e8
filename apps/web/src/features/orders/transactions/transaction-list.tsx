import { formatUnits } from '@landunits/domain';
import { Link } from 'react-router';
import { describeOrderType, paymentPageOf, unitTypeLabel } from '../../../shared/orders/order-labels';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import type { OrderView } from '../../../shared/orders/types';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Table, type Column } from '../../../shared/ui/table';
import { formatDay, orderAmount } from './order-figures';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as styles from './transactions.module.css';

function TypeCell({ order }: { order: OrderView }) {
  const { label, detail } = describeOrderType(order);
  return (
    <span className={styles.txType}>
      <span className={styles.txTypeLabel}>{label}</span>
      {detail ? <span className={styles.txTypeDetail}>{detail}</span> : null}
    </span>
  );
}

function Amount({ order }: { order: OrderView }) {
  const amount = orderAmount(order);
  if (amount) return <>{amount}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">No amount</span>
    </>
  );
}

/** The way on from an order: its payment page while a buy waits to be paid, and its details. */
function OrderActions({ order, onDetails, stacked = false }: { order: OrderView; onDetails: (orderId: string) => void; stacked?: boolean }) {
  const payPage = paymentPageOf(order);
  const date = formatDay(order.createdAt);
  const name = `${describeOrderType(order).label.toLowerCase()} of ${date}`;
  return (
    <span className={stacked ? `${styles.txActions} ${styles.txActionsStacked}` : styles.txActions}>
      {payPage ? (
        <Link to={payPage} className={buttonClassName('primary', 'sm')}>
          Pay now<span className="visually-hidden"> for the {name}</span>
        </Link>
      ) : null}
      <Button variant="secondary" size="sm" onClick={() => onDetails(order.orderId)}>
        Details<span className="visually-hidden"> of the {name}</span>
      </Button>
    </span>
  );
}

export interface TransactionListProps {
  orders: readonly OrderView[];
  onDetails: (orderId: string) => void;
  /** Below 768 px: stacked cards instead of the table. */
  compact: boolean;
}

/** The transactions of one page: a table from 768 px, stacked cards below. */
export function TransactionList({ orders, onDetails, compact }: TransactionListProps) {
  if (compact) {
    return (
      <CardList className={styles.txList} aria-label="Transactions">
        {orders.map((order) => (
          <li key={order.orderId}>
            <Card aria-labelledby={`tx-${order.orderId}`}>
              <CardHead>
                <CardTitle id={`tx-${order.orderId}`}>
                  <TypeCell order={order} />
                </CardTitle>
                <OrderStatusBadge order={order} />
              </CardHead>
              <CardFacts>
                <CardFact term="Date">{formatDay(order.createdAt)}</CardFact>
                <CardFact term="Unit type">{unitTypeLabel(order.currencyUnit.unitType)}</CardFact>
                <CardFact term="Units">{formatUnits(order.currencyUnit.numberOfUnits)}</CardFact>
                <CardFact term="Amount">
                  <Amount order={order} />
                </CardFact>
              </CardFacts>
              <OrderActions order={order} onDetails={onDetails} />
            </Card>
          </li>
        ))}
      </CardList>
    );
  }
  return (
    <div className={styles.txList}>
      <Table caption="Transactions" hideCaption className={styles.txResultsTable} columns={COLUMNS(onDetails)} rows={orders} rowKey={(order) => order.orderId} />
    </div>
  );
}

const COLUMNS = (onDetails: (orderId: string) => void): Column<OrderView>[] => [
  { key: 'date', header: 'Date', cell: (order) => formatDay(order.createdAt) },
  { key: 'type', header: 'Type', cell: (order) => <TypeCell order={order} /> },
  { key: 'unitType', header: 'Unit type', cell: (order) => unitTypeLabel(order.currencyUnit.unitType) },
  { key: 'units', header: 'Units', numeric: true, cellClassName: styles.txResultsFigure, cell: (order) => formatUnits(order.currencyUnit.numberOfUnits) },
  { key: 'amount', header: 'Amount', numeric: true, cellClassName: styles.txResultsFigure, cell: (order) => <Amount order={order} /> },
  { key: 'status', header: 'Status', cell: (order) => <OrderStatusBadge order={order} /> },
  { key: 'actions', header: <span className="visually-hidden">Actions</span>, cell: (order) => <OrderActions order={order} onDetails={onDetails} stacked /> },
];
