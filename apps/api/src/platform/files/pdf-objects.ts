/**
 * Just enough of PDF's object syntax (PDF 32000-1 §7.3) for the upload check: names (with `#xx`
 * escapes decoded), references, dictionaries and arrays; strings, numbers and keywords are skipped
 * over. The text is the file read as latin1, so one character is one byte.
 */

export type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'int'; value: number }
  | { kind: 'other' };

export class PdfSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfSyntaxError';
  }
}

/** Nesting deeper than this is refused rather than followed. */
const MAX_DEPTH = 64;
// eslint-disable-next-line no-control-regex -- NUL is PDF white space
const WHITE = /[\x00\t\n\f\r ]/;
// eslint-disable-next-line no-control-regex -- NUL is PDF white space, so it ends a token
const DELIMITER = /[\x00\t\n\f\r ()<>[\]{}/%]/;

/** Decodes a name's `#xx` escapes. */
export function decodeName(raw: string): string {
  return raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
}

export function skipWhite(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    if (WHITE.test(text[i]!)) i++;
    else if (text[i] === '%') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else break;
  }
  return i;
}

function token(text: string, at: number): number {
  let i = at;
  while (i < text.length && !DELIMITER.test(text[i]!)) i++;
  return i;
}

/** The value starting at `at` (after white space) and where it ends. */
export function parseValue(text: string, at: number, depth = 0): { value: PdfValue; end: number } {
  if (depth > MAX_DEPTH) throw new PdfSyntaxError('nesting too deep');
  const i = skipWhite(text, at);
  const c = text[i];
  if (c === undefined) throw new PdfSyntaxError('unexpected end');
  if (c === '/') {
    const end = token(text, i + 1);
    return { value: { kind: 'name', name: decodeName(text.slice(i + 1, end)) }, end };
  }
  if (c === '<' && text[i + 1] === '<') return parseDict(text, i + 2, depth);
  if (c === '<') {
    const end = text.indexOf('>', i);
    if (end < 0) throw new PdfSyntaxError('unterminated hex string');
    return { value: { kind: 'other' }, end: end + 1 };
  }
  if (c === '(') return { value: { kind: 'other' }, end: skipLiteralString(text, i) };
  if (c === '[') {
    const items: PdfValue[] = [];
    let j = i + 1;
    for (;;) {
      j = skipWhite(text, j);
      if (text[j] === ']') return { value: { kind: 'array', items }, end: j + 1 };
      const item = parseValue(text, j, depth + 1);
      items.push(item.value);
      j = item.end;
    }
  }
  if (/[0-9+\-.]/.test(c)) {
    const end = token(text, i);
    const word = text.slice(i, end);
    // eslint-disable-next-line no-control-regex -- NUL is PDF white space
    const ref = /^\s+(\d+)\s+R(?=[\s\x00()<>[\]{}/%]|$)/.exec(text.slice(end, end + 32));
    if (/^\d+$/.test(word) && ref) return { value: { kind: 'ref', num: Number(word), gen: Number(ref[1]) }, end: end + ref[0].length };
    return { value: /^\d+$/.test(word) ? { kind: 'int', value: Number(word) } : { kind: 'other' }, end };
  }
  const end = token(text, i);
  if (end === i) throw new PdfSyntaxError(`unexpected ${JSON.stringify(c)}`);
  return { value: { kind: 'other' }, end };
}

function parseDict(text: string, at: number, depth: number): { value: PdfValue; end: number } {
  const entries = new Map<string, PdfValue>();
  let j = at;
  for (;;) {
    j = skipWhite(text, j);
    if (text[j] === '>' && text[j + 1] === '>') return { value: { kind: 'dict', entries }, end: j + 2 };
    const key = parseValue(text, j, depth + 1);
    if (key.value.kind !== 'name') throw new PdfSyntaxError('a dictionary key is not a name');
    const value = parseValue(text, key.end, depth + 1);
    entries.set(key.value.name, value.value);
    j = value.end;
  }
}

/** The end of the literal string starting at `at` (balanced parentheses, backslash escapes). */
function skipLiteralString(text: string, at: number): number {
  let nesting = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') nesting++;
    else if (c === ')' && --nesting === 0) return i + 1;
  }
  throw new PdfSyntaxError('unterminated string');
}

/** A name value's name (null for anything else). */
export function nameOf(value: PdfValue | undefined): string | null {
  return value?.kind === 'name' ? value.name : null;
}
