import { formatUnits } from '@landunits/domain';
import { CLEAR_FLAG } from './admin-actions';
import type { AdminOrder } from './admin-api';
import { ActionButtons, AdminOrderCard } from './order-cells';
import type { TransitionTarget } from './transition-dialog';
import { CardList } from '../../../shared/ui/card-list';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/**
 * Payments a provider reported differently from their order (another amount or currency, or
 * money for an order that had ended). Nothing was credited for them; an admin refunds or corrects
 * the order, then marks the payment as checked, saying what was done. Cards at every width: there
 * are few, and each needs reading.
 */
export function FlaggedPayments({ orders, onAction }: { orders: readonly AdminOrder[]; onAction: (target: TransitionTarget) => void }) {
  return (
    <section className={adminStyles.adminFlagged} aria-labelledby="admin-flagged-title">
      <h2 id="admin-flagged-title" className={adminStyles.adminOrdersTitle}>
        Payments to check <span className={adminStyles.adminOrdersCount}>({formatUnits(orders.length)})</span>
      </h2>
      <p className={`muted ${adminStyles.adminFlaggedNote}`}>Nothing was credited for these payments. Refund or correct each one, then mark it as checked.</p>
      <CardList aria-label="Payments to check">
        {orders.map((order) => (
          <li key={order.orderId}>
            <AdminOrderCard
              order={order}
              idPrefix="admin-flagged"
              className={adminStyles.adminFlaggedItem}
              wideFacts
              actions={<ActionButtons order={order} actions={[CLEAR_FLAG]} onAction={onAction} />}
            />
          </li>
        ))}
      </CardList>
    </section>
  );
}
