import { useId, type ReactNode } from 'react';
import './field.css';

export interface FieldTextProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  id?: string | undefined;
}

/** Ids and aria attributes shared by every labelled control. */
export function useFieldIds({ id, hint, error }: Pick<FieldTextProps, 'id' | 'hint' | 'error'>) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export function FieldHint({ id, children }: { id: string | undefined; children: string | undefined }) {
  return children ? (
    <span id={id} className="field__hint">
      {children}
    </span>
  ) : null;
}

export function FieldError({ id, children }: { id: string | undefined; children: string | undefined }) {
  return children ? (
    <span id={id} className="field__error">
      {children}
    </span>
  ) : null;
}

/**
 * The frame every labelled control shares: the label tied to the control, the hint, the control
 * (and what follows it, such as a counter), then the error; `ids` come from useFieldIds.
 */
export function FieldFrame({
  label,
  hint,
  error,
  className,
  ids,
  children,
}: {
  label: string;
  hint: string | undefined;
  error: string | undefined;
  className: string | undefined;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      {children}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
