import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./admin-create.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run admin:create', () => {
  it('creates a confirmed admin with a role (OWNER by default), refuses a second one with the same email, an unknown role, and checks the password rules', async () => {
    const created = await run(['--email', 'Root@Example.com', '--password', 'Sturdy123']);
    expect(created.output).toContain('Admin root@example.com (OWNER) created');
    expect(created.code).toBe(0);

    const finance = await run(['--email', 'money@example.com', '--password', 'Sturdy123', '--role', 'FINANCE']);
    expect(finance.output).toContain('Admin money@example.com (FINANCE) created');
    expect(finance.code).toBe(0);

    const badRole = await run(['--email', 'boss@example.com', '--password', 'Sturdy123', '--role', 'SUPERUSER']);
    expect(badRole.code).toBe(2);
    expect(badRole.output).toContain('Unknown admin role "SUPERUSER": use one of OWNER, COMPLIANCE, FINANCE, SUPPORT.');

    const again = await run(['--email', 'root@example.com', '--password', 'Sturdy123']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('An account with the email root@example.com already exists.');

    const weak = await run(['--email', 'other@example.com', '--password', 'short']);
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 6 characters');

    const usage = await run([]);
    expect(usage.code).toBe(2);

    const db = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ email: string; admin_role: string; verified: boolean }>('select email, admin_role, email_verified_at is not null as verified from users order by email');
    await db.close();
    expect(rows).toEqual([
      { email: 'money@example.com', admin_role: 'FINANCE', verified: true },
      { email: 'root@example.com', admin_role: 'OWNER', verified: true },
    ]);
    // Six cold starts of the command (TypeScript loader, migrations on a new embedded database):
    // seconds each on a busy 2-core machine.
  }, 180_000);
});
