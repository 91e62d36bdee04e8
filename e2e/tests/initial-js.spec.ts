import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../../bench/initial-js';
import { expect, test } from './fixtures';

/**
 * The public pages' budget (issue #30, item 9; docs/performance.md): the JavaScript a first visit
 * to / downloads before anything lazy, gzipped, is at most 1.5 × a minimal React page. Read from
 * the build the server under test serves (npm start builds it when missing or older than its
 * sources), so a change that pulls a library into the entry fails here rather than in a later
 * benchmark. A size, not a timing.
 */
test('the initial JavaScript of / stays within 1.5 × a minimal React page', () => {
  const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
  const js = initialJs(path.resolve(dist));
  expect(js.files.length).toBeGreaterThan(0);
  expect(js.gzipBytes, `${js.files.join(', ')}: ${js.gzipBytes} bytes gzipped`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
});
