import {
  buyTotal,
  DEFAULT_MONEY_SETTINGS,
  formatMoney,
  formatPrice,
  formatUnits,
  rationalToDecimal,
  UNIT_TYPE_INFO,
  UNIT_TYPES,
  type BuyPaymentMethod,
  type CardProvider,
  type ExternalFee,
  type PriceListBody,
  type UnitType,
  formatDay,
} from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { PAYMENT_METHOD_LABELS } from '../../shared/orders/order-labels';
import { ErrorState } from '../../shared/ui/error-state';
import { cardSetupSiteQuery, pricesQuery } from './site-queries';
import * as styles from './fees-page.module.css';

/**
 * /fees: every fee, read from the stored settings (GET /api/order/get_price, the list the order
 * pages use), and a buy worked out with the domain's buyTotal, the formula the server charges by.
 * Row labels are known before the data, so the loading state is the same tables with placeholders
 * in their cells: nothing moves when the figures arrive.
 */

/**
 * The methods a buyer is offered, in the payment page's order: the card only when one is taken here,
 * with the fees of the provider that takes it (GET /api/order/card_setup's `offered`).
 */
const methodsOffered = (card: CardProvider | null): BuyPaymentMethod[] => (card ? ['Bank', card, 'Crypto'] : ['Bank', 'Crypto']);

const METHOD_NOTES: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: 'From your bank account to ours.',
  Card_Stripe: 'Debit or credit card, paid at once.',
  Card_Square: 'Debit or credit card, paid at once.',
  Crypto: 'Bitcoin or Ether, sent to our wallet.',
};

/** What Land Units earns on the land it manages (SPEC §1). Not a setting: a stated figure. */
const LAND_MANAGEMENT_PERCENT = '2';

/** The worked example: 100 GBP Units paid by card (the offered card's fees), or by bank transfer where no card is taken. */
const EXAMPLE = { units: 100, unitType: 'LAND_POUND' } as const satisfies {
  units: number;
  unitType: UnitType;
};

/** Basis points as a percent: 150 → '1.50%'. */
const basisPointsText = (basisPoints: number): string => `${rationalToDecimal({ num: BigInt(basisPoints), den: 100n }, 2)}%`;

/** 10 → '10 Units', 1 → '1 Unit', 0 → 'Free'. */
const unitsFeeText = (units: number): string => (units === 0 ? 'Free' : `${formatUnits(units)} ${units === 1 ? 'Unit' : 'Units'}`);

const dayText = (isoDay: string): string => formatDay(isoDay);

/**
 * What the page shows while the price list loads: the same tables filled with the default
 * settings, each figure drawn as a grey bar over invisible text. The bars wrap and size like the
 * stored figures will, so nothing moves when they arrive.
 */
const SAMPLE: PriceListBody = {
  prices: Object.fromEntries(
    UNIT_TYPES.map((type) => {
      const { currency, symbol } = UNIT_TYPE_INFO[type];
      const d = DEFAULT_MONEY_SETTINGS;
      return [
        type,
        {
          pricePerUnit: d.initialPrices[type],
          buyOrderTransactionFeeInCents: d.buyOrderTransactionFeeInCents[currency],
          sellOrderTransactionFeeInUnits: d.sellOrderTransactionFeeInUnits,
          convertOrderTransactionFeeInUnits: d.convertOrderTransactionFeeInUnits,
          currency,
          symbol,
        },
      ];
    }),
  ) as PriceListBody['prices'],
  externalFees: DEFAULT_MONEY_SETTINGS.externalFees,
  priceDate: DEFAULT_MONEY_SETTINGS.priceEpoch,
  nextChangeAt: '',
};

interface ViewProps {
  data: PriceListBody;
  /** Figures are placeholders (the list is loading). */
  pending: boolean;
  /** The card buyers are offered; null when no card is taken here. */
  card: CardProvider | null;
}

/** A figure, or its placeholder while loading. */
function Figure({ pending, children }: { pending: boolean; children: ReactNode }) {
  return pending ? (
    <span className={styles.feesPending} aria-hidden="true">
      <span className={styles.feesPendingText}>{children}</span>
    </span>
  ) : (
    <>{children}</>
  );
}

interface FeeTableProps {
  caption: string;
  head: readonly string[];
  rows: readonly { key: string; header: ReactNode; cells: readonly ReactNode[] }[];
  className?: string;
}

