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
  it('creates a confirmed admin, refuses a second one with the same email, and checks the password rules', async () => {
    const created = await run(['--email', 'Root@Example.com', '--password', 'Sturdy123']);
    expect(created.output).toContain('Admin root@example.com created');
    expect(created.code).toBe(0);

    const again = await run(['--email', 'root@example.com', '--password', 'Sturdy123']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('An account with the email root@example.com already exists.');

    const weak = await run(['--email', 'other@example.com', '--password', 'short']);
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 6 characters');

    const usage = await run([]);
    expect(usage.code).toBe(2);

    const db = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ email: string; is_admin: boolean; verified: boolean }>(
      'select email, is_admin, email_verified_at is not null as verified from users',
    );
    await db.close();
    expect(rows).toEqual([{ email: 'root@example.com', is_admin: true, verified: true }]);
    // Four cold starts of the command (TypeScript loader, migrations on a new embedded database):
    // seconds each on a busy 2-core machine.
  }, 120_000);
});
