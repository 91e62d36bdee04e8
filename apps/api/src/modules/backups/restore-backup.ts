import { existsSync } from 'node:fs';
import { copyFile, cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { restoreEmbedded } from '../../platform/db/client';
import { localFilesDir } from '../../platform/storage';
import { DEV_KEY_FILE } from '../../platform/storage/encryption';
import { damagedFiles, filesUnder, readManifest, refuseTables, restorePostgres, type BackupManifest } from './store';

/**
 * Restores a backup into the configured database and DATA_DIR. The target must be empty: a new
 * PostgreSQL database, or a DATA_DIR without a database and files. Checked first: the backup's
 * checksums, and that it was made by the same database engine.
 */
export async function restoreBackup(config: Config, from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  const damaged = await damagedFiles(from, manifest);
  if (damaged.length > 0) throw new Error(`The backup is damaged:\n${damaged.join('\n')}`);
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  if (driver !== manifest.driver)
    throw new Error(
      `The backup is of ${manifest.driver === 'pglite' ? 'the embedded database' : 'PostgreSQL'}; this configuration uses ${driver === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`,
    );
  // Nothing is written until both targets are known to be empty.
  if (driver === 'pglite') {
    if ((await filesUnder(path.join(config.dataDir, 'pglite'))).length > 0) throw new Error(`${config.dataDir} already has a database: restore into an empty DATA_DIR (move the old one away first)`);
  } else await refuseTables(config.databaseUrl!);
  const files = localFilesDir(config);
  if (manifest.files.copied.length > 0 && (await filesUnder(files)).length > 0) throw new Error(`${files} already holds files: restore into an empty DATA_DIR`);
  const dump = path.join(from, manifest.database.file);
  if (driver === 'pglite') await restoreEmbedded(config.dataDir, new Blob([await readFile(dump)]));
  else await restorePostgres(config.databaseUrl!, dump);
  if (manifest.files.copied.length > 0) await cp(path.join(from, 'files'), files, { recursive: true });
  if (manifest.devKey && !existsSync(path.join(config.dataDir, DEV_KEY_FILE))) await copyFile(path.join(from, DEV_KEY_FILE), path.join(config.dataDir, DEV_KEY_FILE));
  return manifest;
}
