import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { COMPILED_SERVER_ENTRY, freePort, instanceEnv, startServer, waitForHealth, type RunningServer } from '../apps/api/src/test/server-process';
import { checkMigrations } from '../apps/api/src/platform/db/migration-rules';

/**
 * npm run test:upgrade: a rolling upgrade from the previous release, on PostgreSQL.
 *
 * 1. The previous release (deploy/previous-release names its commit) is taken from git and
 *    installed in a scratch folder; it migrates a new database and adds its demo content.
 * 2. This release's migrations are checked (released ones unchanged, new ones only expand unless
 *    marked `-- contract:`) and applied by the compiled migrate tool, as a deploy would.
 * 3. Both releases then serve the one database side by side, as during a rolling deploy: the
 *    previous release's own smoke checks run against its server, this release's against its own,
 *    and the previous release's again (now reading what this release wrote).
 * 4. Both stop on SIGTERM and must exit 0.
 * The database is dropped and the scratch folder removed at the end, whatever happened. The
 * previous release's installed copy is kept in UPGRADE_CACHE_DIR (~/.cache/landunits-upgrade),
 * under its commit, for the next run: installing it takes 20 s to a minute and a half, reusing it nothing.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.UPGRADE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const started = Date.now();

function say(line: string): void {
  process.stdout.write(`[upgrade ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}\n`);
}

function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): string {
  // Bounded: a command that hangs fails the check (and its clean-up runs) instead of holding CI.
  const result = spawnSync(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 5 * 60_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) failed with ${result.status ?? result.signal}:\n${output}`);
  return output;
}

/** The commit the upgrade starts from: the first line of deploy/previous-release that is not a comment. */
function previousRelease(): string {
  const line = readFileSync(path.join(root, 'deploy/previous-release'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('#'));
  if (!line) throw new Error('deploy/previous-release names no commit');
  const commit = line.split(/\s+/)[0]!;
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root, stdio: 'ignore' });
  } catch {
    throw new Error(`the previous release ${commit} is not in this clone's history (a shallow clone? fetch it, or clone with its history)`);
  }
  return commit;
}

/** Sign-in details from the demo seed's output: the `email:` line of `who` and the `password:` line after it. */
function credentials(output: string, email: string): { email: string; password: string } {
  const match = new RegExp(`^ +email: +${email.replace(/\./g, '\\.')}\\r?\\n +password: +(\\S+)`, 'm').exec(output);
  if (!match) throw new Error(`the previous release's seed printed no password for ${email}:\n${output}`);
  return { email, password: match[1]! };
}

/**
 * The previous release, installed: its files from git and its locked dependencies (`npm ci`), in
 * the cache folder under its commit. A copy left half-made by an interrupted run lacks the marker
 * and is made again; copies of other commits are removed.
 */
function installedRelease(commit: string): string {
  const cache = process.env.UPGRADE_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'landunits-upgrade');
  const dir = path.join(cache, commit);
  const marker = path.join(dir, '.installed');
  mkdirSync(cache, { recursive: true });
  // Only copies of releases (a commit, or one half-made) are removed: the folder may be shared.
  for (const name of readdirSync(cache)) if (/^[0-9a-f]{40}(\.making)?$/.test(name) && name !== commit) rmSync(path.join(cache, name), { recursive: true, force: true });
  if (existsSync(marker)) {
    say(`previous release ${commit.slice(0, 12)}: installed copy reused`);
    return dir;
  }
  const making = `${dir}.making`;
  rmSync(dir, { recursive: true, force: true });
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making);
  execFileSync('bash', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(making)}`], { cwd: root });
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: making });
  writeFileSync(path.join(making, '.installed'), `${new Date().toISOString()}\n`);
  renameSync(making, dir);
  say(`previous release ${commit.slice(0, 12)}: taken from git and installed`);
  return dir;
}

async function stop(name: string, server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null) throw new Error(`${name} had already exited with ${server.child.exitCode}:\n${server.output()}`);
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, new Promise<'late'>((r) => setTimeout(() => r('late'), 30_000))]);
  if (code === 'late') {
    server.child.kill('SIGKILL');
    throw new Error(`${name} did not stop within 30 s of SIGTERM:\n${server.output()}`);
  }
  if (code !== 0) throw new Error(`${name} exited with ${code} after SIGTERM:\n${server.output()}`);
  say(`${name} stopped cleanly on SIGTERM`);
}

const commit = previousRelease();
const scratch = mkdtempSync(path.join(tmpdir(), 'landunits-upgrade-'));
const dataDir = path.join(scratch, 'data');
const database = `landunits_upgrade_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
const servers: RunningServer[] = [];
let failed = false;

