import { formatDate } from '@landunits/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Select } from '../ui/select';
import { Skeleton } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import type { SortChoice } from './inbox-api';

/** Pieces shared by the subscribers list and the contact inbox. */

export const day = (iso: string | null) => (iso ? formatDate(iso, 'DD MMM YYYY') : '—');
export const dateTime = (iso: string) => `${formatDate(iso, 'DD MMM YYYY')} ${iso.slice(11, 16)} UTC`;

export function LoadingRows({ label }: { label: string }) {
  return (
    <div className="admin-skeleton" role="status">
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
    <div className="inbox-status" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value || 'all'} type="button" className="inbox-status__option" aria-pressed={selected === option.value} onClick={() => onSelect(option.value)}>
          <span>{option.label}</span>
          <span className="inbox-status__count">{option.count === undefined ? '…' : option.count.toLocaleString('en-US')}</span>
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

/** Search text and sort, applied together with Show (each change asks the server again). */
export function SearchForm({ label, searchLabel, q, sort, onApply }: { label: string; searchLabel: string; q: string; sort: SortChoice; onApply: (q: string, sort: SortChoice) => void }) {
  const [draft, setDraft] = useState({ q, sort });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft.q, draft.sort);
  };
  return (
    <form className="inbox-search" aria-label={label} onSubmit={apply} role="search">
      <TextField
        label={searchLabel}
        type="search"
        value={draft.q}
        maxLength={200}
        onChange={(e) => {
          const q = e.currentTarget.value;
          setDraft((d) => ({ ...d, q }));
        }}
        spellCheck={false}
      />
      <Select
        label="Sort"
        value={draft.sort}
        options={SORT_OPTIONS}
        onChange={(e) => {
          const sort = e.currentTarget.value as SortChoice;
          setDraft((d) => ({ ...d, sort }));
          onApply(draft.q, sort);
        }}
      />
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </form>
  );
}
