import { fieldErrors, type FormMode } from '@landunits/domain';
import { useLayoutEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { FormSchema } from '../../shared/lib/use-form';

/** Flat field names with dots for nested groups (`address.townCity`), as the API's errors name them. */
export type Values = Readonly<Record<string, string>>;

/** `{'address.townCity': 'Leeds'}` → `{address: {townCity: 'Leeds'}}`. */
export function nest(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

/**
 * The state of a verification form: draft ("Save") and submit ("Submit for review") modes checked
 * by the domain schema of each mode. A field shows its message once left, then follows the typing;
 * an attempt shows every message of its mode and focuses the first invalid control of the form
 * (fields and files alike, in the order of the page). Server field errors go under their fields.
 */
export function useVerificationForm<Output>(initial: Values, schemaFor: (mode: FormMode) => FormSchema<Output>) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Readonly<Record<string, boolean>>>({});
  const [mode, setMode] = useState<FormMode>('draft');
  const [server, setServer] = useState<Readonly<Record<string, string>>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const names = Object.keys(initial);

  const anyTouched = Object.values(touched).some(Boolean);
  const clientErrors = useMemo(() => {
    if (!anyTouched) return {};
    const result = schemaFor(mode).safeParse(nest(values));
    return result.success ? {} : fieldErrors(result.error);
  }, [anyTouched, schemaFor, mode, values]);

  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const field = (name: string): BoundField => ({
    name,
    value: values[name] ?? '',
    error: touched[name] ? (server[name] ?? clientErrors[name]) : undefined,
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (server[name] !== undefined) setServer(({ [name]: _dropped, ...rest }) => rest);
    },
    onBlur: () => {
      if (!touched[name]) setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  /**
   * Checks the form for `mode`. Returns the parsed values, or null (messages shown, first invalid
   * control focused) when the form or `otherProblems` (e.g. a missing document) has any.
   */
  const attempt = (next: FormMode, otherProblems = false): Output | null => {
    setMode(next);
    setTouched(Object.fromEntries(names.map((name) => [name, true])));
    setServer({});
    const result = schemaFor(next).safeParse(nest(values));
    if (!result.success || otherProblems) {
      setFocusRequest((n) => n + 1);
      return null;
    }
    return result.data;
  };

  /** Puts the server's field errors under this form's fields; returns those of other keys. */
  const showServerErrors = (errors: Readonly<Record<string, string>>): Record<string, string> => {
    const known = new Set(names);
    const mine = Object.entries(errors).filter(([key]) => known.has(key));
    setServer(Object.fromEntries(mine));
    setTouched((current) => ({ ...current, ...Object.fromEntries(mine.map(([key]) => [key, true])) }));
    setFocusRequest((n) => n + 1);
    return Object.fromEntries(Object.entries(errors).filter(([key]) => !known.has(key)));
  };

  /** Focuses the first invalid control after the next render (e.g. a file refused by the server). */
  const focusFirstInvalid = () => setFocusRequest((n) => n + 1);

  const changed = names.some((name) => (values[name] ?? '') !== (initial[name] ?? ''));

  /** Spread on the <form>: its element (to find the first invalid control); validation is ours. */
  const formProps = { ref: formRef, noValidate: true, method: 'post' } as const;

  return { values, field, attempt, showServerErrors, focusFirstInvalid, formProps, changed };
}
