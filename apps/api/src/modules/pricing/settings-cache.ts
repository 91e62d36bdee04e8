import type { Db } from '../../platform/db/client';

/** How long a process trusts its copy of a settings row before reading it again. */
export const SETTINGS_TTL_MS = 60_000;

/** What a stored settings row is recognised by: a write raises `version` and sets `updatedAt`. */
export interface SettingsRow {
  version: number;
  updatedAt: Date | null;
}

interface Entry<T> {
  /** Bumped by `forget`; a read started before the bump is not kept. */
  generation: number;
  stored?: T;
  /** When `stored` was read, by the caller's clock (ms). */
  checkedAt: number;
  loading?: { generation: number; promise: Promise<T> };
}

const sameRow = (a: SettingsRow, b: SettingsRow) => a.version === b.version && a.updatedAt?.getTime() === b.updatedAt?.getTime();

/**
 * A settings row read at most every SETTINGS_TTL_MS per database handle. A write in this process
 * calls `forget`, so the next read sees it at once; other instances see it within the TTL. While
 * the row is unchanged the same object comes back, so callers can key their own caches on it.
 */
export class SettingsCache<T extends SettingsRow> {
  private readonly entries = new WeakMap<Db, Entry<T>>();

  constructor(private readonly load: (db: Db) => Promise<T>) {}

  private entryOf(db: Db): Entry<T> {
    let entry = this.entries.get(db);
    if (!entry) {
      entry = { generation: 0, checkedAt: 0 };
      this.entries.set(db, entry);
    }
    return entry;
  }

  /** The copy read less than the TTL before `time`, or undefined. Synchronous, for the request path. */
  fresh(db: Db, time: number): T | undefined {
    const entry = this.entries.get(db);
    const stored = entry?.stored;
    // A clock that went back (tests) counts as stale.
    return stored && entry && time >= entry.checkedAt && time - entry.checkedAt < SETTINGS_TTL_MS ? stored : undefined;
  }

  /** Whether `value` is the copy kept for `db` (not a read overtaken by a write). */
  holds(db: Db, value: T): boolean {
    return this.entries.get(db)?.stored === value;
  }

  /** The row in force: the fresh copy, or one read shared by every caller waiting for it. */
  current(db: Db, time: number): T | Promise<T> {
    const fresh = this.fresh(db, time);
    if (fresh) return fresh;
    const entry = this.entryOf(db);
    if (entry.loading?.generation !== entry.generation) {
      const generation = entry.generation;
      const promise = this.load(db)
        .then((read) => {
          if (entry.generation !== generation) return read;
          const kept = entry.stored && sameRow(entry.stored, read) ? entry.stored : read;
          entry.stored = kept;
          entry.checkedAt = time;
          return kept;
        })
        .finally(() => {
          if (entry.loading?.promise === promise) entry.loading = undefined;
        });
      entry.loading = { generation, promise };
    }
    return entry.loading.promise;
  }

  /** Drops the copy for `db` (after a write) and any read still under way. */
  forget(db: Db): void {
    const entry = this.entryOf(db);
    entry.generation += 1;
    entry.stored = undefined;
    entry.loading = undefined;
  }
}
