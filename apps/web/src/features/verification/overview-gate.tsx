import type { VerificationOverview } from '@landunits/domain/contracts';
import { CURRENCIES, formatMoney } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { verificationQueryOptions } from '../../shared/verification/verification-data';
import * as styles from './settings.module.css';

/**
 * A tier's purchase limit: the same figure applies in each currency, to purchases in that currency,
 * so it is written in each: '£1,000.00, $1,000.00, €1,000.00 or A$1,000.00'.
 */
export function limitInEachCurrency(cents: number): string {
  const amounts = CURRENCIES.map((currency) => formatMoney(cents, currency));
  return `${amounts.slice(0, -1).join(', ')} or ${amounts.at(-1) ?? ''}`;
}

/** The email-verified tier's limit: what an approved profile falls back to while it is edited. */
export function baseLimit(overview: VerificationOverview): string {
  const tier = overview.limits.tiers.find((t) => t.id === 'emailVerified');
  return tier ? limitInEachCurrency(tier.cents) : 'the email-verified limit';
}

/**
 * Loads GET /api/user/verification: a skeleton while it loads, an error with "Try again" when it
 * fails, the page's content once it is there.
 */
export function OverviewGate({ what, children }: { what: string; children: (overview: VerificationOverview) => ReactNode }) {
  const query = useQuery({ ...verificationQueryOptions, meta: { silent: true } });
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorState
        title={`Your ${what} could not be loaded`}
        message="We could not read your verification details just now. Please try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <div className={styles.settingsSkeleton} role="status">
      <span className="visually-hidden">Loading your {what}…</span>
      <Skeleton height="5rem" />
      <Skeleton height="14rem" />
      <Skeleton height="10rem" />
    </div>
  );
}
