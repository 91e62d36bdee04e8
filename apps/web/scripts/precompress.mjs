// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset in dist/,
// at the highest settings, once. The server sends them to browsers that accept them (see the
// API's site module), so nothing is compressed per request and phones download about a third.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
if (!process.env.WEB_BUILD_QUIET) process.stdout.write(`precompressed ${count} files in ${path.relative(process.cwd(), dist) || 'dist'}\n`);
