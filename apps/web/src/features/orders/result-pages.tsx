import { CARD_MESSAGES, UNIT_TYPE_INFO, type OrderStatus, formatDay, formatDateTime, formatPrice } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderView } from '../../shared/orders/types';
import { Spinner } from '../../shared/ui/spinner';
import { NEW_BUY_PATH, orderMethodLabel, paymentPageFor } from './buy-terms';
import type { FigureRow } from './order-breakdown';
import { unitsOf } from './order-format';
import { NextStepLink, OrderResult, OrderSummary, orderMoney } from './order-result';
import { orderDetailsQuery } from './orders-api';
import * as styles from './orders.module.css';

/**
 * The pages an order action leads to. Each loads the order (GET /order/get_order_details/{id}) and
 * shows the server's figures and status, never the ones the form computed.
 */

const units = (order: OrderView): FigureRow => ({ label: 'Units', value: unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType) });
const placed = (order: OrderView): FigureRow => ({ label: 'Placed', value: formatDateTime(order.createdAt) });

function recipientOf(order: OrderView): string {
  const email = order.counterpartyEmail ?? order.transfer?.recipientEmail ?? null;
  const name = order.counterpartyName ?? null;
  if (name && email) return `${name} (${email})`;
  return name ?? email ?? '—';
}

const PENDING_APPROVAL: readonly OrderStatus[] = ['PaymentSent', 'PaymentSent_FromUserCrypto'];
const DONE: readonly OrderStatus[] = ['Approved', 'Completed', 'LockedBonusApproved', 'AUDReadyToSendBetweenAccounts'];
const CARD_METHODS: readonly string[] = ['Card_Stripe', 'Card_Square'];

/** How often, and for how long, the success page asks about a card payment still being confirmed. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_POLL_FOR_MS = 60_000;

function buyRows(order: OrderView): FigureRow[] {
  const rows: FigureRow[] = [units(order)];
  if (order.buy?.bonusUnits) rows.push({ label: 'Bonus Units', value: `+${unitsOf(order.buy.bonusUnits, order.currencyUnit.unitType)}` });
  if (order.paymentDetails) {
    rows.push({ label: 'Amount', value: orderMoney(order, order.paymentDetails.paymentAmount), total: true });
  }
  if (order.buy?.paymentId && !CARD_METHODS.includes(order.paymentMethod)) rows.push({ label: 'Payment reference', value: order.buy.paymentId });
  rows.push({ label: 'Payment method', value: orderMethodLabel(order) }, placed(order));
  return rows;
}

/**
 * While a card payment is InProcess (the provider has not confirmed it yet) the order is asked for
 * every 2 s, for about a minute; then the page says calmly that it is still being confirmed.
 */
function useConfirmation(order: OrderView): { confirming: boolean; stillConfirming: boolean } {
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const inProcess = order.orderStatus === 'InProcess';
  useQuery({
    ...orderDetailsQuery(order.orderId),
    refetchInterval: (query) => (query.state.data?.orderStatus === 'InProcess' && Date.now() - startedAt < CONFIRM_POLL_FOR_MS ? CONFIRM_POLL_MS : false),
  });
  useEffect(() => {
    if (!inProcess) return;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, CONFIRM_POLL_FOR_MS - (Date.now() - startedAt)));
    return () => clearTimeout(timer);
  }, [inProcess, startedAt]);
  return { confirming: inProcess && !timedOut, stillConfirming: inProcess && timedOut };
}

