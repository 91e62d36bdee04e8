import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldError, FieldHint, useFieldIds, type FieldTextProps } from './field-parts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldTextProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

/** A native, labelled select. */
export function Select({ label, hint, error, id, options, className, ref, ...select }: SelectProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <select
        {...select}
        ref={ref}
        id={controlId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
