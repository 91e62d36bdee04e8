import { lazy, Suspense, type ReactNode } from 'react';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { ChartBoundary } from '../../../shared/ui/chart-boundary';
import { Skeleton } from '../../../shared/ui/spinner';
import type { Bar, GrowthPoint } from './figures';
import * as styles from '../statistics-page.module.css';

/**
 * A chart of the statistics page in a box of its final size. The chart library is a lazy chunk
 * asked for only once the page is live in the browser: the server's HTML and the first client
 * render (hydration) hold the same placeholder, so the page paints and hydrates without waiting
 * for it, and nothing moves when the drawing arrives.
 */

const charts = () => import('./charts');
const LazyGrowthChart = lazy(() => charts().then((m) => ({ default: m.GrowthChart })));
const LazyLandValueChart = lazy(() => charts().then((m) => ({ default: m.LandValueChart })));
const LazyImpactChart = lazy(() => charts().then((m) => ({ default: m.ImpactChart })));

/** Sized by its class (statistics-page.module.css), so the server's HTML needs no style attribute. */
const Placeholder = () => <Skeleton className={styles.statsChartPlaceholder} />;

const Failed = () => <p className={styles.statsChartFailed}>The chart could not be loaded. Its figures are in the table on this page.</p>;

interface FrameProps {
  /** What the drawing shows, for assistive technology (the box is one image to them). */
  label: string;
  /** The data in words, under the drawing. */
  caption: ReactNode;
  tall?: boolean;
  children: ReactNode;
}

function ChartFrame({ label, caption, tall = false, children }: FrameProps) {
  const hydrated = useHydrated();
  return (
    <figure className={styles.statsChart}>
      <div className={tall ? `${styles.statsChartPlot} ${styles.statsChartPlotTall}` : styles.statsChartPlot} role="img" aria-label={label}>
        {hydrated ? (
          <ChartBoundary fallback={<Failed />}>
            <Suspense fallback={<Placeholder />}>{children}</Suspense>
          </ChartBoundary>
        ) : (
          <Placeholder />
        )}
      </div>
      <figcaption className={styles.statsChartCaption}>{caption}</figcaption>
    </figure>
  );
}

type Described = Omit<FrameProps, 'children' | 'tall'>;

export const GrowthChartSlot = ({ points, ...frame }: Described & { points: readonly GrowthPoint[] }) => (
  <ChartFrame {...frame}>
    <LazyGrowthChart points={points} />
  </ChartFrame>
);

export const LandValueChartSlot = ({ bars, ...frame }: Described & { bars: readonly Bar[] }) => (
  <ChartFrame {...frame}>
    <LazyLandValueChart bars={bars} />
  </ChartFrame>
);

export const ImpactChartSlot = ({ bars, ...frame }: Described & { bars: readonly Bar[] }) => (
  <ChartFrame {...frame} tall>
    <LazyImpactChart bars={bars} />
  </ChartFrame>
);
