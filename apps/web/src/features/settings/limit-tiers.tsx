import { formatMoney } from '@landunits/domain';
import type { PurchaseLimitsView } from '@landunits/domain/contracts';
import { StatusBadge } from '../../shared/ui/status-badge';
import { limitText } from './overview-gate';

/** The purchase-limit tiers (PRODUCT-DECISIONS §4), what raises each, and the person's own marked. */
export function LimitTiers({ limits }: { limits: PurchaseLimitsView }) {
  const tiers = limits.tiers.filter((tier) => tier.forUser);
  return (
    <>
      <p>
        Your purchase limit now: <strong>{limitText(limits.currentCents)}</strong> in each currency (GBP, USD, EUR and AUD), counting purchases not yet approved.
      </p>
      {limits.overrides.length > 0 ? (
        <p>Our team set your limit in {limits.overrides.map((o) => `${o.currency} to ${formatMoney(o.cents, o.currency)}`).join(', ')}; it replaces the tier’s limit there.</p>
      ) : null}
      <ol className="limit-tiers">
        {tiers.map((tier) => {
          const mine = tier.id === limits.current;
          return (
            <li key={tier.id} className={mine ? 'limit-tier limit-tier--current' : 'limit-tier'} aria-current={mine ? 'true' : undefined}>
              <span className="limit-tier__label">
                {tier.label}
                {mine ? <StatusBadge label="Your tier" tone="success" /> : null}
              </span>
              <span className="limit-tier__amount">{limitText(tier.cents)}</span>
              <span className="limit-tier__requirement">{tier.requirement}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
