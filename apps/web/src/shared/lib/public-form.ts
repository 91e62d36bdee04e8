import { fieldErrors } from '@landunits/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FORM_LOAD_FAILED, isLazy, type FormSchema, type LazyFormSchema, type SubmitHelpers } from './form-schema';
import type { FieldProps, Form } from './use-form';
import { useHydrated } from './use-hydrated';

/** What a public form gives a field: the kit's field props, without the element reference. */
export type PublicFieldProps<Name extends string> = Omit<FieldProps<Name>, 'ref'>;

/** The kit's form, with fields as a public form gives them. */
export interface PublicForm<Name extends string> extends Omit<Form<Name>, 'field'> {
  field: (name: Name) => PublicFieldProps<Name>;
}

/**
 * The public website's two forms (contact, newsletter) keep this small hook instead of the form
 * kit (use-form.ts, react-hook-form): on the home page the kit would add 11.2 kB gzipped of script
 * for one email field (measured: 158.3 kB → 169.5 kB for the home page's JS), where the initial JS
 * is already past its budget (decision 0055). It behaves as the kit does: every field is text; the
 * schema gives the messages. A field shows its message once it has been left (blur) and then
 * follows the typing; submitting shows every message and focuses the first invalid field.
 * `onValid` receives the parsed values and helpers, and may be async; a second submit while it
 * runs is ignored. Only the public site's forms may use it (lint).
 */
export function usePublicForm<Name extends string, Output>(
  schemaOrLoader: FormSchema<Output> | LazyFormSchema<Output>,
  initial: Readonly<Record<Name, string>>,
  onValid: (data: Output, helpers: SubmitHelpers) => Promise<void> | void,
): PublicForm<Name> {
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

  const field = (name: Name): PublicFieldProps<Name> => ({
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
