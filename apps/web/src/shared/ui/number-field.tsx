import { stripLeadingZeros } from '@landunits/domain';
import type { ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberFieldProps extends Omit<TextFieldProps, 'type' | 'inputMode'> {
  /** Whole numbers only unless set (Units are whole; money may have decimals). */
  allowDecimal?: boolean;
  /** Called with the cleaned text. */
  onValueChange?: (value: string) => void;
}

/** Keeps digits (and one decimal point when allowed) and drops leading zeros (SPEC §5). */
export function cleanNumberInput(raw: string, allowDecimal = false): string {
  let text = raw.replace(allowDecimal ? /[^\d.]/g : /\D/g, '');
  if (allowDecimal) {
    const dot = text.indexOf('.');
    if (dot !== -1) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  }
  return stripLeadingZeros(text);
}

export function NumberField({ allowDecimal = false, onChange, onValueChange, ...rest }: NumberFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const cleaned = cleanNumberInput(event.target.value, allowDecimal);
    if (cleaned !== event.target.value) event.target.value = cleaned;
    onChange?.(event);
    onValueChange?.(cleaned);
  };
  return <TextField autoComplete="off" {...rest} type="text" inputMode={allowDecimal ? 'decimal' : 'numeric'} onChange={handleChange} />;
}
