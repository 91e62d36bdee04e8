import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, fieldClassName, useFieldIds, type FieldTextProps } from './field-parts';

export interface TextFieldProps extends FieldTextProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; its hint and error are linked with aria-describedby, errors set aria-invalid. */
export function TextField({ label, hint, error, id, className, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds({ id, hint, error });
  const { controlId, describedBy } = ids;
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <input type="text" {...input} ref={ref} id={controlId} className={fieldClassName('control')} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
    </FieldFrame>
  );
}

/** What every email input shares: the email keyboard and autofill, no spelling or capitals. */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', spellCheck: false, autoCapitalize: 'none' } as const;
