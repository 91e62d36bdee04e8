import { Component, type ReactNode } from 'react';

interface ChartBoundaryProps {
  /** What stands in the chart's place when its lazy chunk fails to load or to draw. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a lazy chart that cannot load (a chunk lost to a deploy, a flaky network) so that only
 * the chart's box shows the failure: the figures around it stay on the page.
 */
export class ChartBoundary extends Component<ChartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
