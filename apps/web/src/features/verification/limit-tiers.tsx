import { CURRENCIES, formatMoney, type Currency } from '@landunits/domain';
import type { PurchaseLimitsView } from '@landunits/domain/contracts';
import { StatusBadge } from '../../shared/ui/status-badge';
import { limitInEachCurrency } from './overview-gate';
import * as styles from './settings.module.css';

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
      <ul className={styles.limitsNow} aria-labelledby="limits-now-title">
        {CURRENCIES.map((currency) => {
          const override = overrideIn(currency);
          return (
            <li key={currency} className={styles.limitsNowItem}>
              <span className={styles.limitsNowCurrency}>{CURRENCY_NAMES[currency]}</span>
              <strong className={styles.limitsNowAmount}>{formatMoney(override?.cents ?? limits.currentCents, currency)}</strong>
              {override ? <span className={styles.limitsNowNote}>Set by our team</span> : null}
            </li>
          );
        })}
      </ul>
      <ol className={styles.limitTiers} aria-label="Purchase limit tiers">
        {tiers.map((tier) => {
          const mine = tier.id === limits.current;
          return (
            <li key={tier.id} className={mine ? `${styles.limitTier} ${styles.limitTierCurrent}` : styles.limitTier} aria-current={mine ? 'true' : undefined}>
              <span className={styles.limitTierLabel}>
                {tier.label}
                {mine ? <StatusBadge label="Your tier" tone="success" /> : null}
              </span>
              <span className={styles.limitTierAmount}>{limitInEachCurrency(tier.cents)}</span>
              <span className={styles.limitTierRequirement}>{tier.requirement}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
