import { useId, type ReactNode } from 'react';
import * as styles from './field.module.css';

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

/** A part of a field, for a control or message a form builds itself (a custom input, a group's legend). */
export type FieldPart = 'field' | 'label' | 'hint' | 'error' | 'control' | 'area' | 'count' | 'count-over';

const PART_CLASSES: Readonly<Record<FieldPart, string>> = {
  field: styles.field,
  label: styles.fieldLabel,
  hint: styles.fieldHint,
  error: styles.fieldError,
  control: styles.fieldControl,
  area: `${styles.fieldControl} ${styles.fieldControlArea}`,
  count: styles.fieldCount,
  'count-over': `${styles.fieldCount} ${styles.fieldCountOver}`,
};

/** The class names of a field's part (`area`: a multi-line control), then any extra ones given. */
export function fieldClassName(part: FieldPart, ...extra: (string | false | undefined)[]): string {
  return [PART_CLASSES[part], ...extra].filter(Boolean).join(' ');
}

export function FieldHint({ id, children }: { id: string | undefined; children: string | undefined }) {
  return children ? (
    <span id={id} className={styles.fieldHint}>
      {children}
    </span>
  ) : null;
}

export function FieldError({ id, children }: { id: string | undefined; children: string | undefined }) {
  return children ? (
    <span id={id} className={styles.fieldError}>
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
    <div className={fieldClassName('field', className)}>
      <label className={styles.fieldLabel} htmlFor={ids.controlId}>
        {label}
      </label>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      {children}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
