import { fieldErrors } from '@landunits/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useHydrated } from './use-hydrated';

type ParseError = Parameters<typeof fieldErrors>[0];

/** What the form needs of a schema: a zod schema from @landunits/domain fits. */
export interface FormSchema<Output> {
  safeParse(input: unknown): { success: true; data: Output } | { success: false; error: ParseError };
}

/** A schema whose code is fetched on first use: see lazySchema. */
export interface LazyFormSchema<Output> {
  readonly load: () => Promise<FormSchema<Output>>;
}

/**
 * A schema loaded when a visitor first focuses a field of the form (or sends it), for forms on
 * pages where most visitors only read: the validation library is not evaluated while the page
 * loads. A failed load is tried again on the next use.
 */
export function lazySchema<Output>(load: () => Promise<FormSchema<Output>>): LazyFormSchema<Output> {
  let pending: Promise<FormSchema<Output>> | null = null;
  return {
    load: () =>
      (pending ??= load().catch((error: unknown) => {
        pending = null;
        throw error;
      })),
  };
}

/** Shown when a lazily loaded schema could not be fetched (the connection dropped). */
export const FORM_LOAD_FAILED = 'This form could not be loaded. Check your connection and try again.';

const isLazy = <Output>(schema: FormSchema<Output> | LazyFormSchema<Output>): schema is LazyFormSchema<Output> => 'load' in schema;

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
  /**
   * Spread on the <form>: validation is ours (noValidate), submit runs `onValid` once at a time.
   * `method="post"`: should the browser ever submit the form itself, the values never go into an
   * address (history, logs, Referer).
   */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    method: 'post';
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    /** Starts loading a lazy schema as soon as anything in the form is focused. */
    onFocus: () => void;
  };
  /**
   * False while a server-rendered page is not yet hydrated: the form's code is not running, so
   * its submit button stays disabled (a disabled default button also stops Enter from submitting).
   */
  ready: boolean;
  /** True while `onValid` runs: the submit button shows it and further submits are ignored. */
  submitting: boolean;
  /** FORM_LOAD_FAILED when a lazy schema could not be loaded on submit; '' otherwise. */
  loadError: string;
}

/**
 * A small form state hook for the account forms: every field is text; the schema gives the
 * messages. A field shows its message once it has been left (blur) and then follows the typing;
 * submitting shows every message and focuses the first invalid field. `onValid` receives the
 * parsed values and helpers, and may be async; a second submit while it runs is ignored.
 */
export function useForm<Name extends string, Output>(
  schemaOrLoader: FormSchema<Output> | LazyFormSchema<Output>,
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
  const ready = useHydrated();
  // A lazy schema is held in state once loaded, so the messages of fields already left appear.
  const [lazyLoaded, setLazyLoaded] = useState<FormSchema<Output> | null>(null);
  const schema = isLazy(schemaOrLoader) ? lazyLoaded : schemaOrLoader;
  const [loadError, setLoadError] = useState('');
  const loadSchema = (): Promise<FormSchema<Output>> => {
    if (schema) return Promise.resolve(schema);
    return (schemaOrLoader as LazyFormSchema<Output>).load().then((loaded) => {
      setLazyLoaded(() => loaded);
      setLoadError('');
      return loaded;
    });
  };

  // On a server-rendered page a visitor may type before the form's code runs: keep what they
  // typed (the fields hold it; the state does not yet).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Record<string, string>> = {};
    for (const name of Object.keys(initial)) {
      const element = form.elements.namedItem(name);
      if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.value !== '') typed[name] = element.value;
    }
    // Reading an outside source (the fields' text from before hydration) once: set in an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(typed).length) setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(typed).filter(([name]) => current[name as Name] === '')) }));
    // Once, when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Messages show only for fields that have been left, so nothing is checked before then: no
  // validation work while a server-rendered page hydrates.
  const anyTouched = Object.values(touched).some(Boolean);
  const clientErrors = useMemo(() => {
    if (!anyTouched || !schema) return {};
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  }, [schema, values, anyTouched]);

  // In the commit that shows the messages, focus the first invalid field (in the order of the form).
  useLayoutEffect(() => {
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

  const submitWith = (current: FormSchema<Output>) => {
    const result = current.safeParse(values);
    if (!result.success) {
      busy.current = false;
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    void Promise.resolve()
      .then(() => onValid(result.data, { showServerErrors }))
      .finally(() => {
        busy.current = false;
        setSubmitting(false);
      });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setTouched(Object.fromEntries(names.map((name) => [name, true])));
    setServerErrors({});
    if (schema) {
      submitWith(schema);
      return;
    }
    setSubmitting(true);
    loadSchema().then(
      (loaded) => {
        setSubmitting(false);
        submitWith(loaded);
      },
      () => {
        busy.current = false;
        setSubmitting(false);
        setLoadError(FORM_LOAD_FAILED);
      },
    );
  };

  const onFocus = () => {
    if (!schema) loadSchema().catch(() => {}); // a failure shows on submit, which tries again
  };

  return {
    values,
    field,
    formProps: { ref: formRef, noValidate: true, method: 'post', onSubmit, onFocus },
    submitting,
    ready,
    loadError,
  };
}
