import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The entry of a minimal React 19 page, gzip -9 (measured once; docs/performance.md). */
export const MINIMAL_REACT_PAGE_BYTES = 68_700;
/** The public pages' budget: 1.5 × the minimal React page (issue #30, item 9). */
export const INITIAL_JS_BUDGET_BYTES = 1.5 * MINIMAL_REACT_PAGE_BYTES;

/**
 * The JavaScript a first visit to / downloads before anything lazy: the entry script and every
 * module it preloads, as written in the built index.html, gzipped.
 */
export function initialJs(distDir: string): { files: string[]; gzipBytes: number } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(match[1] as string);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(match[1] as string);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) refs.add(match[1] as string);
  const files = [...refs];
  const gzipBytes = files.reduce((sum, ref) => sum + gzipSync(readFileSync(path.join(distDir, ref)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}
