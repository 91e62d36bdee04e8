import { fieldErrors } from '@landunits/domain';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefCallback, type RefObject } from 'react';
import { useForm as useHookForm, useWatch, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import { FORM_LOAD_FAILED, isLazy, type FormSchema, type LazyFormSchema, type SubmitHelpers } from './form-schema';
import { useHydrated } from './use-hydrated';

export { FORM_LOAD_FAILED, lazySchema, type FormSchema, type LazyFormSchema, type SubmitHelpers } from './form-schema';

/**
 * react-hook-form's resolver over the domain's schema: the messages are the schema's, keyed by
 * field with the same `fieldErrors` the API uses for its 400 answers, so a field shows the same
 * words whether the browser or the server found the problem.
 */
function schemaResolver<Output>(schema: FormSchema<Output>, names: readonly string[]): Resolver<FieldValues, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(Object.fromEntries(names.map((name) => [name, values[keyOf(name)]])));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(fieldErrors(result.error))) errors[keyOf(name)] = { type: 'schema', message };
    return { values: {}, errors };
  };
}

/**
 * A field's key in react-hook-form, which reads dots as nesting: the settings forms name their
 * fields by the setting's path ('fees.buy'), and the schema and the server's errors use those names.
 */
const keyOf = (name: string) => name.replaceAll('.', '__');

/** Props to spread on a TextField, TextArea or Select for one form field. */
export interface FieldProps<Name extends string> {
  name: Name;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  ref: RefCallback<HTMLElement>;
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
 * The form kit: react-hook-form with the domain's schema as its resolver, for forms whose fields
 * are text. A field shows its message once it has been left (blur) and then follows the typing
 * (`onTouched`); submitting shows every message and focuses the first invalid field. `onValid`
 * receives the parsed values and helpers, and may be async; a second submit while it runs is
 * ignored. A server's field errors show under their fields until the field is edited.
 */
export function useForm<Name extends string, Output>(
  schemaOrLoader: FormSchema<Output> | LazyFormSchema<Output>,
  initial: Readonly<Record<Name, string>>,
  onValid: (data: Output, helpers: SubmitHelpers) => Promise<void> | void,
): Form<Name> {
  const names = Object.keys(initial) as Name[];
  const formRef = useRef<HTMLFormElement | null>(null);
  const busy = useRef(false);
  const ready = useHydrated();
  const [loadError, setLoadError] = useState('');
  // The schema of the latest render (a form may switch schemas, e.g. by the person's type); a lazy
  // one is loaded on first use and kept. The resolver and the handlers read them when they run.
  const given = useRef(schemaOrLoader);
  useLayoutEffect(() => {
    given.current = schemaOrLoader;
  });
  const loaded = useRef<FormSchema<Output> | null>(null);
  const loadSchema = (): Promise<FormSchema<Output>> => {
    const current = given.current;
    if (!isLazy(current)) return Promise.resolve(current);
    if (loaded.current) return Promise.resolve(loaded.current);
    return current.load().then((schema) => {
      loaded.current = schema;
      setLoadError('');
      return schema;
    });
  };
  const form = useHookForm<FieldValues, unknown, Output>({
    defaultValues: Object.fromEntries(names.map((name) => [keyOf(name), initial[name]])),
    mode: 'onTouched',
    // The first invalid field in the order of the page is focused below (react-hook-form's own
    // order is the order fields were registered in).
    shouldFocusError: false,
    // A lazy schema still loading: a blur waits for it (its message then shows as usual); one that
    // could not be loaded checks nothing on a blur (sending loads it first, and says when it cannot).
    resolver: async (values, context, options) => {
      const loaded = await loadSchema().catch(() => null);
      return loaded ? schemaResolver(loaded, names)(values, context, options) : { values: {}, errors: {} };
    },
  });
  const { register, setValue, setError, handleSubmit, control, formState } = form;
  const watched = useWatch({ control });
  const values = Object.fromEntries(names.map((name) => [name, (watched[keyOf(name)] as string | undefined) ?? ''])) as Record<Name, string>;

  // In the commit that shows the messages, focus the first invalid field (in the order of the form).
  const [focusRequest, setFocusRequest] = useState(0);
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // On a server-rendered page a visitor may type before the form's code runs: keep what they
  // typed (the fields hold it; the form's values do not yet).
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    for (const name of names) {
      const control = element.elements.namedItem(name);
      if ((control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && control.value !== '' && form.getValues(keyOf(name)) === '') setValue(keyOf(name), control.value as never);
    }
    // Once, when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const field = (name: Name): FieldProps<Name> => {
    const key = keyOf(name);
    const { onChange, onBlur, ref } = register(key);
    const state = form.getFieldState(key, formState);
    return {
      name,
      value: values[name],
      error: state.isTouched || formState.isSubmitted ? state.error?.message : undefined,
      onChange: (event) => void onChange({ target: { name: key, value: event.target.value }, type: 'change' }),
      onBlur: () => void onBlur({ target: { name: key, value: form.getValues(key) }, type: 'blur' }),
      ref,
    };
  };

  const showServerErrors = (errors: Readonly<Record<string, string>>): string[] => {
    const known = new Set<string>(names);
    const mine = Object.entries(errors).filter(([key]) => known.has(key));
    for (const [name, message] of mine) setError(keyOf(name), { type: 'server', message });
    if (mine.length) setFocusRequest((n) => n + 1);
    return Object.entries(errors)
      .filter(([key]) => !known.has(key))
      .map(([, message]) => message);
  };

  const submit = handleSubmit(
    (data) => onValid(data, { showServerErrors }),
    () => setFocusRequest((n) => n + 1),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    loadSchema().then(
      () => submit().finally(() => (busy.current = false)),
      () => {
        busy.current = false;
        setLoadError(FORM_LOAD_FAILED);
      },
    );
  };

  const onFocus = () => {
    if (isLazy(given.current) && !loaded.current) loadSchema().catch(() => {}); // a failure shows on submit, which tries again
  };

  return {
    values,
    field,
    formProps: { ref: formRef, noValidate: true, method: 'post', onSubmit, onFocus },
    submitting: formState.isSubmitting,
    ready,
    loadError,
  };
}
