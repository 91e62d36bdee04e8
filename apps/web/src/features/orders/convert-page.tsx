import { DEFAULT_CONVERT_FROM, DEFAULT_CONVERT_TO, MONEY_MESSAGES, ORDER_MESSAGES, type UnitType } from '@landunits/domain';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../shared/ui/error-state';
import { NumberField } from '../../shared/ui/number-field';
import { Select } from '../../shared/ui/select';
import { convertBreakdown } from './order-breakdown';
import { OrderFlowView } from './order-flow-view';
import { isUnitType, parseUnits, UNIT_TYPE_OPTIONS, unitsOf, wholeUnits } from './order-format';
import { OrderPage, OrderPageHeader, WithOrderContext } from './order-parts';
import { ownedUnits, type OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';
import * as styles from './orders.module.css';

/** What the page says of the lock, with the admin's setting when the bundle carries it. */
export function lockSentence(days: number): string {
  return `The converted Units are locked for ${days} ${days === 1 ? 'day' : 'days'} and then become yours to sell or transfer.`;
}

function ConvertForm({ context }: { context: OrderContext }) {
  const navigate = useNavigate();
  const form = useOrderForm({
    initial: { unitType: DEFAULT_CONVERT_FROM, convertUnitType: DEFAULT_CONVERT_TO, numberOfUnits: '' },
    toBody: (v) => ({
      orderType: 'CONVERT',
      currencyUnit: { unitType: v.unitType as UnitType, numberOfUnits: parseUnits(v.numberOfUnits) },
      convert: { unitType: v.convertUnitType as UnitType },
    }),
    validate: (v) => {
      const from = isUnitType(v.unitType) ? v.unitType : DEFAULT_CONVERT_FROM;
      const to = isUnitType(v.convertUnitType) ? v.convertUnitType : DEFAULT_CONVERT_TO;
      const problems: { convertUnitType?: string; numberOfUnits?: string } = {};
      if (from === to) problems.convertUnitType = ORDER_MESSAGES.convertSameType;
      const units = wholeUnits(v.numberOfUnits);
      const owned = ownedUnits(context, from);
      if (units !== null && units > BigInt(owned)) problems.numberOfUnits = MONEY_MESSAGES.convertUpTo(owned);
      else if (units !== null && from !== to) {
        const { problem } = convertBreakdown(context, from, to, units);
        if (problem) problems.numberOfUnits = problem;
      }
      return problems;
    },
    dependsOn: { numberOfUnits: ['unitType', 'convertUnitType'], convertUnitType: ['unitType'] },
    onCreated: (order) => navigate(`/dashboard/convert/success?orderId=${encodeURIComponent(order.orderId)}`),
  });

  const from = isUnitType(form.values.unitType) ? form.values.unitType : DEFAULT_CONVERT_FROM;
  const to = isUnitType(form.values.convertUnitType) ? form.values.convertUnitType : DEFAULT_CONVERT_TO;
  const { rows, rounding } = convertBreakdown(context, from, to, wholeUnits(form.values.numberOfUnits));
  const lock = lockSentence(context.convertLockDays);

  return (
    <OrderFlowView
      form={form}
      formLabel="Convert Units"
      steps={{ flow: 'convert', form: 0 }}
      rows={rows}
      reviewTitle="Review your conversion"
      reviewNote={[rounding, `When you confirm, the Units are converted at once. ${lock}`].filter(Boolean).join(' ')}
      summaryNote={
        <>
          <p className={styles.orderSummaryLock}>{lock}</p>
          <p>Figures use today's prices and exchange rates; the Units received are rounded down to whole Units.</p>
          {rounding ? <p>{rounding}</p> : null}
        </>
      }
    >
      <Select {...form.bind('unitType')} label="Convert from" options={UNIT_TYPE_OPTIONS} />
      <Select {...form.bind('convertUnitType')} label="Convert to" options={UNIT_TYPE_OPTIONS} />
      <NumberField {...form.bind('numberOfUnits')} label="Number of Units" wholeMessage={ORDER_MESSAGES.unitsWhole} hint={`Available to convert: ${unitsOf(ownedUnits(context, from), from)}.`} />
    </OrderFlowView>
  );
}

/** /dashboard/convert: Units of one currency into Units of another, previewed with today's prices and rates. */
export function ConvertPage() {
  return (
    <OrderPage>
      <OrderPageHeader title="Convert" lead="Convert Units from one currency to another. Conversions are immediate." />
      <WithOrderContext>
        {(context) =>
          context.exchangeRate ? <ConvertForm context={context} /> : <ErrorState title="Exchange rates are not available" message="We could not load today's exchange rates. Please try again later." />
        }
      </WithOrderContext>
    </OrderPage>
  );
}
