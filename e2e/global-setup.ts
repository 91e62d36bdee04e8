import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/src/test/server-process';
import { CHROMIUM_PATH } from './playwright.config';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A TCP port nothing listens on right now (also used by bench/lighthouse.ts): the API's own helper. */
export { freePort };

/** The demo admins that the server seeds into a fresh embedded database, one per role (see seedDemoAdmin). */
export const DEMO_ADMIN_EMAIL = 'admin@landunits.example';
export const DEMO_ADMINS = {
  OWNER: DEMO_ADMIN_EMAIL,
  FINANCE: 'finance@landunits.example',
  COMPLIANCE: 'compliance@landunits.example',
  SUPPORT: 'support@landunits.example',
} as const;
export type DemoAdminRole = keyof typeof DEMO_ADMINS;

/** The environment variable holding the password of the demo admin with `role` (the OWNER's is E2E_ADMIN_PASSWORD). */
export function adminPasswordVariable(role: DemoAdminRole): string {
  return role === 'OWNER' ? 'E2E_ADMIN_PASSWORD' : `E2E_${role}_PASSWORD`;
}

/** The environment variable holding the authenticator key of the demo admin with `role`. */
export function authenticatorKeyVariable(role: DemoAdminRole): string {
  return `E2E_${role}_AUTHENTICATOR_KEY`;
}

/** A demo admin's authenticator key from the server's output: the `    <email>: <key>` line. */
export function authenticatorKeyIn(output: string, email: string): string | null {
  return new RegExp(`^ +${email.replace(/\./g, '\\.')}: +([A-Z2-7]{16,})\\r?$`, 'm').exec(output)?.[1] ?? null;
}

/**
 * A demo admin's password from the server's output: the `    password: …` line that follows
 * `    email:    <email>` (the demo customer's block has a password line too).
 */
export function adminPasswordIn(output: string, email: string = DEMO_ADMIN_EMAIL): string | null {
  const match = new RegExp(`^ +email: +${email.replace(/\./g, '\\.')}\\r?\\n +password: +(\\S+)`, 'm').exec(output);
  return match?.[1] ?? null;
}

/**
 * Starts `npm start`'s entry (which builds the web app when needed) on a free port with a fresh
 * data folder, waits for /api/health, and stops it after the run. Set E2E_BASE_URL to test a
 * server that is already running instead.
 *
 * The server seeds the demo admins into its fresh database and prints their passwords once; they are
 * kept in E2E_ADMIN_PASSWORD (the OWNER, with E2E_ADMIN_EMAIL) and E2E_FINANCE_PASSWORD,
 * E2E_COMPLIANCE_PASSWORD, E2E_SUPPORT_PASSWORD for the tests that need an admin. With an external
 * E2E_BASE_URL, set E2E_ADMIN_PASSWORD (and E2E_ADMIN_EMAIL if not the demo admin) yourself.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium chromium-headless-shell`);
  }
  process.env.E2E_ADMIN_EMAIL ??= DEMO_ADMIN_EMAIL;
  if (process.env.E2E_BASE_URL) return async () => {};

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-e2e-'));
  // A host name, not an address: WebAuthn (the passkey journeys) refuses IP addresses as its RP ID.
  const baseUrl = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      DEV_CLOCK: 'on',
      // The tests' own API requests (Playwright's request context) reuse kept-alive connections
      // and, unlike a browser, do not retry a request that meets a connection the server closed
      // at that instant (ECONNRESET): the server keeps idle connections longer than any test.
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '300000',
      HTTP_IDLE_TIMEOUT_MS: '300000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server was not ready in time:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // The credentials are printed just after the server starts listening: give the pipe a moment.
  const seededBy = Date.now() + 5_000;
  let adminPassword = adminPasswordIn(output, DEMO_ADMINS.SUPPORT) && adminPasswordIn(output);
  while (!adminPassword && Date.now() < seededBy && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 50));
    adminPassword = adminPasswordIn(output, DEMO_ADMINS.SUPPORT) && adminPasswordIn(output);
  }
  // None with DATABASE_URL (PostgreSQL is never seeded): the tests that need an admin say so.
  if (adminPassword) {
    process.env.E2E_ADMIN_EMAIL = DEMO_ADMIN_EMAIL;
    for (const [role, email] of Object.entries(DEMO_ADMINS) as [DemoAdminRole, string][]) {
      const password = adminPasswordIn(output, email);
      if (password) process.env[adminPasswordVariable(role)] = password;
      const key = authenticatorKeyIn(output, email);
      if (key) process.env[authenticatorKeyVariable(role)] = key;
    }
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
