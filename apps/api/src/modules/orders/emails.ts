import { currencyOf, formatDate, formatMoney, formatPrice, formatUnits, type MoneySettings, type UnitType } from '@landunits/domain';
import { hello, renderEmail, type EmailBody, type EmailMessage } from '../../platform/mail/layout';
import type { Person } from '../users';
import type { OrderDetails, OrderRow, PaymentDetails } from './order-view';
import { shortName } from './store';

/**
 * The emails of the money events (decision 0013), composed from the order as it stands in the
 * transaction of its event. Figures go through the domain's formatters: money from integer cents,
 * whole Units, prices as exact decimals.
 */

export type OrderEmailEvent =
  /** A bank or crypto buy placed: what to pay, where, with which reference, by when. */
  | 'buy-placed'
  /** An admin approved a bank or crypto buy's payment. */
  | 'payment-approved'
  /** An admin refused a bank or crypto buy's payment, or the card provider declined. */
  | 'payment-failed'
  | 'card-payment-completed'
  /** An immediate transfer: one email to the sender, one to the recipient. */
  | 'transfer-sent'
  /** A scheduled transfer made on its date: one email to the sender, one to the recipient. */
  | 'scheduled-transfer-done'
  | 'scheduled-transfer-failed'
  | 'sale-placed'
  | 'payout-sent'
  | 'converted-units-unlocked';

export interface OrderEmailFacts {
  owner: Person;
  /** The other person of a transfer. */
  recipient?: Person | undefined;
  /** Where bank buyers pay (a bank buy placed). */
  bank?: MoneySettings['adminBankDetails'] | undefined;
}

type Row = { label: string; value: string };

