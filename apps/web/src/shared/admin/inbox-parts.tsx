import { formatDay, formatDateTime } from '@landunits/domain';

import { useFilterForm } from '../lib/use-form';
import { Button } from '../ui/button';
import { Select } from '../ui/select';
import { Skeleton } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import type { SortChoice } from './inbox-api';
import * as styles from './inbox.module.css';
import * as adminStyles from './admin.module.css';

/** Pieces shared by the subscribers list and the contact inbox. */

export const day = (iso: string | null) => (iso ? formatDay(iso) : '—');
export const dateTime = (iso: string) => formatDateTime(iso);

export function LoadingRows({ label }: { label: string }) {
  return (
    <div className={adminStyles.adminSkeleton} role="status">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height="3rem" />
      ))}
    </div>
  );
}

/** Toggle buttons naming each status with its count; the pressed one filters the list. */
export function StatusFilter<S extends string>({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: readonly { value: S | ''; label: string; count: number | undefined }[];
  selected: S | '';
  onSelect: (value: S | '') => void;
}) {
  return (
    <div className={styles.inboxStatus} role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value || 'all'} type="button" className={styles.inboxStatusOption} aria-pressed={selected === option.value} onClick={() => onSelect(option.value)}>
          <span>{option.label}</span>
          <span className={styles.inboxStatusCount}>{option.count === undefined ? '…' : option.count.toLocaleString('en-US')}</span>
        </button>
      ))}
    </div>
  );
}

const SORT_OPTIONS: readonly { value: SortChoice; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'emailAsc', label: 'Email A–Z' },
  { value: 'emailDesc', label: 'Email Z–A' },
];

/** Search text and sort, applied together with Show, or as soon as the sort changes (each asks the server again). */
export function SearchForm({ label, searchLabel, q, sort, onApply }: { label: string; searchLabel: string; q: string; sort: SortChoice; onApply: (q: string, sort: SortChoice) => void }) {
  const form = useFilterForm({ q, sort }, (values) => onApply(values.q, values.sort as SortChoice));
  return (
    <form {...form.formProps} className={styles.inboxSearch} aria-label={label} role="search">
      <TextField {...form.field('q')} label={searchLabel} type="search" maxLength={200} spellCheck={false} className={styles.inboxSearchField} />
      <Select {...form.choose('sort')} label="Sort" options={SORT_OPTIONS} className={styles.inboxSearchField} />
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </form>
  );
}
