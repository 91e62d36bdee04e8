import { decodeStream, IMAGE_ONLY_FILTERS, isDecodableFilter, PdfFilterError } from './pdf-filters';
import { decodeName, nameOf, parseValue, PdfSyntaxError, skipWhite, type PdfValue } from './pdf-objects';

/**
 * Names that make a PDF do something rather than show something: scripts, launching programs,
 * opening or embedding other files, embedded media, forms that send or import data, XFA forms. A
 * PDF naming any of them anywhere is refused. `Encrypt` is refused too: an encrypted PDF hides its
 * streams from this check.
 */
export const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'GoToR',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'SubmitForm',
  'ImportData',
  'XFA',
  'Encrypt',
]);

/**
 * Action types (`/S`) refused when run without a click, by the document's open action
 * (`/OpenAction`) or an additional action (`/AA`, on the document, a page, a field or an
 * annotation), following `/Next`. A link the person clicks may still open a web address (`/URI`).
 */
export const PDF_AUTOMATIC_ACTIONS_REFUSED: ReadonlySet<string> = new Set(['JavaScript', 'Launch', 'GoToR', 'GoToE', 'SubmitForm', 'ImportData', 'URI']);

/** How much decoded stream content one PDF may produce while it is checked; more is refused. */
export const PDF_INFLATE_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * Object definitions one PDF may hold (in the file and its object streams together); more is
 * refused unread. Scans and statements hold hundreds to a few thousand; the cap bounds the work
 * a crafted file can cause on the main thread.
 */
export const PDF_MAX_OBJECTS = 50_000;

/** `%%EOF` must fall within this many bytes of the end (the same tolerance PDF readers give). */
const EOF_WINDOW = 1024;

/** A PDF name: `/` then regular characters (PDF 32000-1 §7.3.5), `#xx` escapes decoded later. */
// eslint-disable-next-line no-control-regex -- NUL is PDF white space, so it ends a name
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]+)/g;
const OBJECT = /\d+\s+\d+\s+obj\b/;
const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;
/** The `stream` keyword after a dictionary, with its end of line. */
const STREAM_KEYWORD = />>\s*stream(?:\r\n|\n|\r)/g;

class Refused extends Error {}

interface StreamObject {
  dict: Map<string, PdfValue>;
  /** Where its data starts (after the keyword's end of line). */
  start: number;
}

/**
 * Whether `bytes` is a complete PDF without active content (decision 0017, 0035). Complete: at
 * least one object and `%%EOF` at the end. Without active content:
 * - no name of PDF_ACTIVE_NAMES, plain or `#xx`-escaped, in the file or in any decoded stream;
 * - every stream's filters are ones the check decodes (FlateDecode, ASCIIHexDecode, ASCII85Decode,
 *   LZWDecode, RunLengthDecode) or, last in the chain of a stream that is not an object or XRef
 *   stream, an image-only one; predictors only on images and XRef streams;
 * - no open or additional action (PDF_AUTOMATIC_ACTIONS_REFUSED), objects in object streams
 *   included, every definition of an object number considered (incremental updates).
 * Decoded content past the budget is refused unread.
 */
