import { formatDateTime } from '@landunits/domain';

import { errorMessage, isApiError } from '../api/api-error';

/** What the admin settings sections share: their query root, how a moment reads, a form's failure. */

/** Every settings query; a decision refreshes them all (and the prices the site shows). */
export const SETTINGS_ROOT = ['admin', 'settings'] as const;

/** '21 Nov 2026, 10:05 UTC'. */
export const whenText = (iso: string): string => formatDateTime(iso);

/**
 * What a settings form says under itself when saving failed: the server's field messages it has no
 * field for, or the error's message when none was shown on a field; '' when the fields show it all.
 */
export function formFailure(error: unknown, showServerErrors: (errors: Readonly<Record<string, string>>) => string[]): string {
  const others = isApiError(error) ? showServerErrors(error.errors) : [];
  const shown = isApiError(error) && Object.keys(error.errors).length > others.length;
  if (others.length) return others.join(' ');
  return shown ? '' : errorMessage(error);
}
