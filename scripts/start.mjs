// npm start: the compiled product, built first where a build is missing or older than its sources
// (decision 0041). It compiles the API (apps/api/dist, under a second) and checks the
// configuration, builds the web app when needed (about a minute, once), then runs the compiled
// server, which migrates, seeds an empty embedded database and serves the whole product. In
// production it never builds: `npm run build` comes first, and a missing build stops the start.
// The server runs in this process: `npm start` execs it (package.json), so npm's shell is not in
// between and the signals npm passes on reach it (decision 0033).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const production = process.env.NODE_ENV === 'production';
const apiDist = path.join(root, 'apps/api/dist');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}
/** When `outputs` were all built (the oldest one's time); 0 when one is missing. */
function builtAt(outputs) {
  return outputs.every((file) => existsSync(file)) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
}
/** Whether outputs need (re)building from `inputs`: never in production, where a missing build stops the start. */
function needsBuild(what, outputs, inputs) {
  const at = builtAt(outputs);
  if (production) {
    if (at > 0) return false;
    process.stderr.write(`The ${what} is not built: run \`npm run build\` before starting in production.\n`);
    process.exit(1);
  }
  return at === 0 || inputs.some((input) => newestMtime(input) > at);
}

const apiOutputs = ['server.mjs', 'config.mjs', 'pdf-worker.mjs'].map((name) => path.join(apiDist, name));
if (needsBuild('API', apiOutputs, ['apps/api/src', 'packages/domain/src', 'scripts/build-api.mjs'])) {
  const { buildApi } = await import('./build-api.mjs');
  await buildApi({ quiet: true });
}

const { loadConfig, ConfigError } = await import(pathToFileURL(path.join(apiDist, 'config.mjs')).href);
let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\nFix the variable(s) above and start again.\n`);
  process.exit(1);
}

const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];
// The server renderer of public pages is built with the app, beside it (dist-server/).
const webOutputs = [path.join(config.webDistDir, 'index.html'), path.join(path.dirname(config.webDistDir), 'dist-server', 'entry-server.js')];
if (needsBuild('web app', webOutputs, webInputs)) {
  const first = builtAt(webOutputs) === 0;
  process.stdout.write(first ? 'Building the web app (about a minute, once)…\n' : 'The web app changed: rebuilding (about a minute)…\n');
  // Always a production build, whatever NODE_ENV this server runs with (the browser tests start it
  // with NODE_ENV=test): a development build of React is slower and its server renderer needs
  // React's development runtime. Only warnings and errors are printed, not the table of files.
  const result = spawnSync('npm', ['run', 'build', '-w', '@landunits/web', '--silent'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_QUIET: '1' } });
  if (result.status !== 0) {
    process.stderr.write('The web app did not build; see the messages above.\n');
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(path.join(apiDist, 'server.mjs')).href);

// Started by npm: npm passes SIGTERM and SIGINT on to this process, but if npm itself goes away
// without doing so (killed outright, or run in a way that keeps a shell in between) this process
// is re-parented and would keep serving unsupervised. It notices and stops as if sent SIGTERM:
// finishing requests and jobs in flight, closing the database, exiting 0.
if (process.env.npm_lifecycle_event === 'start') {
  const launcher = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(watch);
    process.stderr.write(`npm (process ${launcher}) is gone: stopping.\n`);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}