export function isSafeCompletePdf(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0 || eof < text.length - EOF_WINDOW || !OBJECT.test(text)) return false;
  // A crafted file can make the reader give up on many objects; those errors need no stack trace
  // (capturing one is most of their cost). Synchronous, so nothing else runs meanwhile.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    checkPdf(text);
    return true;
  } catch (error) {
    if (error instanceof Refused || error instanceof PdfFilterError || error instanceof PdfSyntaxError) return false;
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function checkPdf(text: string): void {
  refuseActiveNames(text);
  const objects = new Map<number, PdfValue[]>();
  const streams: StreamObject[] = [];
  indexObjects(text, objects, streams);
  const endstreams = [...text.matchAll(/endstream/g)].map((m) => m.index);
  const attributed = new Set(streams.map((s) => s.start));
  for (const match of text.matchAll(STREAM_KEYWORD)) {
    if (!attributed.has(match.index + match[0].length)) throw new Refused('a stream outside any object the check could read');
  }
  const budget = { left: PDF_INFLATE_BUDGET_BYTES };
  for (const stream of streams) checkStream(text, stream, objects, budget, endstreams);
  // One set for the whole file: an action object is checked once however many point at it.
  const checked = new Set<number>();
  for (const definitions of objects.values()) for (const value of definitions) findAutomaticActions(value, objects, checked, 0);
}

function refuseActiveNames(text: string): void {
  for (const [, raw] of text.matchAll(NAME)) {
    if (PDF_ACTIVE_NAMES.has(decodeName(raw!))) throw new Refused(`names ${raw}`);
  }
}

/**
 * Every `N G obj` in the file, keeping every definition. Each object is read only up to the next
 * object header, so no crafted file makes the reading of its objects more than linear.
 */
function indexObjects(text: string, objects: Map<number, PdfValue[]>, streams: StreamObject[]): void {
  const headers = [...text.matchAll(OBJECT_HEADER)];
  if (headers.length > PDF_MAX_OBJECTS) throw new Refused('too many objects');
  headers.forEach((match, i) => {
    const at = match.index + match[0].length;
    const piece = text.slice(at, headers[i + 1]?.index ?? text.length);
    let parsed;
    try {
      parsed = parseValue(piece, 0);
    } catch {
      refuseIfActionsUnread(piece.slice(0, 4096));
      return;
    }
    add(objects, Number(match[1]), parsed.value);
    if (parsed.value.kind !== 'dict') return;
    const after = skipWhite(piece, parsed.end);
    const keyword = /^stream(\r\n|\n|\r)/.exec(piece.slice(after, after + 8));
    if (keyword) streams.push({ dict: parsed.value.entries, start: at + after + keyword[0].length });
  });
}

/** An object the check could not read is refused when it may hold an open or additional action. */
function refuseIfActionsUnread(text: string): void {
  const end = text.indexOf('endobj');
  for (const [, raw] of (end < 0 ? text : text.slice(0, end)).matchAll(NAME)) {
    const name = decodeName(raw!);
    if (name === 'OpenAction' || name === 'AA') throw new Refused('an action the check could not read');
  }
}

function add(objects: Map<number, PdfValue[]>, num: number, value: PdfValue): void {
  const definitions = objects.get(num);
  if (definitions) definitions.push(value);
  else objects.set(num, [value]);
}

/** A value with its references followed: every definition of the object (or the value itself). */
function resolve(value: PdfValue | undefined, objects: Map<number, PdfValue[]>): PdfValue[] {
  if (!value) return [];
  if (value.kind !== 'ref') return [value];
  return (objects.get(value.num) ?? []).filter((v) => v.kind !== 'ref');
}

function filtersOf(dict: Map<string, PdfValue>, objects: Map<number, PdfValue[]>): string[] {
  const [filter, ...others] = resolve(dict.get('Filter'), objects);
  if (!filter) return [];
  if (others.length) throw new Refused('a filter defined twice');
  if (filter.kind === 'name') return [filter.name];
  if (filter.kind !== 'array') throw new Refused('a filter that is not a name');
  return filter.items.map((item) => {
    const name = nameOf(resolve(item, objects)[0]);
    if (name === null) throw new Refused('a filter that is not a name');
    return name;
  });
}

function usesPredictor(dict: Map<string, PdfValue>, objects: Map<number, PdfValue[]>): boolean {
  const params = resolve(dict.get('DecodeParms'), objects);
  const all = params.flatMap((p) => (p.kind === 'array' ? p.items.flatMap((item) => resolve(item, objects)) : [p]));
  return all.some((p) => p.kind === 'dict' && resolve(p.entries.get('Predictor'), objects).some((v) => v.kind !== 'int' || v.value > 1));
}

function checkStream(text: string, stream: StreamObject, objects: Map<number, PdfValue[]>, budget: { left: number }, endstreams: readonly number[]): void {
  const { dict, start } = stream;
  const type = nameOf(resolve(dict.get('Type'), objects)[0]);
  const holdsObjects = type === 'ObjStm' || type === 'XRef';
  const isImage = nameOf(resolve(dict.get('Subtype'), objects)[0]) === 'Image';
  // Data kept in another file (/F): the reader would fetch it from outside.
  if (dict.has('F') || dict.has('FFilter')) throw new Refused('stream data in an outside file');
  const filters = filtersOf(dict, objects);
  const unknown = filters.find((f) => !isDecodableFilter(f) && !IMAGE_ONLY_FILTERS.has(f));
  if (unknown) throw new Refused(`the filter ${unknown}, which the check cannot decode`);
  const imageFilter = filters.findIndex((f) => IMAGE_ONLY_FILTERS.has(f));
  if (imageFilter >= 0 && (holdsObjects || imageFilter !== filters.length - 1)) throw new Refused('an image filter on a stream that is not an image');
  if (!isImage && type !== 'XRef' && usesPredictor(dict, objects)) throw new Refused('a predictor on a stream that is not an image');
  // Where the data ends: by its /Length (as a reader would) and at `endstream` (as a lenient reader would).
  const ends = new Set<number>();
  ends.add(firstAtOrAfter(endstreams, start) ?? text.length);
  for (const length of resolve(dict.get('Length'), objects)) {
    if (length.kind === 'int' && start + length.value <= text.length) ends.add(start + length.value);
  }
  let decodedOnce = false;
  for (const end of ends) {
    let decoded;
    try {
      decoded = decodeStream(Buffer.from(text.slice(start, end), 'latin1'), filters, budget.left);
    } catch (error) {
      if (error instanceof PdfFilterError && !error.overBudget) continue;
      throw error;
    }
    decodedOnce = true;
    budget.left -= decoded.bytes.length;
    if (budget.left < 0) throw new Refused('decoded content past the budget');
    const content = decoded.bytes.toString('latin1');
    refuseActiveNames(content);
    if (type === 'ObjStm') indexObjectStream(content, dict, objects);
  }
  // Data that does not decode: a reader could not show it either, but objects must be read.
  if (!decodedOnce && holdsObjects) throw new Refused('an object stream the check could not decode');
}

/** The first of the sorted `positions` at or after `at` (binary search). */
function firstAtOrAfter(positions: readonly number[], at: number): number | undefined {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle]! < at) low = middle + 1;
    else high = middle;
  }
  return positions[low];
}

