import { BANK_VERIFICATION_LABELS, DEFAULT_UNIT_TYPE, PROFILE_VERIFICATION_LABELS, sellBlockedReason, type UnitType, ORDER_MESSAGES } from '@landunits/domain';
import { Link, useNavigate } from 'react-router';
import { NumberField } from '../../shared/ui/number-field';
import { Select } from '../../shared/ui/select';
import { StatusBadge, type BadgeTone } from '../../shared/ui/status-badge';
import type { VerificationStatus } from '../../shared/orders/types';
import { OwnMoneyHoldNotice } from '../../shared/verification/money-hold-notice';
import { doubleLandLockText, notEnoughUnitsProblem, sellBreakdown } from './order-breakdown';
import { OrderFlowView } from './order-flow-view';
import { isUnitType, parseUnits, UNIT_TYPE_OPTIONS, unitsOf, wholeUnits } from './order-format';
import { ownedUnits, type OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';
import * as styles from './orders.module.css';

/** The API's words when more Units are asked for than are owned (409). */

export const PROFILE_VERIFICATION_PATH = '/dashboard/settings/profile-verification#verification-status';
export const BANK_VERIFICATION_PATH = '/dashboard/settings/bank-verification#verification-status';

const VERIFICATION_TONES: Readonly<Record<VerificationStatus, BadgeTone>> = {
  UnVerified: 'danger',
  Saved: 'warning',
  Pending: 'info',
  Approved: 'success',
  Rejected: 'danger',
};

/** Selling needs profile and bank verification Approved (PRODUCT-DECISIONS §5): both shown, with their pages. */
function VerificationChecklist({ context }: { context: OrderContext }) {
  const items = [
    {
      name: 'Profile verification',
      status: context.profileVerificationStatus,
      label: PROFILE_VERIFICATION_LABELS[context.profileVerificationStatus] ?? context.profileVerificationStatus,
      to: PROFILE_VERIFICATION_PATH,
    },
    {
      name: 'Bank verification',
      status: context.bankVerificationStatus,
      label: BANK_VERIFICATION_LABELS[context.bankVerificationStatus] ?? context.bankVerificationStatus,
      to: BANK_VERIFICATION_PATH,
    },
  ];
  return (
    <section className={styles.checklist} aria-labelledby="sell-checklist-title">
      <h3 id="sell-checklist-title" className={styles.checklistTitle}>
        Needed to sell
      </h3>
      <ul className={styles.checklistList}>
        {items.map((item) => (
          <li key={item.name} className={styles.checklistItem}>
            <Link to={item.to}>{item.name}</Link>
            <StatusBadge label={item.label} tone={VERIFICATION_TONES[item.status] ?? 'neutral'} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Sell: unit type and Units, with the sale fee in Units, the Units sold and the payout. Selling
 * needs both verifications Approved; until then the form says what to complete and cannot be sent.
 */
export function SellForm({ context }: { context: OrderContext }) {
  const navigate = useNavigate();
  const form = useOrderForm({
    initial: { unitType: DEFAULT_UNIT_TYPE, numberOfUnits: '' },
    toBody: (v) => ({ orderType: 'SELL', currencyUnit: { unitType: v.unitType as UnitType, numberOfUnits: parseUnits(v.numberOfUnits) } }),
    validate: (v) => {
      const type = isUnitType(v.unitType) ? v.unitType : DEFAULT_UNIT_TYPE;
      const units = wholeUnits(v.numberOfUnits);
      if (units === null) return {};
      const short = notEnoughUnitsProblem(context, type, units);
      if (short) return { numberOfUnits: short };
      const { problem } = sellBreakdown(context, type, units);
      return problem ? { numberOfUnits: problem } : {};
    },
    dependsOn: { numberOfUnits: ['unitType'] },
    onCreated: (order) => navigate(`/dashboard/sell-units/success?orderId=${encodeURIComponent(order.orderId)}`),
  });

  const unitType = isUnitType(form.values.unitType) ? form.values.unitType : DEFAULT_UNIT_TYPE;
  const { rows, feeWarning } = sellBreakdown(context, unitType, wholeUnits(form.values.numberOfUnits));
  const blocked = sellBlockedReason(context);
  const lock = doubleLandLockText(context, unitType);

  return (
    <OrderFlowView
      form={form}
      formLabel="Sell Units"
      steps={{ flow: 'sell', form: 0 }}
      rows={rows}
      reviewTitle="Review your sale"
      reviewNote="When you confirm, the Units leave your owned balance and wait for an admin, who pays the money to your verified bank account."
      summaryNote={
        <>
          <p>The sale fee is taken in Units. Figures use today's price.</p>
          {feeWarning ? (
            <p className={styles.orderSummaryWarning} role="status">
              <strong>Large fee: </strong>
              {feeWarning}
            </p>
          ) : null}
          {lock ? <p className={styles.orderSummaryLock}>{lock}</p> : null}
        </>
      }
      blocked={
        blocked ? (
          <p>
            {blocked} <Link to={PROFILE_VERIFICATION_PATH}>Profile verification</Link> · <Link to={BANK_VERIFICATION_PATH}>Bank verification</Link>
          </p>
        ) : null
      }
    >
      <VerificationChecklist context={context} />
      {/* A security change pauses sales for 48 hours (decision 0049); only worth asking when selling is open. */}
      {blocked ? null : <OwnMoneyHoldNotice />}
      <Select {...form.bind('unitType')} label="Unit type" options={UNIT_TYPE_OPTIONS} />
      <NumberField
        {...form.bind('numberOfUnits')}
        label="Number of Units"
        wholeMessage={ORDER_MESSAGES.unitsWhole}
        hint={[`Available to sell: ${unitsOf(ownedUnits(context, unitType), unitType)}.`, lock].filter(Boolean).join(' ')}
      />
    </OrderFlowView>
  );
}
