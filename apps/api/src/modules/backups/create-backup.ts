import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase, recordedMigrations } from '../../platform/db/client';
import { localFilesDir } from '../../platform/storage';
import { DEV_KEY_FILE } from '../../platform/storage/encryption';
import { BACKUP_FORMAT, filesUnder, MANIFEST, runTool, sha256Of, type BackupManifest } from './store';

/**
 * Writes a backup of the configured database and local files into `out` (a new or empty folder).
 * The embedded database needs its data folder to itself: stop the server first (its lock says so).
 */
export async function createBackup(config: Config, out: string): Promise<BackupManifest> {
  if (existsSync(out) && (await readdir(out)).length > 0) throw new Error(`${out} is not empty: back up into a new folder`);
  await mkdir(out, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  let dbFile: string;
  let migrations: number;
  try {
    migrations = await recordedMigrations(database.db);
    if (database.driver === 'pglite') {
      dbFile = 'database.tar.gz';
      await writeFile(path.join(out, dbFile), Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()), { mode: 0o600 });
    } else {
      dbFile = 'database.pgdump';
      await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(out, dbFile), '--dbname', config.databaseUrl!]);
    }
  } finally {
    await database.close();
  }
  const copied: BackupManifest['files']['copied'] = [];
  if (!config.storage.s3) {
    const source = localFilesDir(config);
    for (const relative of await filesUnder(source)) {
      const target = path.join(out, 'files', relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(source, relative), target);
      copied.push({ path: relative, sha256: await sha256Of(target), bytes: (await stat(target)).size });
    }
  }
  const devKey = !config.storage.encryptionKeys && existsSync(path.join(config.dataDir, DEV_KEY_FILE));
  if (devKey) await copyFile(path.join(config.dataDir, DEV_KEY_FILE), path.join(out, DEV_KEY_FILE));
  const dbPath = path.join(out, dbFile);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    driver: database.driver,
    migrations,
    database: { file: dbFile, sha256: await sha256Of(dbPath), bytes: (await stat(dbPath)).size },
    files: { store: config.storage.s3 ? 's3' : 'local', copied },
    devKey,
  };
  await writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
