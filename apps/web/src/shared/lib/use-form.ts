import { fieldErrors } from '@landunits/domain';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefCallback, type RefObject } from 'react';
import { get, set, useFieldArray, useForm as useHookForm, useWatch, type Control, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { FORM_LOAD_FAILED, isLazy, type FormSchema, type LazyFormSchema, type SubmitHelpers } from './form-schema';
import { useHydrated } from './use-hydrated';

export { FORM_LOAD_FAILED, lazySchema, type FormSchema, type LazyFormSchema, type SubmitHelpers } from './form-schema';

/**
 * react-hook-form's resolver over the domain's schema: the messages are the schema's, keyed by
 * field with the same `fieldErrors` the API uses for its 400 answers, so a field shows the same
 * words whether the browser or the server found the problem.
 */
function schemaResolver<Output>(schema: FormSchema<Output>, names: readonly string[], rowNames: ReadonlySet<string>): Resolver<FieldValues, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(Object.fromEntries(names.map((name) => [name, values[keyOf(name)]])));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    // A row's field keeps the first message about it (the options' own, before one of a line's).
    for (const [name, message] of Object.entries(fieldErrors(result.error))) if (!get(errors, errorKey(name, rowNames))) set(errors, errorKey(name, rowNames), { type: 'schema', message });
    return { values: {}, errors };
  };
}

/**
 * A field's key in react-hook-form, which reads dots as nesting: the settings forms name their
 * fields by the setting's path ('fees.buy'), and the schema and the server's errors use those names.
 */
const keyOf = (name: string) => name.replaceAll('.', '__');

/**
 * Where an error of the schema or the server is kept. Rows are nested (`questions.2.text`): a
 * message about a part of a row's field (`questions.2.options.0`, one line of the options) shows
 * under that field, and one about the rows as a whole (`questions`) is kept as `questions.root`.
 */
function errorKey(name: string, rowNames: ReadonlySet<string>): string {
  const [first = '', index, field] = name.split('.');
  if (!rowNames.has(first)) return keyOf(name);
  return index === undefined || field === undefined ? `${first}.root` : `${first}.${index}.${field}`;
}

/** A message kept in react-hook-form's errors (a row list's own message is under `root`). */
function messageAt(errors: FieldErrors, key: string): string | undefined {
  const found = get(errors, key) as (FieldError & { root?: FieldError }) | undefined;
  return found?.root?.message ?? (typeof found?.message === 'string' ? found.message : undefined);
}

/** Props to spread on a TextField, TextArea or Select for one form field. */
export interface FieldProps<Name extends string> {
  name: Name;
  value: string;
  error: string | undefined;
  /** Given an input's change event, or what a custom control (the date field) sends: the new text. */
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  ref: RefCallback<HTMLElement>;
}

/** A form's row: a group of text fields that is added and removed as one (a question of a quiz). */
export type Row = Readonly<Record<string, string>>;

/** What a form field holds: text (inputs, text areas, selects), on/off (a checkbox) or rows. */
export type FieldValue = string | boolean | readonly Row[];

/** The values' types as a form holds them: `{ consent: false }` starts a boolean field, not a `false` one. */
export type Widen<Values> = { readonly [K in keyof Values]: Values[K] extends string ? string : Values[K] extends boolean ? boolean : Values[K] };

type NamesOf<Values, Kind> = { [K in keyof Values]: Values[K] extends Kind ? K : never }[keyof Values] & string;

