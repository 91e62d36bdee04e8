import type { NewsState } from '@landunits/domain/contracts';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { Dialog } from '../../shared/ui/dialog';
import { StatusBadge, type BadgeTone } from '../../shared/ui/status-badge';
import type { SortDir } from './content-api';
import { DialogActions } from './dialog-actions';

/** Pieces the content sections share: sort buttons, the article state badge, a confirm dialog. */

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
    <button type="button" className="sort-button" onClick={() => onSort(column, active ? next : 'asc')}>
      {label}
      <span aria-hidden="true" className="sort-button__arrow">
        {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

export const ariaSort = (active: boolean, dir: SortDir): 'ascending' | 'descending' | 'none' => (active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none');

export interface ConfirmTarget {
  title: string;
  message: ReactNode;
  label: string;
  run: () => Promise<void>;
}

function Confirm({ target, onClose }: { target: ConfirmTarget; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await target.run();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <p>{target.message}</p>
      <DialogActions failure={failure} label={target.label} pending={pending} danger onAction={() => void go()} onCancel={onClose} focusCancel />
    </>
  );
}

/** Asks before a deletion; Cancel has the focus; a refusal (a category still in use) is said inside. */
export function ConfirmDialog({ target, onClose }: { target: ConfirmTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target?.title ?? ''} onClose={onClose} className="admin-dialog">
      {target ? <Confirm key={target.title} target={target} onClose={onClose} /> : null}
    </Dialog>
  );
}
