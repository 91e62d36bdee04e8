import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteGuard } from '../route-guard';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';

interface BoundaryProps {
  /** A new value (the pathname) clears a caught error: navigating away leaves the error behind. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

/** Catches a page that fails to load or render (for instance its chunk after a new release). */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept visible for whoever looks at the console; the page shows a calm message.
    console.warn('Page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * What every layout puts in its <main>: an error boundary (cleared on navigation), a loading state
 * of the page's size while its code loads, and the access guard.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <RouteGuard>{children}</RouteGuard>
      </Suspense>
    </PageErrorBoundary>
  );
}
