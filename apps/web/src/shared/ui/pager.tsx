import { formatUnits } from '@landunits/domain';
import type { ReactNode } from 'react';
import { Button } from './button';
import * as styles from './pager.module.css';

/** The rows a page shows, 1-based: page 2 of 20 per page → 21–40 (the last page may be shorter). */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const first = Math.min((page - 1) * pageSize + 1, total);
  return { first, last: Math.min(page * pageSize, total) };
}

/** "Showing 21–40 of 134"; "of 1,040+" when the total is only known to be at least that. */
export function pageSummary(page: number, pageSize: number, total: number, totalCapped = false): string {
  const { first, last } = pageRange(page, pageSize, total);
  return `Showing ${formatUnits(first)}–${formatUnits(last)} of ${formatUnits(total)}${totalCapped ? '+' : ''}`;
}

export interface PagerProps {
  /** Accessible name of the pager's navigation landmark, e.g. "Transaction pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total`: there are more, so Next stays open. */
  totalCapped?: boolean;
  onPage: (page: number) => void;
  /** Extra controls beside the buttons (a page-size select). */
  children?: ReactNode;
}

/** "Showing 21–40 of 134", page n of m, previous and next. */
export function Pager({ label, page, pageSize, total, totalCapped = false, onPage, children }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const more = totalCapped ? '+' : '';
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={styles.pagerSummary} aria-live="polite">
        {pageSummary(page, pageSize, total, totalCapped)}
      </p>
      <div className={styles.pagerControls}>
        {children}
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> page</span>
        </Button>
        <span className={styles.pagerPosition}>
          Page {formatUnits(Math.min(page, pages))} of {formatUnits(pages)}
          {more}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages && !totalCapped} onClick={() => onPage(page + 1)}>
          Next<span className="visually-hidden"> page</span> <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
