import { CRYPTO_KINDS, formatMoney, ORDER_MESSAGES, UNIT_TYPE_INFO, type BuyPaymentMethod, type CardPaymentSetup, type CryptoKind, type ReferenceCodeDetails } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { ErrorState } from '../../shared/ui/error-state';
import { BUY_METHOD_LABELS, changeBuyPath, COIN_LABELS, isCryptoKind, METHOD_ORDER, NEW_BUY_PATH, parseBuyTerms, paymentPageFor, type BuyTerms } from './buy-terms';
import { buyBreakdown, buyCapProblem, doubleLandCapProblem, feeText, methodFee, purchaseLimitProblem, quoteTotal, type FigureRow } from './order-breakdown';
import { defaultMethod, offeredMethods } from './default-method';
import { METHOD_HINTS, MethodChoice, REVIEW_NOTES } from './method-choice';
import { OrderFlowView } from './order-flow-view';
import { unitsOf, unitTypeLabel } from './order-format';
import { LoadingBlock, OrderPage, OrderPageHeader, WithOrderContext } from './order-parts';
import { referenceCodeQuery, cardSetupQuery } from './orders-api';
import { describeCode } from './reference-code';
import type { OrderContext } from './use-order-context';
import { useOrderForm } from './use-order-form';
import { fieldClassName } from '../../shared/ui/field-parts';
import * as styles from './orders.module.css';

/**
 * /dashboard/buy-units/payment?unitType=…&units=…[&lu2x=1][&code=…]: the Buy tab's purchase, a
 * choice of payment method each with its own total (its fees included, the domain's buyTotal),
 * then the review and Confirm, which places the order (create_order) and opens the method's page.
 */

const isBuyMethod = (value: string): value is BuyPaymentMethod => (METHOD_ORDER as readonly string[]).includes(value);

interface ChoiceProps {
  context: OrderContext;
  terms: BuyTerms;
  code: ReferenceCodeDetails | null;
  /** Why the code in the address cannot be used, from the server; null when it can (or there is none). */
  codeProblem: string | null;
  setup: CardPaymentSetup | null;
}

