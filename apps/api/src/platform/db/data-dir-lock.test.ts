import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { currentPlace, lockDataDir, STALE_AFTER_MS } from './data-dir-lock';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lu-lock-'));
  dirs.push(dir);
  return dir;
}

/** A PID that ran and has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

/** Start time of a process in ticks since boot (field 22 of /proc/<pid>/stat). */
function startTicks(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe('embedded database lock', () => {
  it('refuses a second open of the same data folder, naming the lock file, until the first is closed', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir });
    const lockFile = path.join(dir, 'pglite.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(lockFile);
    await first.ping();
    await first.close();
    expect(existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 60_000);

  it('recovers a lock left by a process that no longer runs', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: deadPid(), startMarker: `${bootId()}/1`, since: new Date().toISOString() }));
    const database = await openDatabase({ dataDir: dir });
    expect(JSON.parse(readFileSync(path.join(dir, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    await database.close();
  }, 60_000);

  it('tells a live holder from a reused PID by its start marker', async () => {
    const sleeper = spawn('sleep', ['60']);
    try {
      const pid = sleeper.pid!;
      const dir = dataDir();
      const lockFile = path.join(dir, 'pglite.lock');
      // The PID runs and is the process that wrote the lock: the folder is in use.
      writeFileSync(lockFile, JSON.stringify({ pid, startMarker: `${bootId()}/${startTicks(pid)}`, since: new Date().toISOString() }));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`process ${pid}`);
      // The same PID, but the lock was written by a process started at another time, or on another boot.
      writeFileSync(lockFile, JSON.stringify({ pid, startMarker: `${bootId()}/${Number(startTicks(pid)) - 1000}`, since: new Date().toISOString() }));
      await (await openDatabase({ dataDir: dir })).close();
      writeFileSync(lockFile, JSON.stringify({ pid, startMarker: `another-boot/${startTicks(pid)}`, since: new Date().toISOString() }));
      await (await openDatabase({ dataDir: dir })).close();
    } finally {
      sleeper.kill('SIGKILL');
    }
  }, 60_000);

  it('never judges a lock from another container by its PID: refused while its holder touches it, recovered once it stops', async () => {
    const dir = dataDir();
    const lockFile = path.join(dir, 'pglite.lock');
    // Another container runs its server as PID 1 too: the same PID, another PID namespace.
    const foreign = { pid: 1, startMarker: `${bootId()}/1`, since: new Date().toISOString(), place: 'other-container|pid:[4026532999]' };
    expect(foreign.place).not.toBe(currentPlace());
    writeFileSync(lockFile, JSON.stringify(foreign));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(lockFile);
    // Its holder stopped touching it a while ago: it is gone, and the lock is taken over.
    const old = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    utimesSync(lockFile, old, old);
    const database = await openDatabase({ dataDir: dir });
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, place: currentPlace() });
    await database.close();
  }, 60_000);

  it('releases only the lock it wrote, never one another process has taken since', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    const lockFile = path.join(dir, 'pglite.lock');
    const other = JSON.stringify({ pid: process.pid, startMarker: 'another-boot/1', since: new Date().toISOString(), place: 'other-container|pid:[1]' });
    writeFileSync(lockFile, other);
    lock.release();
    expect(readFileSync(lockFile, 'utf8')).toBe(other);
  });
});
