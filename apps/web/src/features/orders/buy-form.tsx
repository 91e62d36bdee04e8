import { DEFAULT_UNIT_TYPE, rationalToDecimal, UNIT_TYPE_INFO, type UnitType } from '@landunits/domain';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { NumberField } from '../../shared/ui/number-field';
import { Select } from '../../shared/ui/select';
import { buyBreakdown, buyCapProblem, PAYMENT_METHOD_LABELS, purchaseLimitProblem } from './order-breakdown';
import { OrderFlowView } from './order-flow-view';
import { isUnitType, parseUnits, UNIT_TYPE_OPTIONS, wholeUnits } from './order-format';
import type { OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';

export const BANK_PAYMENT_PATH = '/dashboard/buy-units/payment-bank';

/** '0' basis points and 0 cents → 'No fee'; otherwise '1.50% + £0.20'. */
function feeText(context: OrderContext, unitType: UnitType): string {
  const fee = context.externalFees.Bank;
  if (!fee.fixedPercentageFees && !fee.fixedCentsFees) return 'No fee';
  const percent = rationalToDecimal({ num: BigInt(fee.fixedPercentageFees), den: 100n }, 2);
  const { symbol } = UNIT_TYPE_INFO[unitType];
  return `${percent}% + ${symbol}${rationalToDecimal({ num: BigInt(fee.fixedCentsFees), den: 100n }, 2)}`;
}

/**
 * Buy: unit type (GBP by default), number of Units, payment method. Only a bank transfer is open
 * today; card and crypto are listed as not available yet, and cannot be chosen.
 */
export function BuyForm({ context }: { context: OrderContext }) {
  const navigate = useNavigate();
  const form = useOrderForm({
    initial: { unitType: DEFAULT_UNIT_TYPE, numberOfUnits: '', paymentMethod: 'Bank' },
    toBody: (v) => ({
      orderType: 'BUY',
      currencyUnit: { unitType: v.unitType as UnitType, numberOfUnits: parseUnits(v.numberOfUnits) },
      paymentDetails: { paymentMethod: 'Bank' },
    }),
    validate: (v) => {
      const type = isUnitType(v.unitType) ? v.unitType : DEFAULT_UNIT_TYPE;
      const units = wholeUnits(v.numberOfUnits);
      const problem =
        buyCapProblem(context, type, units) ?? purchaseLimitProblem(context, type, buyBreakdown(context, type, units).paymentAmount);
      return problem ? { numberOfUnits: problem } : {};
    },
    onCreated: (order) => navigate(`${BANK_PAYMENT_PATH}?orderId=${encodeURIComponent(order.orderId)}`),
  });

  const unitType = isUnitType(form.values.unitType) ? form.values.unitType : DEFAULT_UNIT_TYPE;
  const units = wholeUnits(form.values.numberOfUnits);
  const { rows } = buyBreakdown(context, unitType, units);
  const methodError = form.error('paymentMethod');
  const methodErrorId = `${useId()}-method-error`;

  return (
    <OrderFlowView
      form={form}
      formLabel="Buy Units"
      rows={rows}
      reviewRows={[{ label: 'Payment method', value: PAYMENT_METHOD_LABELS.Bank }]}
      reviewTitle="Review your purchase"
      reviewNote="When you confirm, we reserve these Units for you and show our bank details and your payment reference."
      summaryNote={<p>Figures use today's price. The price changes at 00:00 UTC each day.</p>}
    >
      <Select {...form.bind('unitType')} label="Unit type" options={UNIT_TYPE_OPTIONS} />
      <NumberField {...form.bind('numberOfUnits')} label="Number of Units" hint="Whole Units only." />
      <fieldset className="choices">
        <legend className="choices__legend">Payment method</legend>
        <label className="choice">
          <input
            type="radio"
            name="paymentMethod"
            value="Bank"
            checked={form.values.paymentMethod === 'Bank'}
            onChange={() => form.set('paymentMethod', 'Bank')}
            aria-invalid={methodError ? true : undefined}
            aria-describedby={methodError ? methodErrorId : undefined}
          />
          <span className="choice__text">
            <span className="choice__label">{PAYMENT_METHOD_LABELS.Bank}</span>
            <span className="choice__hint">{feeText(context, unitType)}. You pay from your bank; we confirm when it arrives.</span>
          </span>
        </label>
        <label className="choice choice--disabled">
          <input type="radio" name="paymentMethod" value="Card" disabled />
          <span className="choice__text">
            <span className="choice__label">{PAYMENT_METHOD_LABELS.Card}</span>
            <span className="choice__hint">Not available yet.</span>
          </span>
        </label>
        <label className="choice choice--disabled">
          <input type="radio" name="paymentMethod" value="Crypto" disabled />
          <span className="choice__text">
            <span className="choice__label">{PAYMENT_METHOD_LABELS.Crypto}</span>
            <span className="choice__hint">Not available yet.</span>
          </span>
        </label>
        {methodError ? (
          <span id={methodErrorId} className="field__error">
            {methodError}
          </span>
        ) : null}
      </fieldset>
    </OrderFlowView>
  );
}
