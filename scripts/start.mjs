// npm start: checks the configuration, builds the web app when its build is missing or older than
// its sources, then runs the API (which migrates, seeds an empty embedded database and serves the
// whole product). The server runs in this process: `npm start` execs it (package.json), so npm's
// shell is not in between and the signals npm passes on reach it (decision 0033).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
register();

const { loadConfig, ConfigError } = await import('../apps/api/src/config.ts');
let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\nFix the variable(s) above and start again.\n`);
  process.exit(1);
}

const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const shell = path.join(config.webDistDir, 'index.html');
// The server renderer of public pages is built with the app, beside it (dist-server/).
const renderer = path.join(path.dirname(config.webDistDir), 'dist-server', 'entry-server.js');
const builtAt = existsSync(shell) && existsSync(renderer) ? Math.min(statSync(shell).mtimeMs, statSync(renderer).mtimeMs) : 0;
if (builtAt === 0 || webInputs.some((input) => newestMtime(input) > builtAt)) {
  process.stdout.write(builtAt === 0 ? 'Building the web app…\n' : 'Web app sources changed: rebuilding…\n');
  // Always a production build, whatever NODE_ENV this server runs with (the browser tests start it
  // with NODE_ENV=test): a development build of React is slower and its server renderer needs
  // React's development runtime.
  const result = spawnSync('npm', ['run', 'build', '-w', '@landunits/web'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    process.stderr.write('The web app did not build; see the messages above.\n');
    process.exit(result.status ?? 1);
  }
}

await import('../apps/api/src/server.ts');

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
