import type { fieldErrors } from '@landunits/domain';

type ParseError = Parameters<typeof fieldErrors>[0];

/**
 * What a form needs of a schema: a zod schema from @landunits/domain fits, and so does an object
 * whose `safeParse` turns the form's text into the API's input first and then parses it with the
 * shared schema (news, reference codes, team members).
 */
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

export const isLazy = <Output>(schema: FormSchema<Output> | LazyFormSchema<Output>): schema is LazyFormSchema<Output> => 'load' in schema;

export interface SubmitHelpers {
  /**
   * Shows a server's 400 field errors under their fields and focuses the first one. Returns the
   * messages of fields this form does not have, for the form-level message.
   */
  showServerErrors: (errors: Readonly<Record<string, string>>) => string[];
}
