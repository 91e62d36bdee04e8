/** Display formats of SPEC §9. Money arrives as integer cents and is never turned into a float. */

export type Currency = 'GBP' | 'USD' | 'EUR' | 'AUD';

export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  GBP: '£',
  USD: '$',
  EUR: '€',
  AUD: 'A$',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export type DateFormat = 'DD/MM/YYYY' | 'YYYY-MM-DD' | 'DD MMM YYYY';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a date in UTC (prices and schedules change at 00:00 UTC). */
export function formatDate(value: Date | string | number, format: DateFormat = 'DD/MM/YYYY'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  const d = pad(date.getUTCDate());
  const m = date.getUTCMonth();
  const y = pad(date.getUTCFullYear(), 4);
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${pad(m + 1)}/${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${pad(m + 1)}-${d}`;
    case 'DD MMM YYYY':
      return `${d} ${MONTHS[m]} ${y}`;
  }
}

/**
 * The one way screens show a day: '28 Nov 2026' (UTC), the same in every locale. A calendar day
 * (YYYY-MM-DD) is read as that day; an instant as its UTC day. Files and API values keep
 * YYYY-MM-DD (`formatDate(x, 'YYYY-MM-DD')`).
 */
export function formatDay(value: Date | string | number): string {
  return formatDate(value, 'DD MMM YYYY');
}

/** The one way screens show a moment: '28 Nov 2026, 14:05 UTC'. */
export function formatDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return `${formatDay(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;

/** 'nov', 'november' or 'sept' → its number (1-12); undefined for anything else. */
function monthNumber(name: string): number | undefined {
  const index = MONTH_NAMES.findIndex((full) => name === full || name === full.slice(0, 3) || (name === 'sept' && full === 'september'));
  return index < 0 ? undefined : index + 1;
}

/** The calendar day y-m-d as YYYY-MM-DD, or null when there is no such day (31 Feb). */
function calendarDay(y: number, m: number, d: number): string | null {
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y);
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * A day as a person types it, read the same whatever the browser's locale, as YYYY-MM-DD; null
 * when it is not a real day. Accepted: '28 Nov 2026' (and 'November', '28-nov-2026', '28 Nov,
 * 2026'), day first with numbers ('28/11/2026', '28.11.2026', '28-11-2026', '28 11 2026') and
 * '2026-11-28'. Numbers are never read month first: '11/28/2026' is no day.
 */
export function parseDay(text: string): string | null {
  const value = text.trim().toLowerCase();
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(value);
  if (numeric) return calendarDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = /^(\d{1,2})[\s-]*([a-z]{3,9})\.?[\s,-]*(\d{4})$/.exec(value);
  const month = named ? monthNumber(named[2] as string) : undefined;
  if (named && month) return calendarDay(Number(named[3]), month, Number(named[1]));
  return null;
}

/** "27/11/2026 14:05 (UTC)": when a hold ends, as emails and answers state it. */
export function formatMoment(date: Date): string {
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(date, 'DD/MM/YYYY')} ${hh}:${mm} (UTC)`;
}

/**
 * A whole number with its digits in groups of three, as en-US writes it: -1234567n → '-1,234,567'.
 * By hand rather than Intl.NumberFormat: building a formatter costs tens of milliseconds on a phone
 * while the first page is being hydrated, for what is one regular expression over exact digits.
 */
function grouped(value: bigint): string {
  const digits = (value < 0n ? -value : value).toString();
  return `${value < 0n ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

function toBigInt(value: number | bigint, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return BigInt(value);
}

/** 123456 cents, 'GBP' → '£1,234.56'; negative amounts get a leading minus: '-£0.05'. */
export function formatMoney(cents: number | bigint, currency: Currency): string {
  const value = toBigInt(cents, 'cents');
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = grouped(abs / 100n);
  const fraction = String(abs % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${CURRENCY_SYMBOLS[currency]}${whole}.${fraction}`;
}

/** Units are whole numbers: 12345 → '12,345'. */
export function formatUnits(units: number | bigint): string {
  return grouped(toBigInt(units, 'units'));
}

/** A count of Units in words: 1 → '1 Unit', 12345 → '12,345 Units'. */
export function formatUnitCount(units: number | bigint): string {
  const value = toBigInt(units, 'units');
  return `${grouped(value)} Unit${value === 1n ? '' : 's'}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Rounds an exact decimal (string, or a number written in plain notation) half-up (away from zero)
 * to 6 places, working on digits so no binary float error can creep in. '1.2345675' → '1.234568'.
 */
export function round6(value: string | number): string {
  return roundDecimal(value, 6);
}

export function roundDecimal(value: string | number, places: number): string {
  const text = typeof value === 'number' ? plainNumber(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal number: ${String(value)}`);
  const [, sign = '', intPart = '0', fracPart = ''] = match;
  const digits = BigInt(intPart + fracPart.padEnd(places + 1, '0').slice(0, places + 1));
  const rounded = (digits + 5n) / 10n;
  const str = rounded.toString().padStart(places + 1, '0');
  const whole = str.slice(0, str.length - places) || '0';
  const frac = str.slice(str.length - places);
  const isZero = rounded === 0n;
  return `${sign && !isZero ? '-' : ''}${whole}${places > 0 ? `.${frac}` : ''}`;
}

function plainNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * What a number input keeps of what was typed: leading zeros go ('007' → '7', '00.5' → '0.5'),
 * a lone zero stays.
 */
export function stripLeadingZeros(input: string): string {
  return input.replace(/^(-?)0+(?=\d)/, '$1');
}

/** U+2212, the minus sign people read in figures (a hyphen is easy to miss next to a symbol). */
const MINUS = '\u2212';

/**
 * Money with an explicit sign, for gains and losses: 700 cents, 'GBP' → '+£7.00',
 * -350 → '−£3.50' (U+2212), 0 → '£0.00'. The sign carries the meaning, so colour never has to.
 */
export function formatSignedMoney(cents: number | bigint, currency: Currency): string {
  const value = toBigInt(cents, 'cents');
  if (value === 0n) return formatMoney(0n, currency);
  return value > 0n ? `+${formatMoney(value, currency)}` : `${MINUS}${formatMoney(-value, currency)}`;
}

/**
 * A percentage given as a decimal string ('7.00', '-3.5'), with an explicit sign and the given
 * number of places, rounded half-up on its digits: '7' → '+7.00%', '-3.456' → '−3.46%', '0' → '0.00%'.
 */
export function formatSignedPercent(percent: string, places = 2): string {
  const rounded = roundDecimal(percent, places);
  const negative = rounded.startsWith('-');
  const abs = negative ? rounded.slice(1) : rounded;
  if (/^[0.]+$/.test(abs)) return `${abs}%`;
  return `${negative ? MINUS : '+'}${abs}%`;
}

/**
 * A Unit price (a decimal string with up to 6 places, as the API sends it) in its currency, rounded
 * half-up to `places` on its digits. Screens show 4 places: ('1.150273', 'GBP') → '£1.1503'; a
 * breakdown a reader checks figure by figure (an order's, an invoice, the admin's price settings)
 * shows all 6: ('1.070000', 'GBP', 6) → '£1.070000'. Decision 0064.
 */
export function formatPrice(price: string, currency: Currency, places = 4): string {
  const rounded = roundDecimal(price, places);
  const negative = rounded.startsWith('-');
  const [whole = '0', fraction] = (negative ? rounded.slice(1) : rounded).split('.');
  const text = `${grouped(BigInt(whole))}${fraction === undefined ? '' : `.${fraction}`}`;
  return `${negative ? '-' : ''}${CURRENCY_SYMBOLS[currency]}${text}`;
}
