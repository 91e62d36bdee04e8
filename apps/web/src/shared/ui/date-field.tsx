import { formatDay, parseDay } from '@landunits/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { FieldFrame, fieldClassName, useFieldIds, type FieldTextProps } from './field-parts';
import { Spinner } from './spinner';
import * as styles from './date-field.module.css';

/** The calendar (react-day-picker and its stylesheet): a chunk of its own, loaded when first opened. */
const DateCalendar = lazy(() => import('./date-calendar'));

/** Shown for text that is no day; the form's own messages (required, in the future…) come from its schema. */
export const DATE_UNREADABLE = 'Enter a date such as 28 Nov 2026.';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the field shows for a value: a day in the one display format, anything else as it is. */
function shownText(value: string): string {
  return ISO_DAY.test(value) && parseDay(value) ? formatDay(value) : value;
}

/** The value a text stands for: the day as YYYY-MM-DD, '' for nothing, else the text itself (the form refuses it). */
function valueOf(text: string): string {
  if (text.trim() === '') return '';
  return parseDay(text) ?? text;
}

export interface DateFieldProps extends FieldTextProps {
  /** YYYY-MM-DD, '' when empty (or the text typed while it is no day). */
  value: string;
  /** Called with the new value: YYYY-MM-DD as soon as the text is a day, '' when cleared. */
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
  name?: string;
  /** The first and last days the calendar offers (YYYY-MM-DD); what is typed is checked by the form. */
  min?: string | undefined;
  max?: string | undefined;
  className?: string | undefined;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled date: a text field that shows and reads days as '28 Nov 2026' whatever the browser's
 * locale (also '28/11/2026' and '2026-11-28' when typed), and a button that opens a calendar. The
 * form gets YYYY-MM-DD, as the schemas and the API expect.
 */
export function DateField({ label, hint, error, id, className, value, onChange, onBlur, name, min, max, disabled, ref }: DateFieldProps) {
  const [text, setText] = useState(() => shownText(value));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const calendarId = `${useId()}-calendar`;

  // A value set from outside (a reset, the address's filters) is shown in the display format.
  if (value !== seen) {
    setSeen(value);
    if (value !== valueOf(text)) setText(shownText(value));
  }

  const unreadable = text.trim() !== '' && parseDay(text) === null;
  const message = unreadable && (left || error) ? DATE_UNREADABLE : error;
  const ids = useFieldIds({ id, hint, error: message });

  const change = (next: string) => {
    setText(next);
    onChange({ target: { value: valueOf(next) } });
  };

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  // A press outside the field closes the calendar.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };

  // Focus leaving the field (the calendar included) closes the calendar.
  const onFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const iso = parseDay(text);
  return (
    <FieldFrame label={label} hint={hint} error={message} className={className} ids={ids}>
      <div ref={wrapper} className={styles.dateField} onKeyDown={onKeyDown} onBlur={onFocusOut}>
        <input
          ref={ref}
          id={ids.controlId}
          name={name}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="DD MMM YYYY"
          value={text}
          disabled={disabled}
          className={fieldClassName('control', styles.dateFieldInput)}
          aria-invalid={message ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            setLeft(true);
            if (iso) setText(formatDay(iso));
            onBlur?.();
          }}
        />
        <button
          ref={button}
          type="button"
          className={styles.dateFieldButton}
          aria-label={`Calendar for ${label}`}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          disabled={disabled}
          onClick={() => setOpen((was) => !was)}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M2.5 8h15M6.5 2v4M13.5 2v4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
        {open ? (
          <div id={calendarId} className={styles.dateFieldPopover} role="dialog" aria-label={`Choose a day: ${label}`}>
            <Suspense fallback={<Spinner label="Loading the calendar…" />}>
              <DateCalendar
                selected={iso}
                min={min}
                max={max}
                onSelect={(day) => {
                  change(formatDay(day));
                  setLeft(true);
                  close(true);
                }}
              />
            </Suspense>
          </div>
        ) : null}
      </div>
    </FieldFrame>
  );
}
