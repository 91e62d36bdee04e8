import { DEFAULT_UNIT_TYPE, doubleLandUnlockDates, formatUnits, ORDER_MESSAGES, UNIT_TYPE_INFO, type BuyPaymentMethod, type UnitType, formatDay } from '@landunits/domain';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NumberField } from '../../shared/ui/number-field';
import { Select } from '../../shared/ui/select';
import { BUY_METHOD_LABELS, buyPrefill, paymentChoicePath } from './buy-terms';
import { buyBreakdown, buyCapProblem, doubleLandCapProblem, feeText, methodFee, purchaseLimitProblem } from './order-breakdown';
import { OrderFlowView } from './order-flow-view';
import { isUnitType, parseUnits, UNIT_TYPE_OPTIONS, wholeUnits } from './order-format';
import { describeCode, normalizeCode, ReferenceCodeField, useReferenceCode } from './reference-code';
import type { OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';
import * as styles from './orders.module.css';

const YES = 'true';

/** The LU2X offer as a checkbox: what it means (with the domain's unlock dates), and what is left of it. */
function DoubleLandOffer({ context, checked, onChange }: { context: OrderContext; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  const left = context.doubleLandRemaining;
  const soldOut = left === 0 && !checked;
  const dates = doubleLandUnlockDates(new Date());
  const first = dates[0];
  const last = dates[dates.length - 1];
  return (
    <label className={soldOut ? `${styles.choice} ${styles.choiceDisabled} ${styles.offer}` : `${styles.choice} ${styles.offer}`}>
      <input
        type="checkbox"
        name="isDoubleLand"
        checked={checked}
        disabled={soldOut}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
      <span className={styles.choiceText}>
        <span id={`${id}-label`} className={styles.choiceLabel}>
          LU2X double-land offer
        </span>
        <span id={`${id}-hint`} className={styles.choiceHint}>
          Half price. The Units are locked for 6 months, then 10 % of them unlock at the start of each month
          {first && last ? ` (bought today: the first on ${formatDay(first)}, all by ${formatDay(last)})` : ''}. It cannot be combined with a reference code.
          {left !== null ? <strong className={styles.offerLeft}>{left === 0 ? ' The offer is sold out.' : ` ${formatUnits(left)} Units left in the offer.`}</strong> : null}
        </span>
      </span>
    </label>
  );
}

const CARD_METHODS: readonly BuyPaymentMethod[] = ['Card_Stripe', 'Card_Square'];

/** Every method's fee, so the person knows before choosing on the next page. */
function MethodFees({ context, unitType }: { context: OrderContext; unitType: UnitType }) {
  const currency = UNIT_TYPE_INFO[unitType].currency;
  return (
    <>
      <p>The payment method's fee is added on the next page, where you choose how to pay:</p>
      <ul className={styles.methodFees}>
        {(['Bank', 'Card', 'Crypto'] as const).map((name) => {
          // One "Card" line, whichever provider takes the card: its fee, or each provider's when they differ.
          const methods = name === 'Card' ? CARD_METHODS : [name];
          const fees = [...new Set(methods.flatMap((method) => (methodFee(context, method) ? [feeText(methodFee(context, method)!, currency)] : [])))];
          return fees.length ? (
            <li key={name}>
              {BUY_METHOD_LABELS[methods[0]!]}: {fees.join(' or ')}
            </li>
          ) : null;
        })}
      </ul>
    </>
  );
}

/**
 * Buy: unit type (GBP by default), number of Units, the LU2X offer and a reference code, with a
 * live breakdown from today's price (the domain's buyTotal, as the server computes it). Continue
 * goes to the payment page with these choices in its address; the order is placed there.
 */
export function BuyForm({ context }: { context: OrderContext }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [prefill] = useState(() => buyPrefill(search));
  const code = useReferenceCode();

  const quoteOf = (v: { unitType: string; numberOfUnits: string; isDoubleLand: string; referenceCode: string }) => {
    const unitType: UnitType = isUnitType(v.unitType) ? v.unitType : DEFAULT_UNIT_TYPE;
    const isDoubleLand = v.isDoubleLand === YES;
    const details = isDoubleLand ? null : code.detailsFor(v.referenceCode, unitType);
    return { unitType, units: wholeUnits(v.numberOfUnits), isDoubleLand, code: details, method: null };
  };

  const form = useOrderForm({
    initial: {
      unitType: prefill.unitType,
      numberOfUnits: prefill.numberOfUnits,
      isDoubleLand: prefill.isDoubleLand ? YES : '',
      referenceCode: prefill.referenceCode,
    },
    toBody: (v) => {
      const typedCode = v.referenceCode.trim();
      return {
        orderType: 'BUY',
        currencyUnit: { unitType: v.unitType as UnitType, numberOfUnits: parseUnits(v.numberOfUnits), isDoubleLand: v.isDoubleLand === YES },
        paymentDetails: { paymentMethod: 'Bank' },
        ...(typedCode ? { buy: { referenceCode: typedCode } } : {}),
      };
    },
    validate: (v) => {
      const quote = quoteOf(v);
      const errors: { numberOfUnits?: string; referenceCode?: string } = {};
      if (quote.isDoubleLand && v.referenceCode.trim()) errors.referenceCode = ORDER_MESSAGES.doubleLandNoCodes;
      const { paymentAmount } = buyBreakdown(context, quote);
      const problem =
        buyCapProblem(context, quote.unitType, quote.units) ?? (quote.isDoubleLand ? doubleLandCapProblem(context, quote.units) : null) ?? purchaseLimitProblem(context, quote.unitType, paymentAmount);
      if (problem) errors.numberOfUnits = problem;
      return errors;
    },
    // The caps and the limit read the unit type, the offer and the code; the code's range, the
    // figures, so the server's answer about it no longer holds once they change.
    dependsOn: { numberOfUnits: ['unitType', 'isDoubleLand', 'referenceCode'], referenceCode: ['unitType', 'numberOfUnits', 'isDoubleLand'] },
    beforeReview: async (v) => {
      const typed = normalizeCode(v.referenceCode);
      if (!typed) return {};
      const quote = quoteOf(v);
      const { total } = buyBreakdown(context, { ...quote, code: null });
      const result = await code.ensure({ code: typed, unitType: quote.unitType, subTotal: total ? Number(total.subTotal) : undefined });
      return result.kind === 'refused' ? { referenceCode: result.message } : {};
    },
    next: (v) => {
      const quote = quoteOf(v);
      navigate(
        paymentChoicePath({
          unitType: quote.unitType,
          units: Number(quote.units),
          isDoubleLand: quote.isDoubleLand,
          code: normalizeCode(v.referenceCode),
        }),
      );
    },
  });

  const quote = quoteOf(form.values);
  const { rows } = buyBreakdown(context, quote);
  const currency = UNIT_TYPE_INFO[quote.unitType].currency;

  const apply = async () => {
    const typed = normalizeCode(form.values.referenceCode);
    // A malformed code, or a code with LU2X: the form's own message shows, nothing is asked.
    if (!typed || quote.isDoubleLand) {
      form.touch('referenceCode');
      return;
    }
    const { total } = buyBreakdown(context, { ...quote, code: null });
    const result = await code.ensure({ code: typed, unitType: quote.unitType, subTotal: total ? Number(total.subTotal) : undefined });
    if (result.kind === 'refused') {
      form.showErrors({ referenceCode: result.message });
      return;
    }
    form.touch('referenceCode');
    // The discount changes the total the purchase limit is checked against.
    form.recheck('numberOfUnits');
  };

  return (
    <OrderFlowView
      form={form}
      formLabel="Buy Units"
      steps={{ flow: 'buy', form: 0 }}
      rows={rows}
      reviewTitle="Review your purchase"
      reviewButtonLabel="Continue to payment"
      summaryNote={
        <>
          <p>Figures use today's price. The price changes at 00:00 UTC each day.</p>
          {quote.isDoubleLand ? <p className={styles.orderSummaryLock}>LU2X: half price; the Units are locked for 6 months, then unlock 10 % a month.</p> : null}
          <MethodFees context={context} unitType={quote.unitType} />
        </>
      }
    >
      <Select {...form.bind('unitType')} label="Unit type" options={UNIT_TYPE_OPTIONS} />
      <NumberField {...form.bind('numberOfUnits')} label="Number of Units" wholeMessage={ORDER_MESSAGES.unitsWhole} hint="Whole Units only." />
      <DoubleLandOffer
        context={context}
        checked={quote.isDoubleLand}
        onChange={(checked) => {
          form.set('isDoubleLand', checked ? YES : '');
          form.touch('isDoubleLand');
          if (form.values.referenceCode.trim()) form.touch('referenceCode');
        }}
      />
      <ReferenceCodeField
        value={form.values.referenceCode}
        error={form.error('referenceCode')}
        onChange={(value) => form.set('referenceCode', value)}
        onBlur={() => form.touch('referenceCode')}
        onApply={() => void apply()}
        checking={code.checking}
        appliedText={quote.code ? describeCode(quote.code, currency) : null}
      />
    </OrderFlowView>
  );
}
