import { stripLeadingZeros } from '@landunits/domain';
import { useState, type ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberFieldProps extends Omit<TextFieldProps, 'type' | 'inputMode'> {
  /** Whole numbers only unless set (Units are whole; money may have decimals). */
  allowDecimal?: boolean;
  /** Shown when a decimal mark is typed into a whole-number field (Units fields pass the order schema's message). */
  wholeMessage?: string;
  /** Called with the cleaned text. */
  onValueChange?: (value: string) => void;
}

export const WHOLE_NUMBER_MESSAGE = 'Enter a whole number.';

/** Commas that group thousands the en-US way (1,000 or 12,345,678): they carry no value. */
const GROUPED = /^\d{1,3}(,\d{3})+$/;

/**
 * Keeps digits (and one decimal point when allowed) and drops leading zeros (SPEC §5). A whole-number
 * field keeps a typed decimal mark ('2.5', '2,5') as typed, so the field can say it takes whole
 * numbers: dropping the mark would turn 2.5 into 25 without a word. Commas that only group
 * thousands ('1,000') are dropped.
 */
export function cleanNumberInput(raw: string, allowDecimal = false): string {
  if (allowDecimal) {
    let text = raw.replace(/[^\d.]/g, '');
    const dot = text.indexOf('.');
    if (dot !== -1) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
    return stripLeadingZeros(text);
  }
  const text = raw.replace(/[^\d.,]/g, '');
  if (GROUPED.test(text)) return stripLeadingZeros(text.replace(/,/g, ''));
  return hasDecimalMark(text) ? text : stripLeadingZeros(text);
}

/** Whether whole-number text holds a decimal mark (a point, or a comma that does not group thousands). */
export function hasDecimalMark(text: string): boolean {
  return /[.,]/.test(text) && !GROUPED.test(text);
}

export function NumberField({ allowDecimal = false, wholeMessage = WHOLE_NUMBER_MESSAGE, error, onChange, onValueChange, ...rest }: NumberFieldProps) {
  // The text last typed, for an uncontrolled field (a controlled one says its value).
  const [typedHere, setTypedHere] = useState('');
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const cleaned = cleanNumberInput(event.target.value, allowDecimal);
    if (cleaned !== event.target.value) event.target.value = cleaned;
    setTypedHere(cleaned);
    onChange?.(event);
    onValueChange?.(cleaned);
  };
  // Said as soon as the mark is typed, over any other message: it is what is wrong with the text.
  const typed = typeof rest.value === 'string' ? rest.value : typedHere;
  const decimal = !allowDecimal && hasDecimalMark(typed);
  return <TextField autoComplete="off" {...rest} error={decimal ? wholeMessage : error} type="text" inputMode={allowDecimal ? 'decimal' : 'numeric'} onChange={handleChange} />;
}
