import { fieldErrors } from '@landunits/domain';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';

type ParseError = Parameters<typeof fieldErrors>[0];

/** What the form needs of a schema: a zod schema from @landunits/domain fits. */
export interface FormSchema<Output> {
  safeParse(input: unknown): { success: true; data: Output } | { success: false; error: ParseError };
}

/** Props to spread on a TextField for one form field. */
export interface FieldProps<Name extends string> {
  name: Name;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

export interface SubmitHelpers {
  /**
   * Shows a server's 400 field errors under their fields and focuses the first one. Returns the
   * messages of fields this form does not have, for the form-level message.
   */
  showServerErrors: (errors: Readonly<Record<string, string>>) => string[];
}

export interface Form<Name extends string> {
  values: Readonly<Record<Name, string>>;
  field: (name: Name) => FieldProps<Name>;
  /** Spread on the <form>: validation is ours (noValidate), submit runs `onValid` once at a time. */
  formProps: { ref: RefObject<HTMLFormElement | null>; noValidate: true; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  /** True while `onValid` runs: the submit button shows it and further submits are ignored. */
  submitting: boolean;
}

/**
 * A small form state hook for the account forms: every field is text; the schema gives the
 * messages. A field shows its message once it has been left (blur) and then follows the typing;
 * submitting shows every message and focuses the first invalid field. `onValid` receives the
 * parsed values and helpers, and may be async; a second submit while it runs is ignored.
 */
export function useForm<Name extends string, Output>(
  schema: FormSchema<Output>,
  initial: Readonly<Record<Name, string>>,
  onValid: (data: Output, helpers: SubmitHelpers) => Promise<void> | void,
): Form<Name> {
  const [values, setValues] = useState<Readonly<Record<Name, string>>>(initial);
  const [touched, setTouched] = useState<Readonly<Partial<Record<string, boolean>>>>({});
  const [serverErrors, setServerErrors] = useState<Readonly<Partial<Record<string, string>>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const busy = useRef(false);

  const clientErrors = useMemo(() => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  }, [schema, values]);

  // After the messages are on screen, focus the first invalid field (in the order of the form).
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const names = Object.keys(initial) as Name[];

  const field = (name: Name): FieldProps<Name> => ({
    name,
    value: values[name],
    error: touched[name] ? (serverErrors[name] ?? clientErrors[name]) : undefined,
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (serverErrors[name] !== undefined) setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    },
    onBlur: () => {
      if (!touched[name]) setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  const showServerErrors = (errors: Readonly<Record<string, string>>): string[] => {
    const known = new Set<string>(names);
    const mine = Object.entries(errors).filter(([key]) => known.has(key));
    if (mine.length) {
      setServerErrors(Object.fromEntries(mine));
      setTouched((current) => ({ ...current, ...Object.fromEntries(mine.map(([key]) => [key, true])) }));
      setFocusRequest((n) => n + 1);
    }
    return Object.entries(errors)
      .filter(([key]) => !known.has(key))
      .map(([, message]) => message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    setTouched(Object.fromEntries(names.map((name) => [name, true])));
    setServerErrors({});
    const result = schema.safeParse(values);
    if (!result.success) {
      setFocusRequest((n) => n + 1);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    void Promise.resolve()
      .then(() => onValid(result.data, { showServerErrors }))
      .finally(() => {
        busy.current = false;
        setSubmitting(false);
      });
  };

  return {
    values,
    field,
    formProps: { ref: formRef, noValidate: true, onSubmit },
    submitting,
  };
}
