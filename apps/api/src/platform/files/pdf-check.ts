import { constants, inflateSync } from 'node:zlib';

/**
 * Names that make a PDF do something rather than show something: scripts, launching programs,
 * attached files, embedded media, forms that send or import data, XFA forms. A PDF naming any of
 * them is refused. `Encrypt` is refused too: an encrypted PDF hides its streams from this check.
 */
export const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'SubmitForm', 'ImportData', 'XFA', 'Encrypt']);

/** How much inflated stream content one PDF may produce while it is checked; more is refused. */
export const PDF_INFLATE_BUDGET_BYTES = 64 * 1024 * 1024;

/** `%%EOF` must fall within this many bytes of the end (the same tolerance PDF readers give). */
const EOF_WINDOW = 1024;

/** A PDF name: `/` then regular characters (PDF 32000-1 §7.3.5), `#xx` escapes decoded later. */
// eslint-disable-next-line no-control-regex -- NUL is PDF white space, so it ends a name
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]+)/g;
const OBJECT = /\d+\s+\d+\s+obj\b/;
const STREAM_START = /stream(?:\r\n|\n|\r)/g;

/**
 * Whether `bytes` is a complete PDF without active content. Complete: it has at least one object
 * and ends with `%%EOF` (a header-only or cut-off file does not). Active content: any name of
 * PDF_ACTIVE_NAMES, written plainly or with `#xx` escapes, in the file or inside any stream that
 * inflates with zlib (FlateDecode content and object streams). A stream that does not inflate is
 * not zlib data and is skipped; content past the inflate budget is refused unread.
 */
export function isSafeCompletePdf(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0 || eof < text.length - EOF_WINDOW || !OBJECT.test(text)) return false;
  if (namesActiveContent(text)) return false;
  let budget = PDF_INFLATE_BUDGET_BYTES;
  for (const match of text.matchAll(STREAM_START)) {
    if (text.slice(Math.max(0, match.index - 3), match.index) === 'end') continue;
    let inflated: Buffer;
    try {
      // Sync flush: a stream cut short (or misjudged in length) still yields what it holds, and
      // inflating stops at the end of the zlib data, so the stream's length need not be trusted.
      inflated = inflateSync(bytes.subarray(match.index + match[0].length), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, budget) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
      continue;
    }
    budget -= inflated.length;
    if (budget < 0) return false;
    if (namesActiveContent(inflated.toString('latin1'))) return false;
  }
  return true;
}

function namesActiveContent(text: string): boolean {
  for (const [, raw] of text.matchAll(NAME)) {
    const name = raw!.includes('#') ? raw!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw!;
    if (PDF_ACTIVE_NAMES.has(name)) return true;
  }
  return false;
}
