import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import * as styles from './date-field.module.css';

/** YYYY-MM-DD → that day at local midnight, as the calendar counts days. */
const localDay = (iso: string): Date => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

const isoOf = (date: Date): string => `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export interface DateCalendarProps {
  /** The chosen day, YYYY-MM-DD, or null. */
  selected: string | null;
  min?: string | undefined;
  max?: string | undefined;
  /** Called with the day chosen, YYYY-MM-DD. */
  onSelect: (iso: string) => void;
}

/**
 * The date field's calendar: a month grid that arrow keys move through (Page Up/Down change the
 * month), months and years from lists, weeks from Monday. Lazy: only the date field loads it.
 */
export default function DateCalendar({ selected, min, max, onSelect }: DateCalendarProps) {
  const chosen = selected ? localDay(selected) : undefined;
  const first = min ? localDay(min) : undefined;
  const last = max ? localDay(max) : undefined;
  const today = new Date();
  return (
    <DayPicker
      className={styles.dateFieldCalendar}
      mode="single"
      required={false}
      selected={chosen}
      defaultMonth={chosen ?? first ?? today}
      startMonth={first ?? new Date(today.getFullYear() - 100, 0)}
      endMonth={last ?? new Date(today.getFullYear() + 20, 11)}
      captionLayout="dropdown"
      weekStartsOn={1}
      disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
      autoFocus
      onSelect={(day: Date | undefined) => {
        if (day) onSelect(isoOf(day));
      }}
    />
  );
}
