import type { ReactNode } from 'react';

/** http(s) addresses in plain text; nothing else becomes a link (no javascript:, no data:). */
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** Plain text with its web addresses turned into links, for a <pre>. */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} rel="noreferrer">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
