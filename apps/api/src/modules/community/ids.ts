import { AppError } from '../../platform/http/app-error';

/** An id from the path: digits only (anything else names nothing). */
export function pathIdOf(raw: unknown, notFound: string): number {
  const text = String(raw ?? '');
  const id = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', notFound);
  return id;
}