function BuySuccess({ order }: { order: OrderView }) {
  const { confirming, stillConfirming } = useConfirmation(order);
  const n = unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType);
  const isCard = CARD_METHODS.includes(order.paymentMethod);
  let next: ReactNode;
  if (confirming) {
    next = (
      <div className={styles.confirming}>
        <Spinner label="Confirming your payment…" showLabel />
        <p>The card provider is confirming your payment. This usually takes a few seconds; you can stay on this page.</p>
      </div>
    );
  } else if (stillConfirming) {
    next = (
      <p role="status">
        <strong>Your payment is still being confirmed.</strong> This can take a few minutes. You do not need to pay again: the order will show as Completed in your transaction history once the card
        provider confirms it, and the {n} will then be in your Owned balance.
      </p>
    );
  } else if (PENDING_APPROVAL.includes(order.orderStatus)) {
    const where = order.paymentMethod === 'Crypto' ? 'in our wallet' : 'in our bank account';
    next = (
      <>
        <p>
          <strong>What happens now:</strong> an admin checks that your payment has arrived {where}. Your {n} are in your <em>Pending</em> balance until then, and move to <em>Owned</em> once the
          payment is confirmed, usually within 24 hours on a weekday.
        </p>
        <p>You do not need to do anything else. Your transaction history shows when it is done.</p>
      </>
    );
  } else if (DONE.includes(order.orderStatus)) {
    next = (
      <>
        <p className={styles.orderResultDone} role="status">
          Your {n} are in your account.
        </p>
        {order.currencyUnit.isDoubleLand ? (
          <p>As LU2X Units they are locked for 6 months, then 10 % of them unlock at the start of each month.</p>
        ) : (
          <p>Your payment is confirmed and the Units are in your Owned balance.</p>
        )}
        {order.buy?.bonusUnits ? <p>The {unitsOf(order.buy.bonusUnits, order.currencyUnit.unitType)} of your code are locked for a time, then join them.</p> : null}
      </>
    );
  } else if (order.orderStatus === 'Failed') {
    next = (
      <>
        <p className={styles.orderResultFailed} role="alert">
          {isCard ? CARD_MESSAGES.declined : 'This payment was not confirmed, so no Units were added for this order.'}
        </p>
        <p>
          <Link to={NEW_BUY_PATH}>Start a new purchase</Link>
        </p>
      </>
    );
  } else if (order.orderStatus === 'Initiated') {
    next = (
      <p>
        This order has not been paid yet. <Link to={paymentPageFor(order)}>{isCard ? 'Go to the card payment' : 'See how to pay'}</Link>.
      </p>
    );
  } else {
    next = <p>This order is {order.statusLabel.toLowerCase()}: no Units will be added for it.</p>;
  }
  return (
    <OrderSummary order={order} rows={buyRows(order)}>
      {next}
    </OrderSummary>
  );
}

/** /dashboard/buy-units/payment/success?orderId: after "I have sent the payment" or a card payment. */
export function BuySuccessPage() {
  return (
    <OrderResult done="buy" title="Thank you for your purchase" titleOf={(order) => (order.orderStatus === 'Failed' ? 'Payment not completed' : 'Thank you for your purchase')} types={['BUY']}>
      {(order) => <BuySuccess order={order} />}
    </OrderResult>
  );
}

/** /dashboard/buy-units/cancelled?orderId. */
export function BuyCancelledPage() {
  return (
    <OrderResult title="Purchase cancelled" types={['BUY']}>
      {(order) => (
        <OrderSummary order={order} rows={buyRows(order)} links={<NextStepLink to={NEW_BUY_PATH}>Buy Units</NextStepLink>}>
          {order.orderStatus === 'Cancelled' ? (
            order.paymentMethod === 'Card_Stripe' || order.paymentMethod === 'Card_Square' ? (
              <p>The Units reserved for this order are released. Your card was not charged for it.</p>
            ) : (
              <p>
                The Units reserved for this order are released. If you have already sent money for it, please <Link to="/contact-us">contact us</Link> so we can return it.
              </p>
            )
          ) : (
            <p>This order is not cancelled: its status is {order.statusLabel}.</p>
          )}
        </OrderSummary>
      )}
    </OrderResult>
  );
}

