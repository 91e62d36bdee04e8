import { formatMoney, formatUnits, payoutHeldMessage, formatDay } from '@landunits/domain';
import { unitTypeLabel } from '../../../shared/orders/order-labels';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { Button } from '../../../shared/ui/button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { activeMoneyHold, formatDateTime } from '../../../shared/verification/verification-data';
import { confirmBlock, type PayoutBankDetails, type PayoutItem } from './payouts-api';
import * as styles from './payouts.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/** The parts of a payout shown by the table, its cards and the dialogs alike. */

export type PayoutActionKind = 'markPaid' | 'confirm' | 'reject';
export interface PayoutTarget {
  item: PayoutItem;
  kind: PayoutActionKind;
}
export type OnPayoutAction = (target: PayoutTarget) => void;

export const payoutReference = (item: PayoutItem) => item.orderId.slice(-5);
export const payoutAmountText = (item: PayoutItem) => formatMoney(item.payout.amountCents, item.payout.currency);
export const dateTime = (iso: string) => formatDateTime(iso);

/** How long a sale has waited, in words. */
export function waitingText(createdAt: string, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}

export function PlacedOn({ item, now }: { item: PayoutItem; now: Date }) {
  return (
    <span className={styles.payoutPlaced}>
      Placed {formatDay(item.createdAt)}, waiting {waitingText(item.createdAt, now)}
    </span>
  );
}

export function Person({ item }: { item: PayoutItem }) {
  return (
    <span className={adminStyles.adminOrder}>
      <span className={adminStyles.adminOrderType}>{item.person.name}</span>
      <span className={adminStyles.adminOrderEmail}>{item.person.email}</span>
    </span>
  );
}

export function SoldUnits({ item }: { item: PayoutItem }) {
  return (
    <span className={styles.payoutUnits}>
      {formatUnits(item.numberOfUnits)} {unitTypeLabel(item.unitType)} ({formatUnits(item.unitsSold)} sold, fee {formatUnits(item.feeUnits)})
    </span>
  );
}

/** The payout in its currency, and a badge when a second admin must confirm it. */
export function PayoutAmount({ item }: { item: PayoutItem }) {
  return (
    <span className={styles.payoutAmount}>
      <strong>{payoutAmountText(item)}</strong>
      {item.payout.needsSecondAdmin ? <StatusBadge label="Two admins" tone="warning" /> : null}
    </span>
  );
}

const BANK_LINES: readonly [keyof PayoutBankDetails, string][] = [
  ['sortCode', 'Sort code'],
  ['bankAccountNumber', 'Account number'],
  ['iban', 'IBAN'],
  ['swiftBic', 'SWIFT/BIC'],
  ['routingNumber', 'Routing number'],
  ['bankName', 'Bank'],
  ['bankCountry', 'Country'],
];

/** The person's approved bank account, the fields they gave; a warning when none is approved. */
export function BankDetails({ details }: { details: PayoutBankDetails | null }) {
  if (!details) {
    return (
      <p className={`${styles.payoutBank} ${styles.payoutBankMissing}`}>
        <strong>No approved bank details.</strong> Pay only once the person’s bank verification is approved again.
      </p>
    );
  }
  return (
    <dl className={styles.payoutBank}>
      <div>
        <dt>Account name</dt>
        <dd>{details.bankAccountName}</dd>
      </div>
      {BANK_LINES.map(([key, label]) =>
        details[key] ? (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{details[key]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** The status, and who marked the payout paid with which reference (and whether it waits for a second admin). */
export function PayoutStage({ item }: { item: PayoutItem }) {
  const mark = item.payout.mark;
  return (
    <span className={styles.payoutStage}>
      <OrderStatusBadge order={item} />
      {mark ? (
        <span className={styles.payoutStageMark}>
          Paid by {mark.markedByYou ? 'you' : mark.markedBy.name}, {dateTime(mark.markedAt)}
          <br />
          Bank reference <strong className={styles.payoutStageReference}>{mark.bankReference}</strong>
          {mark.confirmedBy ? null : (
            <>
              <br />
              <strong>Waiting for a second admin</strong>
            </>
          )}
        </span>
      ) : (
        <span className={`${styles.payoutStageMark} muted`}>Not paid yet</span>
      )}
    </span>
  );
}

/** The actions a payout offers now: mark it paid and reject it, or confirm it (not the admin who marked it). */
export function PayoutActions({ item, onAction }: { item: PayoutItem; onAction: OnPayoutAction }) {
  const reference = payoutReference(item);
  const forOrder = <span className="visually-hidden"> for order {reference}</span>;
  const mark = item.payout.mark;
  const blocked = confirmBlock(item);
  const noteId = `payout-note-${item.orderId}`;
  if (mark) {
    return (
      <span className={adminStyles.adminActions}>
        <Button size="sm" variant="secondary" disabled={blocked !== null} aria-describedby={blocked ? noteId : undefined} onClick={() => onAction({ item, kind: 'confirm' })}>
          Confirm payout{forOrder}
        </Button>
        {blocked ? (
          <span id={noteId} className={styles.payoutNote}>
            {blocked}
          </span>
        ) : null}
      </span>
    );
  }
  // Nothing to pay to, or the person's cooling-off after a security change still runs (decision 0049).
  const hold = activeMoneyHold(item.moneyHold);
  const cannotPay = !item.bankDetails ? 'No approved bank account to pay to.' : hold ? payoutHeldMessage(hold.reason, formatDateTime(hold.until)) : null;
  return (
    <span className={adminStyles.adminActions}>
      <Button size="sm" variant="secondary" disabled={cannotPay !== null} aria-describedby={cannotPay ? noteId : undefined} onClick={() => onAction({ item, kind: 'markPaid' })}>
        Mark paid{forOrder}
      </Button>
      {item.orderStatus === 'FundsWaitingApproval' ? (
        <Button size="sm" variant="ghost" className={adminStyles.adminActionsReject} onClick={() => onAction({ item, kind: 'reject' })}>
          Reject{forOrder}
        </Button>
      ) : null}
      {cannotPay ? (
        <span id={noteId} className={styles.payoutNote}>
          {cannotPay}
        </span>
      ) : null}
    </span>
  );
}
