import { safeNext } from '@landunits/domain';

/**
 * Where to go after signing in: `next` when it is a path of this site, else the fallback.
 * safeNext refuses absolute and protocol-relative addresses; resolving against this origin also
 * refuses what browsers would read as another site (`/\t/evil.example` loses its tab and becomes
 * `//evil.example`).
 */
export function sameSiteNext(next: string | null, fallback: string): string {
  const candidate = safeNext(next, fallback);
  if (candidate === fallback) return fallback;
  try {
    const url = new URL(candidate, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
