import { formatUnits } from '@landunits/domain';
import { CLEAR_FLAG } from './admin-actions';
import type { AdminOrder } from './admin-api';
import { ActionButtons, AdminOrderCard } from './order-cells';
import type { TransitionTarget } from './transition-dialog';

/**
 * Payments a provider reported differently from their order (another amount or currency, or
 * money for an order that had ended). Nothing was credited for them; an admin refunds or corrects
 * the order, then marks the payment as checked, saying what was done. Cards at every width: there
 * are few, and each needs reading.
 */
export function FlaggedPayments({ orders, onAction }: { orders: readonly AdminOrder[]; onAction: (target: TransitionTarget) => void }) {
  return (
    <section className="admin-flagged" aria-labelledby="admin-flagged-title">
      <h2 id="admin-flagged-title" className="admin-orders__title">
        Payments to check <span className="admin-orders__count">({formatUnits(orders.length)})</span>
      </h2>
      <p className="muted">Nothing was credited for these payments. Refund or correct each one, then mark it as checked.</p>
      <ul className="card-list" aria-label="Payments to check">
        {orders.map((order) => (
          <li key={order.orderId}>
            <AdminOrderCard order={order} idPrefix="admin-flagged" className="admin-flagged__item" wideFacts actions={<ActionButtons order={order} actions={[CLEAR_FLAG]} onAction={onAction} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