/** Props to spread on an <input type="checkbox"> (a switch too) for one on/off field. */
export interface CheckProps<Name extends string> {
  name: Name;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
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

/** What `onValid` is given: the server's errors helper, and a way to start again (after a save). */
export interface FormHelpers<Values> extends SubmitHelpers {
  /** Starts again from these values; nothing is shown as changed. */
  reset: (values: Values) => void;
}

/** The kit's form: `Form` with on/off fields, rows, and what a page may do with the form itself. */
export interface KitForm<Name extends string, Values extends Readonly<Record<Name, unknown>> = Readonly<Record<Name, string>>> extends Omit<Form<Name>, 'values' | 'field'> {
  values: Values;
  field: (name: NamesOf<Values, string>) => FieldProps<Name>;
  /** Props for a checkbox or switch of an on/off field; its message is `error(name)`. */
  check: (name: NamesOf<Values, boolean>) => CheckProps<Name>;
  /** The message shown for a field (any kind), or undefined. */
  error: (name: string) => string | undefined;
  /** Messages of names the form has no field for (such as a page number in the address). */
  otherErrors: string[];
  /** Sets a field's value as if the person had changed it. */
  setValue: <K extends Name>(name: K, value: Values[K]) => void;
  /** Starts again from these values (after a save, or when the address changes); nothing is shown as changed. */
  reset: (values: Values) => void;
  /** True when a value differs from the values the form started from (or was last reset to). */
  changed: boolean;
  /**
   * Shows these messages under their fields at once, without moving the focus (as
   * `showServerErrors` does, outside a submit: a server's earlier answer, the parameters of an
   * address). The messages of names without a field are kept in `otherErrors` (until the next
   * submit) and returned.
   */
  showErrors: (errors: Readonly<Record<string, string>>) => string[];
  /** Hides every message (a form whose choices start again on any change). */
  clearErrors: () => void;
  /** Submits the form as its submit button does (a filter applied as soon as it is chosen). */
  submit: () => void;
  /**
   * Checks these fields again, because what their checks read changed (the Units against the unit
   * type chosen): a message they show, the server's included, is replaced by the new check's.
   */
  recheck: (...names: Name[]) => void;
  /** Props for a field of a row by its path ('questions.2.text'); useRows gives them. */
  fieldAt: (path: string) => FieldProps<Name>;
  /** For useRows. */
  control: Control<FieldValues, unknown, unknown>;
}

/**
 * The form kit: react-hook-form with the domain's schema as its resolver, for forms whose fields
 * are text, on/off (a checkbox: `check(name)`) or rows (useRows). A field shows its message once
 * it has been left (blur) and then follows the typing (`onTouched`); submitting shows every
 * message and focuses the first invalid field. `onValid` receives the parsed values and helpers,
 * and may be async; a second submit while it runs is ignored. A server's field errors show under
 * their fields until the field is edited.
 */
export function useForm<Name extends string, Output, Values extends Readonly<Record<Name, FieldValue>> = Readonly<Record<Name, string>>>(
  schemaOrLoader: FormSchema<Output> | LazyFormSchema<Output>,
  initial: Values & Readonly<Record<Name, FieldValue>>,
  onValid: (data: Output, helpers: FormHelpers<Widen<Values>>) => Promise<void> | void,
): KitForm<Name, Widen<Values>> {
  const names = Object.keys(initial) as Name[];
  const rowNames = new Set<string>(names.filter((name) => Array.isArray(initial[name])));
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
      return loaded ? schemaResolver(loaded, names, rowNames)(values, context, options) : { values: {}, errors: {} };
    },
  });
  const { register, setValue, setError, handleSubmit, trigger, control, formState } = form;
  const watched = useWatch({ control });
  const values = Object.fromEntries(names.map((name) => [name, (watched[keyOf(name)] as FieldValue | undefined) ?? (typeof initial[name] === 'string' ? '' : initial[name])])) as Widen<Values>;

  // In the commit that shows the messages, focus the first invalid field (in the order of the form).
  const [focusRequest, setFocusRequest] = useState(0);
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    // data-invalid: a control that stands for fields the form shows without one (a link to change them).
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, [focusRequest]);

  // On a server-rendered page a visitor may type before the form's code runs: keep what they
  // typed (the fields hold it; the form's values do not yet).
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    for (const name of names) {
      const control = element.elements.namedItem(name);
      const typed = (control instanceof HTMLInputElement && control.type !== 'checkbox') || control instanceof HTMLTextAreaElement;
      if (typed && control.value !== '' && form.getValues(keyOf(name)) === '') setValue(keyOf(name), control.value as never);
    }
    // Once, when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A message shows once its field has been left or the form sent; one given by the page (a
  // server's answer, the address's parameters) shows at once.
  const shownError = (key: string): string | undefined => {
    const state = form.getFieldState(key, formState);
    const given = state.error?.type === 'server';
    return state.isTouched || formState.isSubmitted || given ? state.error?.message : undefined;
  };
  const textProps = (key: string, name: string, value: string): FieldProps<Name> => {
    const { onChange, onBlur, ref } = register(key);
    return {
      name: name as Name,
      value,
      error: shownError(key),
      onChange: (event) => void onChange({ target: { name: key, value: event.target.value }, type: 'change' }),
      onBlur: () => void onBlur({ target: { name: key, value: form.getValues(key) }, type: 'blur' }),
      ref,
    };
  };
  const field = (name: NamesOf<Widen<Values>, string>): FieldProps<Name> => textProps(keyOf(name), name, values[name] as string);

  const check = (name: NamesOf<Widen<Values>, boolean>): CheckProps<Name> => {
    const key = keyOf(name);
    const { onChange, onBlur, ref } = register(key);
    return {
      name: name as string as Name,
      checked: values[name] as boolean,
      onChange: (event) => void onChange({ target: { name: key, value: event.target.checked }, type: 'change' }),
      onBlur: () => void onBlur({ target: { name: key, value: form.getValues(key) }, type: 'blur' }),
      ref,
    };
  };

  const error = (name: string): string | undefined => {
    const key = errorKey(name, rowNames);
    if (rowNames.has(name)) return formState.isSubmitted || (get(formState.errors, key) as FieldError | undefined)?.type === 'server' ? messageAt(formState.errors, key) : undefined;
    return shownError(key);
  };

  const fieldKeys = new Set<string>(names.map(keyOf));
  const otherErrors = Object.entries(formState.errors)
    .filter(([key]) => !fieldKeys.has(key))
    .map(([, found]) => (found && typeof found.message === 'string' ? found.message : ''))
    .filter(Boolean);

  // In a submit: the messages of fields show and the first is focused. Outside one (`showErrors`),
  // the focus stays, and the others are kept for `otherErrors` too.
  const showServerErrors = (errors: Readonly<Record<string, string>>, inSubmit = true): string[] => {
    const known = new Set<string>(names);
    const isMine = (key: string) => known.has(key) || rowNames.has(key.split('.')[0] ?? '');
    const mine = Object.entries(errors).filter(([key]) => isMine(key));
    for (const [name, message] of mine) setError(errorKey(name, rowNames), { type: 'server', message });
    if (!inSubmit) for (const [name, message] of Object.entries(errors)) if (!isMine(name)) setError(keyOf(name), { type: 'server', message });
    if (mine.length && inSubmit) setFocusRequest((n) => n + 1);
    return Object.entries(errors)
      .filter(([key]) => !isMine(key))
      .map(([, message]) => message);
  };

  const toForm = (next: Widen<Values>) => Object.fromEntries(names.map((name) => [keyOf(name), next[name]]));
  const reset = (next: Widen<Values>) => form.reset(toForm(next));

  const submit = handleSubmit(
    (data) => onValid(data, { showServerErrors, reset }),
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
    check,
    error,
    otherErrors,
    setValue: (name, value) => setValue(keyOf(name), value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
    reset,
    changed: formState.isDirty,
    showErrors: (errors) => showServerErrors(errors, false),
    submit: () => formRef.current?.requestSubmit(),
    clearErrors: () => form.clearErrors(),
    recheck: (...rechecked) => void trigger(rechecked.map(keyOf)),
    fieldAt: (path) => textProps(path, path, (get(watched, path) as string | undefined) ?? ''),
    control: control as Control<FieldValues, unknown, unknown>,
    formProps: { ref: formRef, noValidate: true, method: 'post', onSubmit, onFocus },
    submitting: formState.isSubmitting,
    ready,
    loadError,
  };
}

