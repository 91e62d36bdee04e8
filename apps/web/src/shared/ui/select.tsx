import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, fieldClassName, useFieldIds, type FieldTextProps } from './field-parts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldTextProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
  /** Extra class on the select itself (`className` goes on the field around it). */
  controlClassName?: string;
}

/** A native, labelled select. */
export function Select({ label, hint, error, id, options, className, controlClassName, ref, ...select }: SelectProps) {
  const ids = useFieldIds({ id, hint, error });
  const { controlId, describedBy } = ids;
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <select {...select} ref={ref} id={controlId} className={fieldClassName('control', controlClassName)} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