function PaymentChoice({ context, terms, code, codeProblem, setup }: ChoiceProps) {
  const navigate = useNavigate();
  const id = useId();
  const currency = UNIT_TYPE_INFO[terms.unitType].currency;
  const units = BigInt(terms.units);
  const quoteFor = (method: BuyPaymentMethod | null) => ({ unitType: terms.unitType, units, isDoubleLand: terms.isDoubleLand, code, method });
  const offered = offeredMethods(context, setup);

  const form = useOrderForm({
    initial: {
      unitType: terms.unitType,
      numberOfUnits: String(terms.units),
      isDoubleLand: terms.isDoubleLand ? 'true' : '',
      referenceCode: terms.code ?? '',
      paymentMethod: defaultMethod(context, offered, quoteFor),
      cryptoType: 'BITCOIN',
    },
    toBody: (v) => {
      const method = isBuyMethod(v.paymentMethod) ? v.paymentMethod : 'Bank';
      const coin = isCryptoKind(v.cryptoType) ? v.cryptoType : undefined;
      return {
        orderType: 'BUY',
        currencyUnit: { unitType: terms.unitType, numberOfUnits: terms.units, isDoubleLand: terms.isDoubleLand },
        paymentDetails: method === 'Crypto' ? { paymentMethod: method, cryptoType: coin } : { paymentMethod: method },
        ...(terms.code ? { buy: { referenceCode: terms.code } } : {}),
      };
    },
    validate: (v) => {
      const errors: { numberOfUnits?: string; referenceCode?: string; paymentMethod?: string } = {};
      const method = isBuyMethod(v.paymentMethod) ? v.paymentMethod : null;
      if (!method || !methodFee(context, method)) errors.paymentMethod = ORDER_MESSAGES.paymentMethodNotAvailable;
      if (codeProblem) errors.referenceCode = codeProblem;
      const total = method ? quoteTotal(context, quoteFor(method)) : null;
      const problem =
        buyCapProblem(context, terms.unitType, units) ??
        (terms.isDoubleLand ? doubleLandCapProblem(context, units) : null) ??
        purchaseLimitProblem(context, terms.unitType, total ? total.paymentAmount : null);
      if (problem) errors.numberOfUnits = problem;
      return errors;
    },
    // The purchase limit is checked against the total, which depends on the method.
    dependsOn: { numberOfUnits: ['paymentMethod'] },
    // Replaced, so Back from the payment page does not offer to place the same purchase again.
    onCreated: (order) => navigate(paymentPageFor(order), { replace: true }),
  });

  const method = isBuyMethod(form.values.paymentMethod) ? form.values.paymentMethod : 'Bank';
  const coin: CryptoKind = isCryptoKind(form.values.cryptoType) ? form.values.cryptoType : 'BITCOIN';
  const { rows } = buyBreakdown(context, quoteFor(method));
  const changePath = changeBuyPath(terms);

  // What the server (or the limits) refused about the purchase itself: shown in "Your purchase", beside the way back.
  const purchaseErrors = (['unitType', 'numberOfUnits', 'isDoubleLand', 'referenceCode'] as const)
    .map((name) => ({ name, message: form.error(name) ?? (name === 'referenceCode' && codeProblem ? codeProblem : undefined) }))
    .filter((e): e is { name: 'unitType' | 'numberOfUnits' | 'isDoubleLand' | 'referenceCode'; message: string } => Boolean(e.message));
  const errorOf = (name: string) => purchaseErrors.find((e) => e.name === name)?.message;
  const purchaseErrorIds = purchaseErrors.map((e) => `${id}-${e.name}-error`).join(' ') || undefined;

  const purchaseRow = (name: string, label: string, value: ReactNode) => {
    const message = errorOf(name);
    return (
      <div className={styles.figuresRow}>
        <dt>{label}</dt>
        <dd>
          {value}
          {message ? (
            <span id={`${id}-${name}-error`} className={fieldClassName('error', styles.purchaseError)}>
              {message}
            </span>
          ) : null}
        </dd>
      </div>
    );
  };

  const methodError = form.error('paymentMethod');
  const coinError = form.error('cryptoType');
  const methodErrorId = methodError ? `${id}-method-error` : undefined;
  const choose = (next: BuyPaymentMethod) => form.set('paymentMethod', next);

  const reviewRows: FigureRow[] = [{ label: 'Payment method', value: method === 'Crypto' ? `Crypto: ${COIN_LABELS[coin]}` : BUY_METHOD_LABELS[method] }];
  if (terms.isDoubleLand) reviewRows.push({ label: 'LU2X offer', value: 'Half price; locked 6 months, then 10 % a month' });
  if (code) reviewRows.push({ label: 'Reference code', value: describeCode(code, currency) });

  const changeLink = (
    <Link to={changePath} className={styles.purchaseChange} data-invalid={purchaseErrors.length ? 'true' : undefined} aria-describedby={purchaseErrorIds}>
      Change the Units or the code
    </Link>
  );

  return (
    <OrderFlowView
      form={form}
      formLabel="Choose how to pay"
      steps={{ flow: 'buy', form: 1 }}
      rows={rows}
      reviewRows={reviewRows}
      reviewTitle="Review your purchase"
      reviewNote={REVIEW_NOTES[method]}
      reviewAfterAlert={purchaseErrors.length ? <p className={styles.purchaseBack}>{changeLink}</p> : null}
      summaryNote={<p>Figures use today's price. The server works out the final amount when you confirm; it is the one you pay.</p>}
    >
      <section className={styles.purchase} aria-labelledby={`${id}-purchase`}>
        <h2 id={`${id}-purchase`} className={styles.purchaseTitle}>
          Your purchase
        </h2>
        <dl className={styles.figures}>
          {purchaseRow('unitType', 'Unit type', unitTypeLabel(terms.unitType))}
          {purchaseRow('numberOfUnits', 'Units', unitsOf(terms.units, terms.unitType))}
          {terms.isDoubleLand ? purchaseRow('isDoubleLand', 'LU2X offer', 'Half price, Units locked') : null}
          {terms.code ? purchaseRow('referenceCode', 'Reference code', code ? describeCode(code, currency) : terms.code) : null}
        </dl>
        <p className={styles.purchaseBack}>{changeLink}</p>
      </section>
      <fieldset className={styles.choices} aria-describedby={methodErrorId}>
        <legend className={styles.choicesLegend}>Payment method</legend>
        {offered.map((m) => {
          const fee = methodFee(context, m);
          const total = fee ? quoteTotal(context, quoteFor(m)) : null;
          const feeAmount = total ? total.paymentMethodFees.fixedPercentageFees + total.paymentMethodFees.fixedCentsFees : 0n;
          const mode = m === 'Card_Stripe' || m === 'Card_Square' ? setup?.modes[m] : undefined;
          const hint = fee ? (
            <>
              {feeAmount ? `Fee: ${feeText(fee, currency)} (${formatMoney(feeAmount, currency)}).` : 'No fee.'} {METHOD_HINTS[m]}
              {mode === 'test' ? <strong className={styles.methodTest}> Test mode: no real card is charged.</strong> : null}
            </>
          ) : (
            'Not available right now.'
          );
          return (
            <MethodChoice
              key={m}
              method={m}
              checked={method === m}
              disabled={!fee}
              hint={hint}
              total={total ? formatMoney(total.paymentAmount, currency) : '—'}
              describedBy={methodErrorId}
              invalid={Boolean(methodError)}
              onChoose={() => choose(m)}
            >
              {m === 'Crypto' && method === 'Crypto' ? (
                <fieldset className={styles.coins} aria-describedby={coinError ? `${id}-coin-error` : undefined}>
                  <legend className={styles.coinsLegend}>Coin</legend>
                  {CRYPTO_KINDS.map((kind) => (
                    <label key={kind} className={styles.coinsChoice}>
                      <input
                        type="radio"
                        name="cryptoType"
                        value={kind}
                        checked={coin === kind}
                        onChange={() => form.set('cryptoType', kind)}
                        aria-invalid={coinError && coin === kind ? true : undefined}
                      />
                      {COIN_LABELS[kind]}
                    </label>
                  ))}
                  {coinError ? (
                    <span id={`${id}-coin-error`} className={fieldClassName('error')}>
                      {coinError}
                    </span>
                  ) : null}
                </fieldset>
              ) : null}
            </MethodChoice>
          );
        })}
        {methodError ? (
          <span id={methodErrorId} className={fieldClassName('error')}>
            {methodError}
          </span>
        ) : null}
      </fieldset>
    </OrderFlowView>
  );
}

/** Waits for what the default method and the figures need: the card setup (individuals) and the code's details. */
function PaymentChoiceLoader({ context, terms }: { context: OrderContext; terms: BuyTerms }) {
  const setup = useQuery(cardSetupQuery());
  const price = context.prices[terms.unitType];
  const subTotal = quoteTotal(context, { unitType: terms.unitType, units: BigInt(terms.units), isDoubleLand: false, code: null, method: null })?.subTotal;
  const codeQuery = useQuery({
    ...referenceCodeQuery({ code: terms.code ?? '', subTotal: subTotal === undefined ? undefined : Number(subTotal), unitType: terms.unitType }),
    enabled: terms.code !== null && !terms.isDoubleLand && Boolean(price),
  });

  const waitingForSetup = context.userType !== 'BUSINESS' && setup.isPending;
  const waitingForCode = terms.code !== null && codeQuery.isPending;
  if (waitingForSetup || waitingForCode) return <LoadingBlock label="Loading the payment methods…" />;

  let codeProblem: string | null = null;
  if (terms.code && codeQuery.isError) {
    const failure = codeQuery.error;
    if (!(isApiError(failure) && failure.status === 400)) {
      return <ErrorState title="We could not check your reference code" message={errorMessage(failure)} onRetry={() => void codeQuery.refetch()} retrying={codeQuery.isFetching} />;
    }
    codeProblem = failure.errors.referenceCode ?? failure.message;
  }
  return <PaymentChoice context={context} terms={terms} code={codeQuery.data ?? null} codeProblem={codeProblem} setup={setup.data ?? null} />;
}

export function PaymentChoicePage() {
  const { search } = useLocation();
  const parsed = parseBuyTerms(search);
  return (
    <OrderPage>
      <OrderPageHeader title="Choose how to pay" lead="Each method shows its own total, with its fees. Choose one, check the figures, then confirm to place your order." />
      {parsed.ok ? (
        <WithOrderContext>{(context) => <PaymentChoiceLoader context={context} terms={parsed.terms} />}</WithOrderContext>
      ) : (
        <div className={`${styles.orderCard} ${styles.orderMissing}`} role="alert">
          <h2 className={styles.orderCardTitle}>This payment link is incomplete</h2>
          <p>{parsed.problem} Start from the Buy tab: choose the Units there, then continue to payment.</p>
          <p>
            <Link to={NEW_BUY_PATH}>Go to the Buy tab</Link>
          </p>
        </div>
      )}
    </OrderPage>
  );
}
