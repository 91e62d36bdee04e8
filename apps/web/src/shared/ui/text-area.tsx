import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldClassName, useFieldIds, type FieldTextProps } from './field-parts';

export interface TextAreaProps extends FieldTextProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  value: string;
  /** Shows "n of max characters" under the field, linked to it. */
  maxChars?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea; hint, counter and error are linked with aria-describedby. */
export function TextArea({ label, hint, error, id, className, maxChars, value, ref, ...rest }: TextAreaProps) {
  const ids = useFieldIds({ id, hint, error });
  const { controlId, describedBy } = ids;
  const countId = maxChars ? `${controlId}-count` : undefined;
  const over = maxChars !== undefined && value.length > maxChars;
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <textarea
        {...rest}
        ref={ref}
        id={controlId}
        value={value}
        className={fieldClassName('area')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, countId].filter(Boolean).join(' ') || undefined}
      />
      {maxChars ? (
        <span id={countId} className={fieldClassName(over ? 'count-over' : 'count')}>
          {value.length} of {maxChars} characters
        </span>
      ) : null}
    </FieldFrame>
  );
}