/** A small table with a caption, column headers and a row header per row. */
function FeeTable({ caption, head, rows, className }: FeeTableProps) {
  return (
    <div className={[styles.feesTableWrap, className].filter(Boolean).join(' ')}>
      <table className={styles.feesTable}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((text, index) => (
              <th key={text} scope="col" className={index > 0 ? styles.feesTableNumeric : undefined}>
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {row.cells.map((cell, index) => (
                <td key={index} className={styles.feesTableNumeric}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Per unit type the same figure (the usual case) → one text; otherwise each currency named. */
function perUnitType(data: PriceListBody, pick: (type: UnitType) => number, text: (value: number) => string): string {
  const values = UNIT_TYPES.map(pick);
  if (values.every((value) => value === values[0])) return text(values[0] ?? 0);
  return UNIT_TYPES.map((type, index) => `${UNIT_TYPE_INFO[type].currency}: ${text(values[index] ?? 0)}`).join(', ');
}

function OrderFees({ data, pending }: ViewProps) {
  const figure = (text: ReactNode) => <Figure pending={pending}>{text}</Figure>;
  const sale = perUnitType(data, (t) => data.prices[t].sellOrderTransactionFeeInUnits, unitsFeeText);
  const convert = perUnitType(data, (t) => data.prices[t].convertOrderTransactionFeeInUnits, unitsFeeText);
  return (
    <section className={styles.feesSection} aria-labelledby="fees-orders-title">
      <h2 id="fees-orders-title">Fees on your orders</h2>
      <p>A purchase costs a small fee in its currency, added to the price of the Units. A sale costs a fee in Units, taken from the Units you sell. Transfers cost nothing.</p>
      <div className={styles.feesTables}>
        <FeeTable
          caption="Buy fee and price of one Unit today"
          head={['Currency', 'Buy fee per purchase', 'Price of one Unit']}
          rows={UNIT_TYPES.map((type) => {
            const { currency } = UNIT_TYPE_INFO[type];
            const price = data.prices[type];
            return {
              key: type,
              header: currency,
              cells: [figure(formatMoney(price.buyOrderTransactionFeeInCents, currency)), figure(formatPrice(price.pricePerUnit, currency))],
            };
          })}
        />
        <FeeTable
          caption="Fees on selling, converting and transferring"
          head={['Order', 'Fee']}
          rows={[
            { key: 'sell', header: 'Sell', cells: [figure(`${sale} per sale`)] },
            { key: 'convert', header: 'Convert', cells: [figure(convert === 'Free' ? convert : `${convert} per conversion`)] },
            { key: 'transfer', header: 'Transfer', cells: ['Free'] },
            { key: 'scheduled', header: 'Scheduled transfer', cells: ['Free'] },
          ]}
        />
      </div>
    </section>
  );
}

/** The fixed part of a method's fee in each currency: '£0.20, $0.20, €0.20 or A$0.20'; 'None' for 0. */
function fixedFeeText(fee: ExternalFee): string {
  if (fee.fixedCentsFees === 0) return 'None';
  const amounts = UNIT_TYPES.map((type) => formatMoney(fee.fixedCentsFees, UNIT_TYPE_INFO[type].currency));
  return `${amounts.slice(0, -1).join(', ')} or ${amounts.at(-1) ?? ''}`;
}

function PaymentMethodFees({ data, pending, card }: ViewProps) {
  return (
    <section className={styles.feesSection} aria-labelledby="fees-methods-title">
      <h2 id="fees-methods-title">Payment method fees</h2>
      <p>
        When you buy, the payment method you choose may add its own fee: a percentage of the amount (the Units and the buy fee) and a fixed amount in the currency of your purchase. Each method shows
        its total before you confirm.
      </p>
      <FeeTable
        className={styles.feesTableWrapMethods}
        caption="Fees of each payment method"
        head={['Payment method', 'Percentage of the amount', 'Fixed amount']}
        rows={methodsOffered(card).map((method) => {
          const fee = data.externalFees[method];
          return {
            key: method,
            header: (
              <>
                {PAYMENT_METHOD_LABELS[method]}
                <span className={styles.feesNote}>{METHOD_NOTES[method]}</span>
              </>
            ),
            cells: [
              <Figure key="percent" pending={pending}>
                {fee.fixedPercentageFees === 0 ? 'None' : basisPointsText(fee.fixedPercentageFees)}
              </Figure>,
              <Figure key="fixed" pending={pending}>
                {fixedFeeText(fee)}
              </Figure>,
            ],
          };
        })}
      />
    </section>
  );
}

function WorkedExample({ data, pending, card }: ViewProps) {
  const { currency } = UNIT_TYPE_INFO[EXAMPLE.unitType];
  const price = data.prices[EXAMPLE.unitType];
  const paidBy: BuyPaymentMethod = card ?? 'Bank';
  const fee = data.externalFees[paidBy];
  const total = buyTotal({ units: EXAMPLE.units, price: price.pricePerUnit, buyFeeCents: price.buyOrderTransactionFeeInCents, externalFee: fee });
  const money = (cents: bigint) => <Figure pending={pending}>{formatMoney(cents, currency)}</Figure>;
  const how = (text: string) => <Figure pending={pending}>{text}</Figure>;
  const method = PAYMENT_METHOD_LABELS[paidBy];
  const row = (key: string, header: string, explained: ReactNode, amount: ReactNode) => ({ key, header, cells: [explained, amount] });

  return (
    <section className={styles.feesSection} aria-labelledby="fees-example-title">
      <h2 id="fees-example-title">Worked example</h2>
      <p>
        Buying {formatUnits(EXAMPLE.units)} {currency} Units at today&apos;s price, paid by {card ? 'card' : 'bank transfer'}. Each step is rounded half-up to the penny once, as on your order.
      </p>
      <FeeTable
        className={styles.feesTableWrapExample}
        caption={`The total of ${formatUnits(EXAMPLE.units)} ${currency} Units paid by ${method}`}
        head={['Line', 'How it is worked out', 'Amount']}
        rows={[
          row('subtotal', 'Subtotal', how(`${formatUnits(EXAMPLE.units)} × ${formatPrice(price.pricePerUnit, currency, 6)}`), money(total.subTotal)),
          row('buy-fee', 'Buy fee', `${currency} buy fee`, money(total.transactionFee)),
          row(
            'percentage-fee',
            `${method} fee`,
            <Figure key="how" pending={pending}>
              {basisPointsText(fee.fixedPercentageFees)} of {formatMoney(total.base, currency)}
            </Figure>,
            money(total.paymentMethodFees.fixedPercentageFees),
          ),
          row('fixed-fee', `${method} fixed fee`, 'Per payment', money(total.paymentMethodFees.fixedCentsFees)),
          row('total', 'Total to pay', 'Sum of the lines above', <strong>{money(total.paymentAmount)}</strong>),
        ]}
      />
      <p className={styles.feesSmall}>
        This example uses the price of{' '}
        <span className={styles.feesDay}>
          <Figure pending={pending}>{dayText(data.priceDate)}</Figure>
        </span>
        ; the price of a Unit rises each day. When you place an order, the server computes the amount charged from that day&apos;s price and fees, and that is the amount you pay.
      </p>
    </section>
  );
}

function LandManagement() {
  return (
    <section className={styles.feesSection} aria-labelledby="fees-earn-title">
      <h2 id="fees-earn-title">What Land Units earns on the land</h2>
      <p>
        Land Units earns <strong>{LAND_MANAGEMENT_PERCENT}%</strong> on the land it manages. It is not added to the amount you pay for your Units. Read more in the{' '}
        <Link to="/faq">questions and answers</Link>.
      </p>
    </section>
  );
}

export function FeesPage() {
  const prices = useQuery(pricesQuery());
  const data = prices.data ?? null;
  const setup = useQuery(cardSetupSiteQuery());
  // While the answer is on its way the card row keeps its place; a page that cannot say lists no card.
  const card = setup.data ? setup.data.offered : setup.isPending ? 'Card_Stripe' : null;

  return (
    <div className={styles.feesPage}>
      <h1 tabIndex={-1}>Fees</h1>
      <p className={styles.feesLead}>Every fee Land Units charges, as set today. Nothing is hidden: what you see here is what the order pages use.</p>
      {prices.isError && !data ? (
        <ErrorState title="The fees could not be loaded" message={errorMessage(prices.error)} onRetry={() => void prices.refetch()} retrying={prices.isFetching} />
      ) : (
        <div aria-busy={data ? undefined : true}>
          {data ? null : (
            <p className="visually-hidden" role="status">
              Loading the fees…
            </p>
          )}
          <OrderFees data={data ?? SAMPLE} pending={!data} card={card} />
          <PaymentMethodFees data={data ?? SAMPLE} pending={!data} card={card} />
          <WorkedExample data={data ?? SAMPLE} pending={!data} card={card} />
        </div>
      )}
      <LandManagement />
      <p className={styles.feesSmall}>Nothing on this page is investment advice.</p>
    </div>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/fees': FeesPage,
};
