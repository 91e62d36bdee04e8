import { CURRENCIES, formatMoney, formatUnits, PORTFOLIO_RANGES, type Currency, type PortfolioRange } from '@landunits/domain';
import { PORTFOLIO_CONTRACTS, type Portfolio } from '@landunits/domain/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call } from '../../shared/api/api-client';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import { ErrorState } from '../../shared/ui/error-state';
import { FormAlert } from '../../shared/ui/form-alert';
import { Skeleton } from '../../shared/ui/spinner';
import { ValueChartSlot } from './chart-slot';
import * as styles from './dashboard.module.css';

/** Every portfolio answer is cached under this key (then the currency asked for and the range). */
export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const;

const PARTS = [
  { key: 'available', label: 'Available', hint: 'Yours to sell, send or convert now', tone: styles.moneyBarAvailable },
  { key: 'locked', label: 'Locked', hint: 'LU2X, bonus and converted Units that unlock later', tone: styles.moneyBarLocked },
  { key: 'pending', label: 'Pending', hint: 'Being sold or scheduled to transfer', tone: styles.moneyBarPending },
] as const;

const RANGE_LABELS: Record<PortfolioRange, string> = { '1M': '1 month', '3M': '3 months', '1Y': '1 year' };

const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The answer as the page reads it, or an error (the page then says so and offers to load it
 * again) when a figure is missing or not whole cents: an older API or a partial answer never shows
 * as a wrong total.
 */
function readPortfolio(answer: unknown): Portfolio {
  const p = answer as Partial<Portfolio> | null;
  const figures = p && [p.total, p.available, p.locked, p.pending];
  if (
    !p ||
    !figures?.every(isCents) ||
    !CURRENCIES.includes(p.currency as Currency) ||
    !Array.isArray(p.history) ||
    !Array.isArray(p.awaitingPayment) ||
    !p.history.every((point) => isCents(point?.value))
  )
    throw new Error('The total came back incomplete');
  return p as Portfolio;
}

/** A bar of the three parts, in proportion: decorative, the figures beside it say the same. */
function PartsBar({ portfolio }: { portfolio: Portfolio }) {
  if (portfolio.total === 0) return null;
  return (
    <div className={styles.moneyBar} aria-hidden="true">
      {PARTS.map(({ key, tone }) => (portfolio[key] > 0 ? <span key={key} className={tone} style={{ flexGrow: portfolio[key] }} /> : null))}
    </div>
  );
}

function MoneySkeleton() {
  return (
    <div role="status" className={styles.moneySkeleton}>
      <span className="visually-hidden">Loading your total…</span>
      <Skeleton height="3rem" width="min(16rem, 100%)" />
      <Skeleton height="4.5rem" />
    </div>
  );
}

/**
 * The top of the dashboard: the person's total in the currency they choose (saved on the account),
 * what can be used now, what unlocks later and what an order holds, and their own value over time.
 * Every figure is the server's (GET /api/user/portfolio); the browser adds nothing up.
 */
export function MoneySummary() {
  const client = useQueryClient();
  const currencyId = useId();
  const [chosen, setChosen] = useState<Currency | undefined>(undefined);
  const [range, setRange] = useState<PortfolioRange>('3M');
  const [saveFailed, setSaveFailed] = useState(false);
  const query = useQuery({
    queryKey: [...PORTFOLIO_QUERY_KEY, chosen ?? 'saved', range],
    queryFn: async () => readPortfolio(await call(PORTFOLIO_CONTRACTS.portfolio, { query: { ...(chosen ? { currency: chosen } : {}), range } })),
    placeholderData: keepPreviousData,
  });
  const portfolio = query.data;

  const choose = (currency: Currency) => {
    setChosen(currency);
    setSaveFailed(false);
    call(PORTFOLIO_CONTRACTS.displayCurrency, { body: { currency } }).then(
      () => void client.invalidateQueries({ queryKey: [...PORTFOLIO_QUERY_KEY, 'saved'] }),
      () => setSaveFailed(true),
    );
  };

  let body;
  if (portfolio) {
    const { currency } = portfolio;
    body = (
      <>
        <p className={styles.moneyTotal} aria-live="polite" aria-atomic="true">
          <span className="visually-hidden">Total value: </span>
          {formatMoney(portfolio.total, currency)}
        </p>
        <PartsBar portfolio={portfolio} />
        <dl className={styles.moneyParts}>
          {PARTS.map(({ key, label, hint, tone }) => (
            <div key={key} className={styles.moneyPart}>
              <dt>
                <span className={`${styles.moneySwatch} ${tone}`} aria-hidden="true" />
                {label}
              </dt>
              <dd>{formatMoney(portfolio[key], currency)}</dd>
              <dd className={styles.moneyHint}>{hint}</dd>
            </div>
          ))}
        </dl>
        {portfolio.awaitingPayment.length > 0 ? (
          <p className={styles.moneyNote}>
            Not counted until the payment is approved: {portfolio.awaitingPayment.map(({ unitType, units }) => `${formatUnits(units)} ${unitTypeLabel(unitType)}`).join(', ')}.
          </p>
        ) : null}
        <div className={styles.moneyChartHead}>
          <h3 className={styles.moneyChartTitle}>Your value over time</h3>
          <fieldset className={styles.moneyRange}>
            <legend className="visually-hidden">Range</legend>
            <div className={styles.segmented}>
              {PORTFOLIO_RANGES.map((r) => (
                <label key={r} className={styles.segmentedOption}>
                  <input type="radio" name="portfolio-range" value={r} checked={r === range} onChange={() => setRange(r)} className={styles.segmentedInput} aria-label={RANGE_LABELS[r]} />
                  <span className={styles.segmentedLabel} aria-hidden="true">
                    {r}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {portfolio.history.some((p) => p.value > 0) ? (
          <ValueChartSlot history={portfolio.history} currency={currency} />
        ) : (
          <p className={styles.moneyNote}>Your value over time shows here once you hold Units.</p>
        )}
      </>
    );
  } else if (query.isPending) body = <MoneySkeleton />;
  else body = <ErrorState title="Your total could not be loaded" message="We could not work out your total just now. Please try again." onRetry={() => void query.refetch()} />;

  return (
    <section aria-labelledby="money-title" className={styles.money}>
      <div className={styles.moneyHead}>
        <h2 id="money-title" className={styles.moneyTitle}>
          Your total
        </h2>
        <div className={styles.moneyCurrency}>
          <label htmlFor={currencyId}>Show in</label>
          <select id={currencyId} value={chosen ?? portfolio?.currency ?? 'GBP'} onChange={(e) => choose(e.target.value as Currency)} disabled={!portfolio && !chosen}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      {saveFailed ? <FormAlert>Your choice of currency could not be saved; it applies on this page until you leave it.</FormAlert> : null}
      {body}
    </section>
  );
}
