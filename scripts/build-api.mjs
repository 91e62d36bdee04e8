// npm run build:api: compiles the API (server, command-line tools, the PDF render thread) into plain
// JavaScript in apps/api/dist, so production starts with `node` alone: no TypeScript compiler at
// start (decision 0041). esbuild bundles the API's own code and the shared domain package; every
// other package stays an import from node_modules, as installed by `npm ci --omit=dev`.
//
// Every entry and shared chunk lands in apps/api/dist itself, at the same depth as apps/api/src, so
// the paths the code finds from its own file (the repository root, ./migrations, ./pdf-worker.mjs)
// mean the same thing compiled as in the sources; the migrations are copied beside them.
import { build } from 'esbuild';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const api = path.join(root, 'apps/api');
const outdir = path.join(api, 'dist');

/** The compiled entries: the server, the command-line tools, and the PDF render thread's entry. */
export const API_ENTRIES = {
  server: 'src/server.ts',
  config: 'src/config.ts',
  migrate: 'src/cli/migrate.ts',
  seed: 'src/cli/seed.ts',
  'admin-create': 'src/cli/admin-create.ts',
  jobs: 'src/cli/jobs.ts',
  'pdf-worker': 'src/pdf-worker.ts',
};

/** Our own workspace packages are compiled in; everything else is a package installed beside the build. */
const installedPackagesStayImports = {
  name: 'installed-packages-stay-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@landunits/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds into a fresh folder, then swaps it in whole, so no process ever loads half of one build and
 * half of another: a server already running loads its PDF render thread's entry later, from the
 * folder's name, and finds a complete build there. Two builds at once each swap in a
 * complete folder.
 */
export async function buildApi({ quiet = false } = {}) {
  const started = Date.now();
  const building = `${outdir}.building-${process.pid}`;
  const old = `${outdir}.old-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await build({
    absWorkingDir: api,
    entryPoints: API_ENTRIES,
    outdir: building,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [installedPackagesStayImports],
  });
  cpSync(path.join(api, 'src/platform/db/migrations'), path.join(building, 'migrations'), { recursive: true });
  if (existsSync(outdir)) renameSync(outdir, old);
  try {
    renameSync(building, outdir);
  } catch (err) {
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    rmSync(building, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  if (!quiet) process.stdout.write(`API compiled into ${path.relative(root, outdir)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