/** The rows of one row field of a form: each with a stable key, added and removed as one. */
export interface Rows<Name extends string, R extends Row> {
  rows: readonly { key: string; index: number; values: R }[];
  /** Props for one field of a row: `field(2, 'text')` is `questions.2.text`. */
  field: (index: number, part: keyof R & string) => FieldProps<Name>;
  add: (row: R) => void;
  remove: (index: number) => void;
  /** The message about the rows as a whole (too few, too many), once the form has been sent. */
  error: string | undefined;
}

/**
 * The rows of a form's row field (react-hook-form's useFieldArray): rows come and go, and the
 * schema's messages about a row's field (`questions.2.text`) show under that field.
 */
export function useRows<Name extends string, Values extends Readonly<Record<Name, unknown>>, K extends NamesOf<Values, readonly Row[]>>(
  form: KitForm<Name, Values>,
  name: K,
): Rows<Name, Values[K] extends readonly (infer R extends Row)[] ? R : never> {
  type R = Values[K] extends readonly (infer T extends Row)[] ? T : never;
  const { fields, append, remove } = useFieldArray({ control: form.control as Control<FieldValues>, name });
  const current = (form.values[name] ?? []) as readonly R[];
  return {
    rows: fields.map((row, index) => ({ key: row.id, index, values: current[index] ?? ({} as R) })),
    field: (index, part) => form.fieldAt(`${name}.${index}.${part}`),
    add: (row) => append(row as never),
    remove: (index) => remove(index),
    error: form.error(name),
  };
}