/** The objects of an object stream: N pairs "number offset", then the objects from /First. */
function indexObjectStream(content: string, dict: Map<string, PdfValue>, objects: Map<number, PdfValue[]>): void {
  const first = dict.get('First');
  if (first?.kind !== 'int') throw new Refused('an object stream without a direct /First');
  const numbers = content.slice(0, first.value).trim().split(/\s+/).filter(Boolean).map(Number);
  // Each object is read up to the next one's offset (offsets sorted, each read once): linear work.
  const offsets = [...new Set(numbers.filter((n, i) => i % 2 === 1 && Number.isInteger(n) && n >= 0))].sort((a, b) => a - b);
  let total = 0;
  for (const definitions of objects.values()) total += definitions.length;
  if (total + offsets.length > PDF_MAX_OBJECTS) throw new Refused('too many objects');
  const read = new Map<number, PdfValue | null>();
  offsets.forEach((offset, i) => {
    const piece = content.slice(first.value + offset, offsets[i + 1] === undefined ? content.length : first.value + offsets[i + 1]!);
    try {
      read.set(offset, parseValue(piece, 0).value);
    } catch {
      refuseIfActionsUnread(piece.slice(0, 4096));
      read.set(offset, null);
    }
  });
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    const value = read.get(numbers[i + 1]!);
    if (value) add(objects, numbers[i]!, value);
  }
}

/** Refuses an /OpenAction or /AA anywhere in `value` that runs code or reaches outside. */
function findAutomaticActions(value: PdfValue, objects: Map<number, PdfValue[]>, checked: Set<number>, depth: number): void {
  if (depth > 64) throw new Refused('nesting too deep');
  if (value.kind === 'array') for (const item of value.items) findAutomaticActions(item, objects, checked, depth + 1);
  if (value.kind !== 'dict') return;
  for (const [key, entry] of value.entries) {
    if (key === 'OpenAction') checkAction(entry, objects, checked);
    else if (key === 'AA') {
      for (const triggers of resolve(entry, objects)) {
        if (triggers.kind === 'dict') for (const action of triggers.entries.values()) checkAction(action, objects, checked);
      }
    } else findAutomaticActions(entry, objects, checked, depth + 1);
  }
}

/** An action (or a destination, which is harmless) and every action after it (/Next). */
function checkAction(value: PdfValue, objects: Map<number, PdfValue[]>, seen: Set<number>): void {
  if (value.kind === 'ref') {
    if (seen.has(value.num)) return;
    seen.add(value.num);
  }
  for (const action of resolve(value, objects)) {
    if (action.kind === 'array') {
      for (const item of action.items) if (item.kind === 'dict' || item.kind === 'ref') checkAction(item, objects, seen);
      continue;
    }
    if (action.kind !== 'dict') continue;
    for (const type of resolve(action.entries.get('S'), objects)) {
      if (type.kind === 'name' && PDF_AUTOMATIC_ACTIONS_REFUSED.has(type.name)) throw new Refused(`an automatic ${type.name} action`);
    }
    const next = action.entries.get('Next');
    if (next) checkAction(next, objects, seen);
  }
}