const unitsOf = (units: number | bigint, unitType: UnitType) => `${formatUnits(units)} ${currencyOf(unitType)} Units`;
const moneyOf = (cents: number | bigint, unitType: UnitType) => formatMoney(cents, currencyOf(unitType));
const pad = (n: number) => String(n).padStart(2, '0');
const dateTime = (iso: string) => {
  const d = new Date(iso);
  return `${formatDate(d, 'DD MMM YYYY')}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
};
const detailsOf = (order: OrderRow) => (order.details ?? {}) as Partial<OrderDetails>;
const paymentOf = (order: OrderRow) => order.paymentDetails as PaymentDetails | null;

/** The figures every order email starts with. */
function orderRows(order: OrderRow): Row[] {
  return [
    { label: 'Order', value: order.id },
    { label: 'Units', value: unitsOf(order.numberOfUnits, order.unitType) },
    ...(order.pricePerUnit ? [{ label: 'Price per Unit', value: formatPrice(order.pricePerUnit, currencyOf(order.unitType), 6) }] : []),
  ];
}

/** A buy's money: subtotal, discount, fees and the amount paid or to pay. */
function buyRows(order: OrderRow, amountLabel: string): Row[] {
  const payment = paymentOf(order);
  const bonus = order.bonusUnits ?? 0;
  return [
    ...orderRows(order),
    ...(bonus > 0 ? [{ label: 'Bonus Units', value: unitsOf(bonus, order.unitType) }] : []),
    ...(payment
      ? [
          { label: 'Subtotal', value: moneyOf(payment.subTotal, order.unitType) },
          ...(payment.discount > 0 ? [{ label: 'Discount', value: moneyOf(-payment.discount, order.unitType) }] : []),
          { label: 'Fees', value: moneyOf(payment.transactionFee, order.unitType) },
        ]
      : []),
    { label: amountLabel, value: moneyOf(order.amountCents ?? payment?.paymentAmount ?? 0, order.unitType) },
  ];
}

function bankRows(bank: NonNullable<OrderEmailFacts['bank']>): Row[] {
  return [
    { label: 'Account name', value: bank.bankAccountName },
    { label: 'Bank', value: bank.bankName },
    { label: 'Sort code', value: bank.sortCode },
    { label: 'Account number', value: bank.bankAccountNumber },
    { label: 'IBAN', value: bank.iban },
    { label: 'SWIFT/BIC', value: bank.swiftBic },
    { label: 'Bank address', value: bank.bankAddress },
  ].filter((row) => row.value.trim() !== '');
}

function buyPlaced(order: OrderRow, facts: OrderEmailFacts): EmailBody {
  const buy = detailsOf(order).buy;
  const amount = moneyOf(order.amountCents ?? 0, order.unitType);
  const deadline = buy?.expiresAt ? ` before ${dateTime(buy.expiresAt)}` : '';
  const reference = buy?.paymentId ? [{ label: 'Payment reference', value: buy.paymentId }] : [];
  if (order.paymentMethod === 'Crypto') {
    return {
      subject: `Your order of ${unitsOf(order.numberOfUnits, order.unitType)}: how to pay`,
      greeting: hello(facts.owner),
      paragraphs: [`Thank you for your order. Send the equivalent of ${amount} in ${buy?.cryptoType === 'ETHER' ? 'Ether' : 'Bitcoin'} to the wallet below${deadline}.`],
      details: [...buyRows(order, 'Amount to pay'), ...reference, { label: 'Wallet', value: buy?.walletAddress ?? '' }],
      after: ['Once you have sent it, press "I have sent the payment" on your order. Unpaid orders expire and their Units are released.'],
    };
  }
  return {
    subject: `Your order of ${unitsOf(order.numberOfUnits, order.unitType)}: payment instructions`,
    greeting: hello(facts.owner),
    paragraphs: [`Thank you for your order. Send ${amount} from your bank account to ours, with the payment reference,${deadline}.`],
    details: [...buyRows(order, 'Amount to pay'), ...reference, ...(facts.bank ? bankRows(facts.bank) : [])],
    after: ['Put the payment reference in your payment so we can match it to your order. Once you have paid, press "I have sent the payment" on your order.'],
  };
}

/** One message per recipient of the event, composed from the order. */
export function composeOrderEmails(event: OrderEmailEvent, order: OrderRow, facts: OrderEmailFacts): EmailMessage[] {
  const { owner, recipient } = facts;
  const units = unitsOf(order.numberOfUnits, order.unitType);
  const to = (person: Person, body: EmailBody) => renderEmail(person.email, body);
  switch (event) {
    case 'buy-placed':
      // Card buys are paid on the spot: their email is the payment's outcome.
      return order.paymentMethod === 'Bank' || order.paymentMethod === 'Crypto' ? [to(owner, buyPlaced(order, facts))] : [];
    case 'payment-approved':
      return [
        to(owner, {
          subject: `Payment received: your ${units} are yours`,
          greeting: hello(owner),
          paragraphs: [`We have received your payment of ${moneyOf(order.amountCents ?? 0, order.unitType)}. Your Units are now in your account.`],
          details: buyRows(order, 'Amount paid'),
        }),
      ];
    case 'card-payment-completed':
      return [
        to(owner, {
          subject: `Card payment completed: ${units}`,
          greeting: hello(owner),
          paragraphs: [`Your card payment of ${moneyOf(order.amountCents ?? 0, order.unitType)} went through. Your Units are now in your account.`],
          details: buyRows(order, 'Amount paid'),
        }),
      ];
    case 'payment-failed':
      return [
        to(owner, {
          subject: `Your payment for ${units} did not go through`,
          greeting: hello(owner),
          paragraphs: [`We could not accept the payment of ${moneyOf(order.amountCents ?? 0, order.unitType)} for your order, so it has failed and no Units were added to your account.`],
          details: buyRows(order, 'Amount'),
          after: ['If you think this is a mistake, contact us with the order number.'],
        }),
      ];
    case 'transfer-sent':
    case 'scheduled-transfer-done': {
      if (!recipient) return [];
      const scheduled = event === 'scheduled-transfer-done';
      return [
        to(owner, {
          subject: scheduled ? `Your scheduled transfer of ${units} was made` : `You sent ${units} to ${shortName(recipient)}`,
          greeting: hello(owner),
          paragraphs: [
            `${scheduled ? `As scheduled for ${order.scheduledDate ? formatDate(order.scheduledDate, 'DD MMM YYYY') : 'today'}, ` : ''}${units} went from your account to ${shortName(recipient)} (${recipient.email}).`,
          ],
          details: orderRows(order),
        }),
        to(recipient, {
          subject: `You received ${units} from ${shortName(owner)}`,
          greeting: hello(recipient),
          paragraphs: [`${shortName(owner)} sent you ${units}. They are now in your account.`],
          details: orderRows(order),
        }),
      ];
    }
    case 'scheduled-transfer-failed':
      return [
        to(owner, {
          subject: `Your scheduled transfer of ${units} could not be made`,
          greeting: hello(owner),
          paragraphs: [
            `The transfer scheduled for ${order.scheduledDate ? formatDate(order.scheduledDate, 'DD MMM YYYY') : 'today'} could not be made because its recipient no longer has an active account. The ${units} are back in your account.`,
          ],
          details: orderRows(order),
        }),
      ];
    case 'sale-placed':
    case 'payout-sent': {
      const sell = detailsOf(order).sell;
      const payout = moneyOf(order.amountCents ?? sell?.payoutAmount ?? 0, order.unitType);
      const rows = [
        ...orderRows(order),
        ...(sell
          ? [
              { label: 'Fee', value: unitsOf(sell.feeUnits, order.unitType) },
              { label: 'Units sold', value: unitsOf(sell.unitsSold, order.unitType) },
            ]
          : []),
        { label: 'Payout', value: payout },
      ];
      return event === 'sale-placed'
        ? [
            to(owner, {
              subject: `Your sale of ${units} is placed`,
              greeting: hello(owner),
              paragraphs: [`We have your order to sell ${units}. Once it is approved, we pay ${payout} to your verified bank account.`],
              details: rows,
            }),
          ]
        : [to(owner, { subject: `Payout sent: ${payout}`, greeting: hello(owner), paragraphs: [`We have sent ${payout} for your sale of ${units} to your verified bank account.`], details: rows })];
    }
    case 'converted-units-unlocked': {
      if (!order.convertUnitType || !order.convertUnits) return [];
      const unlocked = unitsOf(order.convertUnits, order.convertUnitType);
      return [
        to(owner, {
          subject: `Your converted Units are unlocked: ${unlocked}`,
          greeting: hello(owner),
          paragraphs: [`The ${unlocked} from your conversion of ${units} are unlocked: you can now sell or transfer them.`],
          details: [...orderRows(order), { label: 'Converted to', value: unlocked }],
        }),
      ];
    }
  }
}

/** Order events the person is told of in the notification centre only: nothing to act on, no email. */
export type OrderNoticeEvent = 'conversion-placed' | 'transfer-scheduled' | 'transfer-cancelled';

/** The notification of such an event, for the order's owner. */
export function orderNotice(event: OrderNoticeEvent, order: OrderRow): { title: string; body: string } {
  const units = unitsOf(order.numberOfUnits, order.unitType);
  switch (event) {
    case 'conversion-placed': {
      const unlockAt = (order.details as OrderDetails | null)?.convert?.unlockAt;
      const into = order.convertUnitType && order.convertUnits !== null ? unitsOf(order.convertUnits, order.convertUnitType) : 'new Units';
      return { title: 'Your conversion is placed', body: `${units} became ${into}${unlockAt ? `, locked until ${formatDate(unlockAt, 'DD MMM YYYY')}` : ''}. Order ${order.id}.` };
    }
    case 'transfer-scheduled':
      return {
        title: 'Your transfer is scheduled',
        body: `${units} to ${order.recipientEmail ?? 'the recipient'}${order.scheduledDate ? ` on ${formatDate(`${order.scheduledDate}T00:00:00Z`, 'DD MMM YYYY')}` : ''}. You can cancel it until then. Order ${order.id}.`,
      };
    case 'transfer-cancelled':
      return { title: 'Your scheduled transfer is cancelled', body: `${units} are back in your available Units. Order ${order.id}.` };
  }
}
