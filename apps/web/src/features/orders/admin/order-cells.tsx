import { formatUnits, formatDay } from '@landunits/domain';
import { describeOrderType, unitTypeLabel } from '../../../shared/orders/order-labels';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import type { AdminAction } from './admin-actions';
import type { AdminOrder } from './admin-api';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cryptoQuoteText, orderAmountText, paymentFlagOf, paymentText, placedByText } from './admin-order-text';
import type { TransitionTarget } from './transition-dialog';
import { Card, CardHead, CardTitle } from '../../../shared/ui/card-list';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/** The parts of an admin order shown by the queue, its cards and the flagged payments alike. */

export const createdOn = (order: AdminOrder) => {
  const date = new Date(order.createdAt);
  return Number.isNaN(date.getTime()) ? order.createdAt : formatDay(date);
};

export const referenceOf = (order: AdminOrder) => order.buy?.paymentId ?? '—';

export function OrderSummary({ order }: { order: AdminOrder }) {
  const type = describeOrderType(order);
  return (
    <span className={adminStyles.adminOrder}>
      <span className={adminStyles.adminOrderType}>{type.label}</span>
      <span className={adminStyles.adminOrderUnits}>
        {formatUnits(order.currencyUnit.numberOfUnits)} {unitTypeLabel(order.currencyUnit.unitType)}
        {order.currencyUnit.isDoubleLand ? ' (LU2X)' : ''}
      </span>
    </span>
  );
}

export function PlacedBy({ order }: { order: AdminOrder }) {
  return (
    <span className={adminStyles.adminOrder}>
      <span className={adminStyles.adminOrderType}>{order.placedBy?.name || 'Unknown user'}</span>
      {order.placedBy?.email ? <span className={adminStyles.adminOrderEmail}>{order.placedBy.email}</span> : null}
    </span>
  );
}

/** The bank/crypto reference, and how the buy is paid (the coin of a crypto buy). */
export function Reference({ order }: { order: AdminOrder }) {
  const paidBy = paymentText(order);
  return (
    <span className={adminStyles.adminOrder}>
      <span className={adminStyles.adminOrderType}>{referenceOf(order)}</span>
      {paidBy ? <span className={adminStyles.adminOrderUnits}>{paidBy}</span> : null}
    </span>
  );
}

/** The order's status, a warning badge when its payment needs checking, and a sale's four-eyes badge. */
export function Status({ order }: { order: AdminOrder }) {
  return (
    <span className={adminStyles.adminStatus}>
      <OrderStatusBadge order={order} />
      {paymentFlagOf(order) ? <StatusBadge label="Payment to check" tone="warning" /> : null}
      {order.payout?.needsSecondAdmin ? <StatusBadge label="Two admins" tone="warning" /> : null}
    </span>
  );
}

/** A sale paid out but waiting for a second admin: who paid it, with which bank reference. */
export function PayoutNote({ order }: { order: AdminOrder }) {
  const mark = order.payout?.mark;
  if (!mark || mark.confirmedBy) return null;
  return (
    <p className={adminStyles.adminFlag}>
      <strong>Waiting for a second admin:</strong> paid by {mark.markedByYou ? 'you' : mark.markedBy.name}, bank reference {mark.bankReference}.
    </p>
  );
}

/** Why the payment needs checking, in the provider's figures. */
export function FlagNote({ order }: { order: AdminOrder }) {
  const flag = paymentFlagOf(order);
  return flag ? (
    <p className={adminStyles.adminFlag}>
      <strong>Payment to check:</strong> {flag}
    </p>
  ) : null;
}

export function ActionButtons({ order, actions, onAction }: { order: AdminOrder; actions: readonly AdminAction[]; onAction: (target: TransitionTarget) => void }) {
  const reference = order.buy?.paymentId ?? order.orderId.slice(-5);
  return (
    <span className={adminStyles.adminActions}>
      {order.orderType === 'SELL' ? (
        <Link className={buttonClassName('secondary', 'sm')} to="/admin/payouts">
          Pay out<span className="visually-hidden"> order {reference}</span>
        </Link>
      ) : null}
      {actions.map((action) => (
        <Button
          key={action.toStatus ?? action.kind}
          size="sm"
          variant={action.destructive ? 'ghost' : 'secondary'}
          className={action.destructive ? adminStyles.adminActionsReject : undefined}
          onClick={() => onAction({ order, action })}
        >
          {action.label}
          <span className="visually-hidden"> for order {reference}</span>
        </Button>
      ))}
    </span>
  );
}

/**
 * One order as a card (the queue on a phone, and the payments to check): what it is, its status,
 * any payment flag, who placed it, the amount, reference and method, when, and its actions.
 */
export function AdminOrderCard({ order, idPrefix, className, wideFacts, actions }: { order: AdminOrder; idPrefix: string; className?: string; wideFacts?: boolean; actions: ReactNode }) {
  const paidBy = paymentText(order);
  const quoted = cryptoQuoteText(order);
  return (
    <Card className={className} aria-labelledby={`${idPrefix}-${order.orderId}`}>
      <CardHead>
        <CardTitle id={`${idPrefix}-${order.orderId}`}>
          <OrderSummary order={order} />
        </CardTitle>
        <Status order={order} />
      </CardHead>
      <FlagNote order={order} />
      <PayoutNote order={order} />
      <dl className={wideFacts ? `${adminStyles.adminCardFacts} ${adminStyles.adminCardFactsWide}` : adminStyles.adminCardFacts}>
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
          <dd>{referenceOf(order)}</dd>
        </div>
        {paidBy || wideFacts ? (
          <div>
            <dt>Paid by</dt>
            <dd>{paidBy ?? '—'}</dd>
          </div>
        ) : null}
        {quoted ? (
          <div>
            <dt>Coins quoted</dt>
            <dd>{quoted}</dd>
          </div>
        ) : null}
        <div>
          <dt>Created</dt>
          <dd>{createdOn(order)}</dd>
        </div>
      </dl>
      {actions}
    </Card>
  );
}
