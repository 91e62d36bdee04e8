import type { z } from 'zod';

/**
 * Turns a failed parse into `{field: message}`, first message per field, nested fields written
 * with dots (`address.postcode`). Used by the API's 400 answers and by the forms alike.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
