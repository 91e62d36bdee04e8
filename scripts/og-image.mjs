// Renders the Open Graph image (the card shown when a link to the site is shared) from
// scripts/og-image.html into apps/web/public/og-image.png, 1200 × 630, with Playwright's Chromium.
//
//   node scripts/og-image.mjs
//
// Run it again after changing the HTML and commit both files; the server's page head points
// og:image at /og-image.png. CHROMIUM_PATH overrides the browser (default /usr/bin/chromium).
// The card uses flat fills so the PNG stays well under 80 kB; the script fails if it does not.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const WIDTH = 1200;
const HEIGHT = 630;
const MAX_BYTES = 80_000;

const html = new URL('./og-image.html', import.meta.url);
const out = fileURLToPath(new URL('../apps/web/public/og-image.png', import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  await page.goto(html.href);
  // Text is drawn in the system's fonts; wait until they are ready (a string: this runs in the page).
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: out, type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
} finally {
  await browser.close();
}

const bytes = statSync(out).size;
process.stdout.write(`${out}: ${WIDTH}×${HEIGHT}, ${(bytes / 1000).toFixed(1)} kB\n`);
if (bytes > MAX_BYTES) {
  process.stderr.write(`The image is larger than ${MAX_BYTES / 1000} kB: simplify scripts/og-image.html.\n`);
  process.exit(1);
}
