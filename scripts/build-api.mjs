// npm run build:api: compiles the API (server, command-line tools, the PDF render thread) into plain
// JavaScript in apps/api/dist, so production starts with `node` alone: no TypeScript compiler at
// start (decision 0041). esbuild bundles the API's own code and the shared domain package; every
// other package stays an import from node_modules, as installed by `npm ci --omit=dev`.
//
// Every entry and shared chunk lands in one build folder (apps/api/dist-<id>, reached through the
// apps/api/dist link), at the same depth as apps/api/src, so the paths the code finds from its own
// file (the repository root, ./migrations, ./pdf-worker.mjs) mean the same thing compiled as in the
// sources; the migrations are copied beside them.
import { build } from 'esbuild';
import { cpSync, lstatSync, readdirSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
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
  'admin-reset-second-factor': 'src/cli/admin-reset-second-factor.ts',
  jobs: 'src/cli/jobs.ts',
  backup: 'src/cli/backup.ts',
  'reencrypt-files': 'src/cli/reencrypt-files.ts',
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
 * How many builds are kept beside each other (apps/api/dist-<id>): the current one and the ones
 * before it, which servers started earlier may still be running.
 */
const KEPT_BUILDS = 3;

/**
 * Builds into a folder of its own (apps/api/dist-<id>), then points apps/api/dist at it in one
 * step (a new symbolic link renamed over the old one). Node runs a module from its real path, so
 * a server already running goes on loading its later files (PDF render threads, the XLSX writer)
 * from its own build, never half of another; two builds at once each end complete. The last
 * KEPT_BUILDS builds are kept.
 */
export async function buildApi({ quiet = false } = {}) {
  const started = Date.now();
  const target = path.join(api, `dist-${Date.now().toString(36)}-${process.pid}`);
  await build({
    absWorkingDir: api,
    entryPoints: API_ENTRIES,
    outdir: target,
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
  cpSync(path.join(api, 'src/platform/db/migrations'), path.join(target, 'migrations'), { recursive: true });
  const link = `${outdir}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(path.basename(target), link);
  // A dist folder from before builds were kept side by side is replaced once.
  if (lstatSync(outdir, { throwIfNoEntry: false })?.isDirectory()) rmSync(outdir, { recursive: true, force: true });
  renameSync(link, outdir);
  const builds = readdirSync(api)
    .filter((name) => name.startsWith('dist-'))
    .map((name) => ({ name, at: statSync(path.join(api, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEPT_BUILDS)) if (old.name !== path.basename(target)) rmSync(path.join(api, old.name), { recursive: true, force: true });
  if (!quiet) process.stdout.write(`API compiled into ${path.relative(root, target)} (apps/api/dist) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
