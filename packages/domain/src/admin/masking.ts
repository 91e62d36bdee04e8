/**
 * Masking of personal data for admins whose role may read people's accounts but not act on them
 * (SUPPORT and FINANCE: `users.read` without `users.manage`). The server masks before it answers;
 * the browser never receives what it must not show. A reveal (audited) answers unmasked once.
 */

export const PERSONAL_DATA_KINDS = ['email', 'phone', 'identifier', 'date', 'text'] as const;
/**
 * - email: the local part is hidden, the domain kept (support can tell a work address from a mail provider).
 * - phone: all but the last two digits hidden.
 * - identifier: passport, bank account, IBAN, sort code, routing, registration and VAT numbers: all but the last four characters hidden.
 * - date: a date of birth or a passport's dates: hidden whole.
 * - text: an address line, a postcode, a note: hidden whole.
 */
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** The character masked values are made of. */
export const MASK_CHAR = '•';
const hidden = (n: number) => MASK_CHAR.repeat(Math.max(3, Math.min(n, 8)));

/**
 * The one masking rule: what an admin without `users.manage` sees of a personal value of `kind`.
 * Empty values stay empty (nothing was given), so a masked page still shows what is missing.
 */
export function maskPersonalData(kind: PersonalDataKind, value: string): string {
  const text = value.trim();
  if (text === '') return '';
  switch (kind) {
    case 'email': {
      const at = text.lastIndexOf('@');
      if (at <= 0) return hidden(text.length);
      return `${[...text][0]}${hidden(at - 1)}${text.slice(at)}`;
    }
    case 'phone': {
      const digits = text.replace(/\D/g, '');
      return digits.length > 4 ? `${hidden(digits.length - 2)}${digits.slice(-2)}` : hidden(digits.length);
    }
    case 'identifier': {
      const compact = text.replace(/[\s-]+/g, '');
      return compact.length > 6 ? `${hidden(compact.length - 4)}${compact.slice(-4)}` : hidden(compact.length);
    }
    case 'date':
    case 'text':
      return hidden(text.length);
  }
}

/** Every string in a JSON value that looks like an email address, masked (audit before/after, free text). */
export function maskEmailsIn(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g, (email) => maskPersonalData('email', email));
  if (Array.isArray(value)) return value.map(maskEmailsIn);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskEmailsIn(v)]));
  return value;
}
