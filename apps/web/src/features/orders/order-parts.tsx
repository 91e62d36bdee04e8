import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton, Spinner } from '../../shared/ui/spinner';
import { useOrderContext, type OrderContext } from './use-order-context';
import * as styles from './orders.module.css';

/** The heading and lead of an order page. */
export function OrderPageHeader({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className={styles.orderPageHeader}>
      <h1 tabIndex={-1} className={styles.orderPageTitle}>
        {title}
      </h1>
      {lead ? <p className={styles.orderPageLead}>{lead}</p> : null}
      {children}
    </header>
  );
}

/** The frame of every order page. */
export function OrderPage({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={narrow ? `page ${styles.orderPageNarrow}` : 'page'}>{children}</div>;
}

/** Holds the place of content still loading, and says what loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className={styles.orderLoading}>
      <Spinner label={label} showLabel />
      <Skeleton height="1.25rem" width="min(30rem, 90%)" />
      <Skeleton height="1.25rem" width="min(24rem, 75%)" />
      <Skeleton height="8rem" />
    </div>
  );
}

/**
 * Renders its children with the order context (prices, holdings… from the dashboard bundle), or a
 * loading or error state when the bundle has not got them.
 */
export function WithOrderContext({ children }: { children: (context: OrderContext) => ReactNode }) {
  const { context, fetching, retry } = useOrderContext();
  if (context) return children(context);
  if (fetching) return <LoadingBlock label="Loading today's prices and your Units…" />;
  return <ErrorState title="We could not load today's prices" message="Your order needs today's prices and your holdings, and we could not get them. Please try again." onRetry={retry} />;
}

/** Dashboard and Transaction history, offered under every result. */
export function OrderLinks({ children }: { children?: ReactNode }) {
  return (
    <nav aria-label="Next steps" className={styles.orderLinks}>
      <ul className={styles.orderLinksList}>
        {children}
        <li>
          <Link to="/dashboard" className={styles.orderLinksLink}>
            Dashboard
          </Link>
        </li>
        <li>
          <Link to="/dashboard/my-transactions" className={styles.orderLinksLink}>
            Transaction history
          </Link>
        </li>
      </ul>
    </nav>
  );
}
