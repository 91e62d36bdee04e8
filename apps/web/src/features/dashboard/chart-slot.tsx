import { lazy, Suspense, type ReactNode } from 'react';
import type { PriceChartProps } from './price-chart';
import type { ValueChartProps } from './value-chart';
import { ChartBoundary } from '../../shared/ui/chart-boundary';
import { Skeleton } from '../../shared/ui/spinner';
import * as dashboardStyles from './dashboard.module.css';

/**
 * The chart library is the bulk of the dashboard's code, so the charts are chunks of their own
 * inside this feature: figures show at once, a chart fills a box of its final size when it arrives
 * (no layout shift). Nothing outside the dashboard loads them.
 */
const PriceChart = lazy(() => import('./price-chart').then((m) => ({ default: m.PriceChart })));
const ValueChart = lazy(() => import('./value-chart').then((m) => ({ default: m.ValueChart })));

function ChartPlaceholder({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <div className={`${dashboardStyles.priceChart} ${dashboardStyles.priceChartPlaceholder}`}>
      {children ?? (
        <div role="status">
          <span className="visually-hidden">Loading the {what}…</span>
          <Skeleton height="3rem" width="min(22rem, 100%)" />
          <div className={dashboardStyles.priceChartPlot}>
            <Skeleton height="100%" />
          </div>
        </div>
      )}
    </div>
  );
}

/** A chart of `what`, loaded on its own, with its placeholder and the message when it cannot load. */
function Slot({ what, children }: { what: string; children: ReactNode }) {
  const failed = (
    <ChartPlaceholder what={what}>
      <p className={dashboardStyles.priceChartFailed} role="alert">
        The {what} could not be loaded. Reload the page to try again.
      </p>
    </ChartPlaceholder>
  );
  return (
    <ChartBoundary fallback={failed}>
      <Suspense fallback={<ChartPlaceholder what={what} />}>{children}</Suspense>
    </ChartBoundary>
  );
}

export const ChartSlot = (props: PriceChartProps) => (
  <Slot what="price chart">
    <PriceChart {...props} />
  </Slot>
);

export const ValueChartSlot = (props: ValueChartProps) => (
  <Slot what="chart of your value">
    <ValueChart {...props} />
  </Slot>
);
