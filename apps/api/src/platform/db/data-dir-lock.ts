import { closeSync, openSync, readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) must have one process at a time on its data folder: two servers
 * on one folder both write its files and corrupt the ledger. The first process creates
 * `DATA_DIR/pglite.lock` exclusively, holding its PID and a start marker; another process finds
 * the file and refuses to open the folder. A lock left by a killed process (SIGKILL, power cut)
 * is stale when its PID no longer runs, or runs but is another process (a PID reused after a
 * restart or a reboot: the start marker differs); the next start removes it and takes the lock.
 *
 * PIDs mean nothing across PID namespaces: two containers sharing one DATA_DIR both run the
 * server as PID 1. So the lock also names its holder's place (host name and PID namespace), and
 * the holder touches the file every HEARTBEAT_MS. A lock from another place is judged only by
 * that heartbeat: stale once it has not been touched for STALE_AFTER_MS, refused before.
 */

/** How often the holder touches its lock file, and how old a foreign lock's touch must be to be stale. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

export const LOCK_FILE_NAME = 'pglite.lock';

export interface LockOwner {
  pid: number;
  /** What tells this process apart from a later one with the same PID (boot id + start time). */
  startMarker: string;
  /** When the lock was taken (ISO), for people reading the file. */
  since: string;
  /** Where the PID means something: host name and PID namespace (absent in locks of older versions). */
  place?: string;
}

/** This process's host name and PID namespace: PIDs of locks from elsewhere are not ours to judge. */
export function currentPlace(): string {
  let ns = 'unknown-ns';
  try {
    ns = readlinkSync('/proc/self/ns/pid');
  } catch {
    // not Linux: the host name alone
  }
  return `${hostname()}|${ns}`;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner ? `process ${owner.pid}, since ${owner.since}` : 'another process';
    super(
      `The data folder ${path.dirname(lockFile)} is in use by another Land Units process (${who}): its lock file ${lockFile} is held. ` +
        'Stop that process first, or use another DATA_DIR. (A lock left by a process that no longer runs is removed automatically.)',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if this process still holds it. Safe to call more than once. */
  release(): void;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The machine's boot id (Linux), so a PID from an earlier boot is never mistaken for a live one. */
function bootId(): string {
  return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? 'unknown-boot';
}

/** The start time of a process in clock ticks since boot (Linux /proc), or null where unknown. */
function processStartTicks(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Fields after the command name (which may contain spaces), whose end is the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null; // field 22 of stat: starttime
}

/** The start marker of a process on this machine, as written into the lock file. */
export function startMarkerOf(pid: number): string {
  return `${bootId()}/${processStartTicks(pid) ?? 'unknown-start'}`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string | null): LockOwner | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0 || typeof value.startMarker !== 'string') return null;
    return {
      pid: value.pid,
      startMarker: value.startMarker,
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      ...(typeof value.place === 'string' ? { place: value.place } : {}),
    };
  } catch {
    return null;
  }
}

/** Whether the lock's owner is certainly gone: not running, or its PID now belongs to another process. */
function isStale(file: string, owner: LockOwner | null): boolean {
  // Not a lock we can read: being written right now, or left half-written long ago.
  if (!owner) {
    try {
      return Date.now() - statSync(file).mtimeMs > 5_000;
    } catch {
      return true;
    }
  }
  // Another container or machine: only its heartbeat says whether it still runs.
  if (owner.place !== undefined && owner.place !== currentPlace()) {
    try {
      return Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS;
    } catch {
      return true;
    }
  }
  if (owner.pid === process.pid) return true;
  if (!isRunning(owner.pid)) return true;
  const [ownerBoot, ownerStart] = owner.startMarker.split('/');
  const [, currentStart] = startMarkerOf(owner.pid).split('/');
  if (ownerBoot !== bootId()) return true;
  return ownerStart !== 'unknown-start' && currentStart !== 'unknown-start' && ownerStart !== currentStart;
}

/** The lock files this process holds, with what it wrote into each and its heartbeat. */
const held = new Map<string, { owner: LockOwner; heartbeat: NodeJS.Timeout }>();
let exitHookInstalled = false;

function removeIfOurs(file: string): void {
  const mine = held.get(file);
  if (!mine) return;
  held.delete(file);
  clearInterval(mine.heartbeat);
  // Only the very lock this process wrote: never one another process took after judging ours stale.
  const owner = parseOwner(readOrNull(file));
  if (!owner || owner.pid !== mine.owner.pid || owner.startMarker !== mine.owner.startMarker || owner.place !== mine.owner.place || owner.since !== mine.owner.since) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/**
 * Takes the data folder's lock or throws DataDirLockedError naming the lock file. The lock is
 * released by `release()`, and in any case when the process exits normally; a process killed
 * outright leaves a stale lock that the next start recovers.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  if (held.has(file)) throw new DataDirLockedError(file, parseOwner(readOrNull(file)));
  const owner: LockOwner = { pid: process.pid, startMarker: startMarkerOf(process.pid), since: new Date().toISOString(), place: currentPlace() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${JSON.stringify(owner)}\n`);
      } finally {
        closeSync(fd);
      }
      const heartbeat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(file, now, now);
        } catch {
          // the folder went away; the next start judges what is left
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
      held.set(file, { owner, heartbeat });
      if (!exitHookInstalled) {
        exitHookInstalled = true;
        process.on('exit', () => {
          for (const f of [...held.keys()]) removeIfOurs(f);
        });
      }
      return { file, release: () => removeIfOurs(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = readOrNull(file);
    const current = parseOwner(text);
    if (!isStale(file, current)) throw new DataDirLockedError(file, current);
    // Remove the stale file only if it is still the one judged stale, then try again.
    if (readOrNull(file) === text) {
      try {
        unlinkSync(file);
      } catch {
        // removed meanwhile by another starting process
      }
    }
  }
  throw new DataDirLockedError(file, parseOwner(readOrNull(file)));
}
