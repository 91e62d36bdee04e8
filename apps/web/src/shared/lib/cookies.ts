/** Tiny helpers around document.cookie for the few non-HttpOnly cookies the browser owns. */

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return item.slice(prefix.length);
  }
  return undefined;
}

/** Writes a cookie whose value is already encoded; Secure is added on https pages. */
export function writeCookie(name: string, encodedValue: string, options: CookieOptions): void {
  const parts = [`${name}=${encodedValue}`, `Max-Age=${options.maxAgeSeconds}`, `Path=${options.path ?? '/'}`, `SameSite=${options.sameSite ?? 'Lax'}`];
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}
