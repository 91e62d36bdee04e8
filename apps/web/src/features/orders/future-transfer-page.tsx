import { addDaysIso, DEFAULT_UNIT_TYPE, defaultScheduledDate, MAX_SCHEDULE_DAYS, scheduledDateProblem, utcIsoDate, type UnitType, ORDER_MESSAGES, formatDay } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NumberField } from '../../shared/ui/number-field';
import { Select } from '../../shared/ui/select';
import { DateField } from '../../shared/ui/date-field';
import { OwnMoneyHoldNotice } from '../../shared/verification/money-hold-notice';
import { showToast } from '../../shared/ui/toast-store';
import { transferRows } from './order-breakdown';
import { OrderFlowView } from './order-flow-view';
import { isUnitType, parseUnits, UNIT_TYPE_OPTIONS, unitsOf, wholeUnits } from './order-format';
import { OrderPage, OrderPageHeader, WithOrderContext } from './order-parts';
import { checkRecipient, normalizeEmail, RecipientField, useRecipientLookup } from './recipient';
import { recipientRow, transferProblems } from './transfer-form';
import { ownedUnits, type OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';

export const SCHEDULED_TRANSFERS_PATH = '/dashboard/view-future-transfer';

function FutureTransferForm({ context }: { context: OrderContext }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  // Today as the page opened; the server checks the date against its own clock.
  const [today] = useState(() => utcIsoDate(new Date()));
  const [initialDate] = useState(() => defaultScheduledDate(new Date()));
  const form = useOrderForm({
    initial: { recipientEmail: '', unitType: DEFAULT_UNIT_TYPE, numberOfUnits: '', scheduledDate: initialDate },
    toBody: (v) => ({
      orderType: 'TRANSFER_FUTURE',
      currencyUnit: { unitType: v.unitType as UnitType, numberOfUnits: parseUnits(v.numberOfUnits) },
      transfer: { recipientEmail: normalizeEmail(v.recipientEmail) ?? v.recipientEmail, scheduledDate: v.scheduledDate },
    }),
    validate: (v) => {
      const problems: { recipientEmail?: string; numberOfUnits?: string; scheduledDate?: string } = transferProblems(context, v.recipientEmail, v.unitType, v.numberOfUnits);
      if (/^\d{4}-\d{2}-\d{2}$/.test(v.scheduledDate)) {
        const problem = scheduledDateProblem(v.scheduledDate, new Date(`${today}T12:00:00Z`));
        if (problem) problems.scheduledDate = problem;
      }
      return problems;
    },
    dependsOn: { numberOfUnits: ['unitType'] },
    beforeReview: async (v) => {
      const problem = await checkRecipient(client, v.recipientEmail);
      return problem ? { recipientEmail: problem } : {};
    },
    onCreated: () => {
      showToast('Transfer scheduled', 'success');
      navigate(SCHEDULED_TRANSFERS_PATH);
    },
  });
  const lookup = useRecipientLookup(form.values.recipientEmail, context.email);
  const unitType = isUnitType(form.values.unitType) ? form.values.unitType : DEFAULT_UNIT_TYPE;
  const date = form.values.scheduledDate;

  return (
    <OrderFlowView
      form={form}
      formLabel="Schedule a transfer"
      steps={{ flow: 'schedule', form: 0 }}
      rows={[...transferRows(context, unitType, wholeUnits(form.values.numberOfUnits)), { label: 'Transfer date', value: /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDay(date) : '—' }]}
      reviewRows={[recipientRow(lookup, form.values.recipientEmail)]}
      reviewTitle="Review your scheduled transfer"
      reviewNote="When you confirm, the Units are set aside until the transfer date, then move to the recipient at 00:00 UTC. You can cancel before then."
      summaryNote={<p>Transfers are free. The value shown is today's; the Units, not their value, are transferred.</p>}
    >
      <OwnMoneyHoldNotice />
      <RecipientField lookup={lookup} {...form.bind('recipientEmail')} />
      <Select {...form.bind('unitType')} label="Unit type" options={UNIT_TYPE_OPTIONS} />
      <NumberField
        {...form.bind('numberOfUnits')}
        label="Number of Units"
        wholeMessage={ORDER_MESSAGES.unitsWhole}
        hint={`Available to transfer: ${unitsOf(ownedUnits(context, unitType), unitType)}.`}
      />
      <DateField
        {...form.bind('scheduledDate')}
        label="Transfer date"
        hint="From tomorrow onwards. The transfer happens at 00:00 UTC on that day."
        min={addDaysIso(today, 1)}
        max={addDaysIso(today, MAX_SCHEDULE_DAYS)}
      />
    </OrderFlowView>
  );
}

/** /dashboard/future-transfer: a transfer that happens on a later date. */
export function FutureTransferPage() {
  return (
    <OrderPage>
      <OrderPageHeader title="Schedule a transfer" lead="Send Units to another Land Units user on a date you choose. Until then the Units are set aside, and you can cancel." />
      <WithOrderContext>{(context) => <FutureTransferForm context={context} />}</WithOrderContext>
    </OrderPage>
  );
}
