import type { fieldErrors } from '@landunits/domain';
import type { FormSchema } from '../lib/use-form';

type ParseError = Parameters<typeof fieldErrors>[0];
type Checked = { success: true } | { success: false; error: ParseError };

/**
 * A form schema that checks the form's text (with a domain schema, or a function that maps the
 * text to the API input first) but hands on the text as typed: for dialogs that send what the
 * admin typed and only use the schema for its messages. Without a check every value passes (a
 * decision that needs no reason).
 */
export function checkedText<Values extends Record<string, string>>(check?: (values: Values) => Checked): FormSchema<Values> {
  return {
    safeParse: (input) => {
      const values = input as Values;
      const checked = check ? check(values) : { success: true as const };
      return checked.success ? { success: true, data: values } : { success: false, error: checked.error };
    },
  };
}

/**
 * A form schema over a check that answers the data to send, or the message of each field it
 * found wrong (for a dialog whose one field stands for different inputs of the API).
 */
export function checkedFields<Output>(check: (values: Record<string, string>) => { ok: true; data: Output } | { ok: false; errors: Readonly<Record<string, string>> }): FormSchema<Output> {
  return {
    safeParse: (input) => {
      const checked = check(input as Record<string, string>);
      if (checked.ok) return { success: true, data: checked.data };
      // The issues `fieldErrors` reads: one per field, under the field's name.
      const issues = Object.entries(checked.errors).map(([name, message]) => ({ code: 'custom', path: [name], message }));
      return { success: false, error: { issues } as unknown as ParseError };
    },
  };
}