try {
  mkdirSync(dataDir);
  const previous = installedRelease(commit);

  await admin.connect();
  await admin.query(`create database ${database}`);
  const seeded = run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed.ts'], { cwd: previous, env: { DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir } });
  const owner = credentials(seeded, 'admin@landunits.example');
  const customer = credentials(seeded, 'demo@landunits.example');
  say('the previous release migrated a new database and added its demo content');

  const migrations = checkMigrations(path.join(previous, 'apps/api/src/platform/db/migrations'), path.join(root, 'apps/api/src/platform/db/migrations'));
  say(`migrations: ${migrations.released} released and unchanged; new, each only expanding or marked as a contract: ${migrations.added.join(', ') || 'none'}`);
  run('npm', ['run', 'build:api', '--silent'], { cwd: root });
  const migrated = run(process.execPath, [path.join(root, 'apps/api/dist/migrate.mjs')], { cwd: root, env: { DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'warn' } });
  say(`this release's compiled migrate tool: ${migrated.trim()}`);

  const [previousPort, currentPort] = [await freePort(), await freePort()];
  const previousServer = startServer(instanceEnv(databaseUrl, 'upgrade-previous', previousPort, dataDir), path.join(previous, 'apps/api/src/server.ts'));
  const currentServer = startServer(instanceEnv(databaseUrl, 'upgrade-current', currentPort, dataDir), COMPILED_SERVER_ENTRY);
  servers.push(previousServer, currentServer);
  const previousUrl = `http://127.0.0.1:${previousPort}`;
  const currentUrl = `http://127.0.0.1:${currentPort}`;
  await Promise.all([waitForHealth(previousUrl, previousServer, 60_000), waitForHealth(currentUrl, currentServer, 60_000)]);
  say('both releases serve the migrated database side by side');

  const smokeEnv = { SMOKE_CUSTOMER_EMAIL: customer.email, SMOKE_CUSTOMER_PASSWORD: customer.password, SMOKE_ADMIN_EMAIL: owner.email, SMOKE_ADMIN_PASSWORD: owner.password };
  const previousSmoke = path.join(previous, 'scripts/smoke-check.mjs');
  let previousHasSmoke = true;
  try {
    readFileSync(previousSmoke);
  } catch {
    previousHasSmoke = false;
  }
  const smokeOfPrevious = previousHasSmoke ? previousSmoke : path.join(root, 'scripts/smoke-check.mjs');
  if (!previousHasSmoke) say("the previous release has no smoke checks of its own: this release's run against it");
  for (const [label, script, url] of [
    ["the previous release's smoke checks, against its server", smokeOfPrevious, previousUrl],
    ["this release's smoke checks, against its server", path.join(root, 'scripts/smoke-check.mjs'), currentUrl],
    ["the previous release's smoke checks again, after this release wrote", smokeOfPrevious, previousUrl],
  ] as const) {
    say(label);
    process.stdout.write(run(process.execPath, [script, url], { cwd: root, env: smokeEnv }));
  }

  await Promise.all([stop('the previous release', previousServer), stop('this release', currentServer)]);
  say('upgrade check passed');
} catch (err) {
  failed = true;
  process.stderr.write(`upgrade check failed: ${err instanceof Error ? err.message : String(err)}\n`);
  for (const server of servers) if (server.child.exitCode === null) process.stderr.write(`--- a server's output:\n${server.output()}\n`);
} finally {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
