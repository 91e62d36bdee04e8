import { DEFAULT_UNIT_TYPE, ORDER_MESSAGES, type UnitType } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NumberField } from '../../shared/ui/number-field';
import { Select } from '../../shared/ui/select';
import { OwnMoneyHoldNotice } from '../../shared/verification/money-hold-notice';
import { doubleLandLockText, notEnoughUnitsProblem, transferRows, type FigureRow } from './order-breakdown';
import { OrderFlowView } from './order-flow-view';
import { isUnitType, parseUnits, UNIT_TYPE_OPTIONS, unitsOf, wholeUnits } from './order-format';
import { checkRecipient, normalizeEmail, RecipientField, useRecipientLookup, type RecipientLookup } from './recipient';
import { ownedUnits, type OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';
import * as styles from './orders.module.css';

/** The recipient row of a review: 'Bob B. (bob@example.com)'. */
export function recipientRow(lookup: RecipientLookup, typed: string): FigureRow {
  const email = normalizeEmail(typed) ?? typed.trim();
  return { label: 'Recipient', value: lookup.status.kind === 'found' ? `${lookup.status.name} (${email})` : email };
}

/** Checks shared by the transfer forms: not to yourself, no more than owned. */
export function transferProblems(context: OrderContext, recipientEmail: string, unitType: string, numberOfUnits: string) {
  const problems: { recipientEmail?: string; numberOfUnits?: string } = {};
  if (normalizeEmail(recipientEmail) === context.email && context.email) problems.recipientEmail = ORDER_MESSAGES.selfTransfer;
  const units = wholeUnits(numberOfUnits);
  const type = isUnitType(unitType) ? unitType : DEFAULT_UNIT_TYPE;
  const short = notEnoughUnitsProblem(context, type, units);
  if (short) problems.numberOfUnits = short;
  return problems;
}

/**
 * Transfer: to another Land Units user, free and immediate. The recipient's name appears once the
 * address is looked up, and the review is only offered when a user has that address.
 */
export function TransferForm({ context }: { context: OrderContext }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useOrderForm({
    initial: { recipientEmail: '', unitType: DEFAULT_UNIT_TYPE, numberOfUnits: '' },
    toBody: (v) => ({
      orderType: 'TRANSFER',
      currencyUnit: { unitType: v.unitType as UnitType, numberOfUnits: parseUnits(v.numberOfUnits) },
      transfer: { recipientEmail: normalizeEmail(v.recipientEmail) ?? v.recipientEmail },
    }),
    validate: (v) => transferProblems(context, v.recipientEmail, v.unitType, v.numberOfUnits),
    dependsOn: { numberOfUnits: ['unitType'] },
    beforeReview: async (v) => {
      const problem = await checkRecipient(client, v.recipientEmail);
      return problem ? { recipientEmail: problem } : {};
    },
    onCreated: (order) => navigate(`/dashboard/transfer/success?orderId=${encodeURIComponent(order.orderId)}`),
  });
  const lookup = useRecipientLookup(form.values.recipientEmail, context.email);
  const unitType = isUnitType(form.values.unitType) ? form.values.unitType : DEFAULT_UNIT_TYPE;
  const lock = doubleLandLockText(context, unitType);

  return (
    <OrderFlowView
      form={form}
      formLabel="Transfer Units"
      steps={{ flow: 'transfer', form: 0 }}
      rows={transferRows(context, unitType, wholeUnits(form.values.numberOfUnits))}
      reviewRows={[recipientRow(lookup, form.values.recipientEmail)]}
      reviewTitle="Review your transfer"
      reviewNote="When you confirm, the Units move to the recipient at once. A transfer cannot be undone."
      summaryNote={
        <>
          <p>Transfers are free.</p>
          {lock ? <p className={styles.orderSummaryLock}>{lock}</p> : null}
        </>
      }
    >
      <OwnMoneyHoldNotice />
      <RecipientField lookup={lookup} {...form.bind('recipientEmail')} />
      <Select {...form.bind('unitType')} label="Unit type" options={UNIT_TYPE_OPTIONS} />
      <NumberField
        {...form.bind('numberOfUnits')}
        label="Number of Units"
        wholeMessage={ORDER_MESSAGES.unitsWhole}
        hint={[`Available to transfer: ${unitsOf(ownedUnits(context, unitType), unitType)}.`, lock].filter(Boolean).join(' ')}
      />
    </OrderFlowView>
  );
}
