import type { NewsState } from '@landunits/domain/contracts';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import type { SortDir } from './content-api';
import * as styles from './content.module.css';

/** Pieces the content sections share: sort buttons and the article state badge. */

const STATE_BADGES: Record<NewsState, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  published: { label: 'Published', tone: 'success' },
};

export function StateBadge({ state }: { state: NewsState }) {
  return <StatusBadge {...STATE_BADGES[state]} />;
}

/**
 * A column header that sorts the table on the server; pressing it again turns the order round.
 * The header cell says how the table is sorted (aria-sort), as screen readers expect.
 */
export function SortButton<K extends string>({ column, label, sort, dir, onSort }: { column: K; label: string; sort: K; dir: SortDir; onSort: (column: K, dir: SortDir) => void }) {
  const active = sort === column;
  const next: SortDir = active && dir === 'asc' ? 'desc' : 'asc';
  return (
    <button type="button" className={styles.sortButton} onClick={() => onSort(column, active ? next : 'asc')}>
      {label}
      <span aria-hidden="true" className={styles.sortButtonArrow}>
        {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

export const ariaSort = (active: boolean, dir: SortDir): 'ascending' | 'descending' | 'none' => (active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none');