/** /dashboard/sell-units/success?orderId. */
export function SellSuccessPage() {
  return (
    <OrderResult done="sell" title="Sale placed" types={['SELL']}>
      {(order) => {
        const { unitType, numberOfUnits, pricePerUnit } = order.currencyUnit;
        const currency = order.paymentDetails?.currency ?? UNIT_TYPE_INFO[unitType].currency;
        const rows: FigureRow[] = [
          { label: 'Units', value: unitsOf(numberOfUnits, unitType) },
          { label: 'Sale fee', value: order.sell ? unitsOf(order.sell.feeUnits, unitType) : '—' },
          { label: 'Units sold', value: order.sell ? unitsOf(order.sell.unitsSold, unitType) : '—' },
          { label: 'Price per Unit', value: pricePerUnit ? formatPrice(pricePerUnit, currency, 6) : '—' },
          { label: 'Payout', value: orderMoney(order, order.sell?.payoutAmount ?? order.paymentDetails?.paymentAmount), total: true },
          placed(order),
        ];
        return (
          <OrderSummary order={order} rows={rows}>
            <p>
              <strong>What happens now:</strong> the Units wait in your <em>Pending sale</em> balance while an admin approves the sale. The payout is then paid to your verified bank account.
            </p>
          </OrderSummary>
        );
      }}
    </OrderResult>
  );
}

/** /dashboard/transfer/success?orderId. */
export function TransferSuccessPage() {
  return (
    <OrderResult done="transfer" title="Transfer sent" types={['TRANSFER']}>
      {(order) => {
        const received = order.direction === 'RECEIVED';
        const rows: FigureRow[] = [
          { label: 'Units', value: unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType), total: true },
          { label: received ? 'From' : 'Recipient', value: recipientOf(order) },
          placed(order),
        ];
        return (
          <OrderSummary order={order} rows={rows} links={received ? null : <NextStepLink to="/dashboard/transaction?tab=transfer">Make another transfer</NextStepLink>}>
            <p>{received ? 'These Units are in your Owned balance.' : 'The Units are in the recipient’s account now.'}</p>
          </OrderSummary>
        );
      }}
    </OrderResult>
  );
}

/** /dashboard/convert/success?orderId. */
export function ConvertSuccessPage() {
  return (
    <OrderResult done="convert" title="Conversion complete" types={['CONVERT']}>
      {(order) => {
        const convert = order.convert;
        const rows: FigureRow[] = [
          { label: 'Units given', value: unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType) },
          { label: 'Units received', value: convert ? unitsOf(convert.numberOfUnits, convert.unitType) : '—', total: true },
          {
            label: 'Exchange rate',
            value: convert ? `1 ${UNIT_TYPE_INFO[order.currencyUnit.unitType].currency} = ${convert.exchangeRate} ${UNIT_TYPE_INFO[convert.unitType].currency}` : '—',
          },
          { label: 'Locked until', value: convert?.unlockAt ? formatDay(convert.unlockAt) : '—' },
          placed(order),
        ];
        return (
          <OrderSummary order={order} rows={rows} links={<NextStepLink to="/dashboard/convert">Convert more Units</NextStepLink>}>
            <p>The Units received are locked until {convert?.unlockAt ? formatDay(convert.unlockAt) : 'their unlock date'}; then they become yours to sell or transfer.</p>
          </OrderSummary>
        );
      }}
    </OrderResult>
  );
}

/** /dashboard/future-transfer/cancelled?orderId. */
export function FutureTransferCancelledPage() {
  return (
    <OrderResult title="Scheduled transfer cancelled" types={['TRANSFER_FUTURE']}>
      {(order) => {
        const rows: FigureRow[] = [
          { label: 'Units', value: unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType), total: true },
          { label: 'Recipient', value: recipientOf(order) },
          { label: 'Was scheduled for', value: order.transfer?.scheduledDate ? formatDay(order.transfer.scheduledDate) : '—' },
        ];
        return (
          <OrderSummary
            order={order}
            rows={rows}
            links={
              <>
                <NextStepLink to="/dashboard/view-future-transfer">Scheduled transfers</NextStepLink>
                <NextStepLink to="/dashboard/future-transfer">Schedule a transfer</NextStepLink>
              </>
            }
          >
            <p>
              {order.orderStatus === 'Cancelled' ? 'The transfer will not happen. The Units are back in your Owned balance.' : `This transfer is not cancelled: its status is ${order.statusLabel}.`}
            </p>
          </OrderSummary>
        );
      }}
    </OrderResult>
  );
}
