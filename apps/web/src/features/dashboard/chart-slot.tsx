import { lazy, Suspense, type ReactNode } from 'react';
import type { PriceChartProps } from './price-chart';
import { ChartBoundary } from '../../shared/ui/chart-boundary';
import { Skeleton } from '../../shared/ui/spinner';
import * as dashboardStyles from './dashboard.module.css';

/**
 * The chart library is the bulk of the dashboard's code, so the chart is its own chunk inside this
 * feature: holdings and prices show at once, the chart fills a box of its final size when it
 * arrives (no layout shift). Nothing outside the dashboard loads it.
 */
const PriceChart = lazy(() => import('./price-chart').then((m) => ({ default: m.PriceChart })));

function ChartPlaceholder({ children }: { children?: ReactNode }) {
  return (
    <div className={`${dashboardStyles.priceChart} ${dashboardStyles.priceChartPlaceholder}`}>
      {children ?? (
        <div role="status">
          <span className="visually-hidden">Loading the price chart…</span>
          <Skeleton height="4.75rem" width="min(22rem, 100%)" />
          <Skeleton height="3rem" />
          <div className={dashboardStyles.priceChartPlot}>
            <Skeleton height="100%" />
          </div>
        </div>
      )}
    </div>
  );
}

const ChartFailed = () => (
  <ChartPlaceholder>
    <p className={dashboardStyles.priceChartFailed} role="alert">
      The price chart could not be loaded. Reload the page to try again.
    </p>
  </ChartPlaceholder>
);

export function ChartSlot(props: PriceChartProps) {
  return (
    <ChartBoundary fallback={<ChartFailed />}>
      <Suspense fallback={<ChartPlaceholder />}>
        <PriceChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
