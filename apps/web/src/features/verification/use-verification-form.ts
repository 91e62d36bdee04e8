import { missingDocuments, modeOf, type DocumentSlot, type fieldErrors, type FormMode, type RequestedStatus } from '@landunits/domain';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm, type FieldProps, type FormSchema, type SubmitHelpers } from '../../shared/lib/use-form';

/** Flat field names with dots for nested groups (`address.townCity`), as the API's errors name them. */
export type Values = Readonly<Record<string, string>>;

/** Props of one text field of a verification form. */
export type BoundField = FieldProps<string>;

type ParseError = Parameters<typeof fieldErrors>[0];

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

export interface VerificationDocuments<Slot extends DocumentSlot> {
  /** The form's document slots. */
  slots: readonly Slot[];
  /** The slots a submission for review needs. */
  required: readonly Slot[];
  /** Whether a document is already uploaded for the slot. */
  uploaded: (slot: Slot) => boolean;
}

export interface VerificationFormOptions<Slot extends DocumentSlot, Output> {
  /** The text fields and their values on file. */
  fields: Values;
  documents: VerificationDocuments<Slot>;
  /** The domain schema of each mode: a draft ("Save") or a submission for review. */
  schemaFor: (mode: FormMode) => FormSchema<Output>;
  /** Fields whose checks read other fields: `{'passport.expiryDate': ['passport.startDate']}`. */
  dependsOn?: Readonly<Record<string, readonly string[]>>;
  /** Runs once the fields and documents pass the checks of the status asked for. */
  onValid: (data: Output, status: RequestedStatus, helpers: SubmitHelpers) => Promise<void> | void;
}

/** Props for a FileField of one document slot. */
export interface DocumentProps {
  chosen: File | null;
  error: string | undefined;
  onChoose: (file: File | null) => void;
  onError: (message: string | undefined) => void;
}

/**
 * A verification form on the form kit: "Save" keeps a draft (Saved) and "Submit for review" asks
 * for everything (Pending), each checked by the domain schema of its mode. The documents are
 * fields of the form too (the chosen file's name stands for it), so 'This document is required.'
 * and the server's messages about a file show under the file like any other field's, and the first
 * invalid control of the page, field or file, is focused. A file's own problems (too large, not a
 * PDF, JPEG or PNG) are found when it is chosen and show until another is chosen.
 */
export function useVerificationForm<Slot extends DocumentSlot, Output>({ fields, documents, schemaFor, dependsOn = {}, onValid }: VerificationFormOptions<Slot, Output>) {
  const { slots, required, uploaded } = documents;
  const [files, setFiles] = useState<Partial<Record<Slot, File | null>>>({});
  const [pickErrors, setPickErrors] = useState<Partial<Record<Slot, string>>>({});
  // The status of the attempt being checked; messages after it follow its mode (a draft before any).
  const status = useRef<RequestedStatus>('Saved');
  const saving = useRef(false);

  const isSlot = (name: string): name is Slot => (slots as readonly string[]).includes(name);
  const schema: FormSchema<Output> = {
    safeParse: (input) => {
      const values = input as Values;
      const mode = modeOf(status.current);
      const result = schemaFor(mode).safeParse(nest(Object.fromEntries(Object.entries(values).filter(([name]) => !isSlot(name)))));
      const missing =
        mode === 'submit'
          ? missingDocuments(
              required,
              slots.filter((slot) => values[slot] || uploaded(slot)),
            )
          : {};
      const missingIssues = Object.entries(missing).map(([slot, message]) => ({ code: 'custom', path: [slot], message }));
      if (result.success && missingIssues.length === 0) return result;
      const issues = [...(result.success ? [] : result.error.issues), ...missingIssues];
      return { success: false, error: { issues } as unknown as ParseError };
    },
  };
  const initial: Values = { ...fields, ...Object.fromEntries(slots.map((slot) => [slot, ''])) };
  const form = useForm<string, Output>(schema, initial, (data, helpers) => onValid(data, status.current, helpers));

  const attempt = (event: FormEvent<HTMLFormElement>) => {
    status.current = saving.current ? 'Saved' : 'Pending';
    saving.current = false;
    form.formProps.onSubmit(event);
  };

  /** "Save": the form is sent as a draft. */
  const save = () => {
    saving.current = true;
    form.formProps.ref.current?.requestSubmit();
  };

  /** Props for a text field; a change checks the fields that depend on it again. */
  const field = (name: string): BoundField => {
    const props = form.field(name);
    const dependents = Object.keys(dependsOn).filter((other) => dependsOn[other]?.includes(name));
    if (!dependents.length) return props;
    return {
      ...props,
      onChange: (event) => {
        props.onChange(event);
        form.recheck(...dependents);
      },
    };
  };

  const document = (slot: Slot): DocumentProps => {
    const field = form.field(slot);
    return {
      chosen: files[slot] ?? null,
      error: pickErrors[slot] ?? field.error,
      onChoose: (file) => {
        setFiles((current) => ({ ...current, [slot]: file }));
        field.onChange({ target: { value: file?.name ?? '' } } as ChangeEvent<HTMLInputElement>);
      },
      onError: (message) => setPickErrors((current) => ({ ...current, [slot]: message })),
    };
  };

  /** After a save: the chosen files were sent (the page now lists them as uploaded). */
  const clearFiles = () => {
    setFiles({});
    setPickErrors({});
  };

  return {
    values: form.values,
    field,
    document,
    files,
    clearFiles,
    save,
    formProps: { ...form.formProps, onSubmit: attempt },
  };
}
