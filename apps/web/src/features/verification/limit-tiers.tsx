import { CURRENCIES, formatMoney, type Currency } from '@landunits/domain';
import type { PurchaseLimitsView } from '@landunits/domain/contracts';
import { StatusBadge } from '../../shared/ui/status-badge';
import { limitInEachCurrency } from './overview-gate';

const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  GBP: 'Pounds (GBP)',
  USD: 'US dollars (USD)',
  EUR: 'Euros (EUR)',
  AUD: 'Australian dollars (AUD)',
};

/**
 * The purchase limits (PRODUCT-DECISIONS §4): one per currency, each written in its own currency
 * (the tier's figure, or our team's override there); then the tiers, what raises each, and the
 * person's own marked.
 */
export function LimitTiers({ limits }: { limits: PurchaseLimitsView }) {
  const tiers = limits.tiers.filter((tier) => tier.forUser);
  const overrideIn = (currency: Currency) => limits.overrides.find((o) => o.currency === currency);
  return (
    <>
      <p id="limits-now-title">Your purchase limit now, in each currency. It counts your purchases in that currency that are not yet approved.</p>
      <ul className="limits-now" aria-labelledby="limits-now-title">
        {CURRENCIES.map((currency) => {
          const override = overrideIn(currency);
          return (
            <li key={currency} className="limits-now__item">
              <span className="limits-now__currency">{CURRENCY_NAMES[currency]}</span>
              <strong className="limits-now__amount">{formatMoney(override?.cents ?? limits.currentCents, currency)}</strong>
              {override ? <span className="limits-now__note">Set by our team</span> : null}
            </li>
          );
        })}
      </ul>
      <ol className="limit-tiers" aria-label="Purchase limit tiers">
        {tiers.map((tier) => {
          const mine = tier.id === limits.current;
          return (
            <li key={tier.id} className={mine ? 'limit-tier limit-tier--current' : 'limit-tier'} aria-current={mine ? 'true' : undefined}>
              <span className="limit-tier__label">
                {tier.label}
                {mine ? <StatusBadge label="Your tier" tone="success" /> : null}
              </span>
              <span className="limit-tier__amount">{limitInEachCurrency(tier.cents)}</span>
              <span className="limit-tier__requirement">{tier.requirement}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