/** A filter form: the kit's form, with selects that apply as soon as they change. */
export interface FilterForm<Name extends string> extends KitForm<Name> {
  /** Props for a select applied as soon as it changes (with the rest of the form, checked first). */
  choose: (name: Name) => FieldProps<Name>;
}

const asTyped = { safeParse: (values: unknown) => ({ success: true as const, data: values }) };

/**
 * A list's search and filters kept in the address. The form starts from the address's values
 * (`address`) and follows them when the address changes (back/forward, a link); sending it hands
 * the values (which include the fields' text) to `apply`, which writes them into the address.
 * With a schema (the API's, same messages) the values are checked first and a message shows under
 * its field; `errors` are the messages of the address's own values, shown at once.
 */
export function useFilterForm<Name extends string, Output = Readonly<Record<Name, string>>>(
  address: Readonly<Record<Name, string>>,
  apply: (values: Output) => void,
  options: { schema?: FormSchema<Output>; errors?: Readonly<Record<string, string>> } = {},
): FilterForm<Name> {
  const names = Object.keys(address) as Name[];
  const keyOfValues = (values: Readonly<Record<string, unknown>>) => JSON.stringify(names.map((name) => values[name]));
  const addressKey = keyOfValues(address);
  // Applied values not yet in the address: when the address reaches one of them, it is this form's
  // own doing and the form (which may already hold a newer choice) is left as it is.
  const pending = useRef<string[]>([]);
  // The values are text: the form is the kit's plain `KitForm<Name>`.
  const form = useForm<Name, Output>(options.schema ?? (asTyped as FormSchema<Output>), address, (values) => {
    const key = keyOfValues(values as Readonly<Record<string, unknown>>);
    if (key !== addressKey) pending.current.push(key);
    apply(values);
  }) as unknown as KitForm<Name>;
  const errorsKey = JSON.stringify(options.errors ?? {});
  const shown = useRef<{ address: string; errors: string } | null>(null);
  useEffect(() => {
    const before = shown.current;
    shown.current = { address: addressKey, errors: errorsKey };
    if (before && before.address !== addressKey) {
      const own = pending.current.indexOf(addressKey);
      if (own >= 0) pending.current.splice(0, own + 1);
      else {
        pending.current = [];
        form.reset(address);
      }
    }
    if (!before || before.errors !== errorsKey) form.showErrors(JSON.parse(errorsKey) as Record<string, string>);
    // Only when the address (or its messages) change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressKey, errorsKey]);
  const choose = (name: Name): FieldProps<Name> => {
    const props = form.field(name as never);
    return {
      ...props,
      onChange: (event) => {
        props.onChange(event);
        form.submit();
      },
    };
  };
  return { ...form, choose };
}
