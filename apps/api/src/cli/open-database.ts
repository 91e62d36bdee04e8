import type { Config } from '../config';
import { openDatabase, type Database } from '../platform/db/client';
import { DataDirLockedError } from '../platform/db/data-dir-lock';

/** The commands' database; a data folder in use by a running server stops the command with the lock's message. */
export async function openDatabaseOrExit(config: Config): Promise<Database> {
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
