import { loadConfig } from '../config';
import { createBackup, restoreBackup, verifyBackup } from '../modules/backups';

/**
 * npm run backup -- <folder>          a backup of the database and the local files into a new folder
 * npm run restore -- <folder>         the backup into the configured (empty) database and DATA_DIR
 * npm run backup:verify -- <folder>   restores it into a scratch database and folder and checks it
 *
 * The embedded database needs its data folder to itself: stop the server for a backup or a
 * restore of it (docs/operations.md, "Backups and restores").
 */
const [command, folder, ...rest] = process.argv.slice(2);
if (!['create', 'restore', 'verify'].includes(command ?? '') || !folder || rest.length > 0) {
  process.stderr.write('Usage: npm run backup -- <folder> | npm run restore -- <folder> | npm run backup:verify -- <folder>\n');
  process.exit(2);
}

const config = loadConfig();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
try {
  if (command === 'create') {
    const manifest = await createBackup(config, folder);
    process.stdout.write(
      `Backup written to ${folder} in ${seconds(Date.now() - started)}: the ${manifest.driver === 'pglite' ? 'embedded database' : 'PostgreSQL database'} (${manifest.migrations} migrations, ${manifest.database.bytes} bytes) and ${manifest.files.store === 's3' ? 'no files (they stay in the bucket)' : `${manifest.files.copied.length} stored files`}.\n`,
    );
  } else if (command === 'restore') {
    const manifest = await restoreBackup(config, folder);
    process.stdout.write(`Restored the backup of ${manifest.createdAt} in ${seconds(Date.now() - started)}. Start the server: it applies any newer migrations.\n`);
  } else {
    const report = await verifyBackup(config, folder);
    if (report.problems.length > 0) {
      process.stderr.write(`The backup of ${report.manifest.createdAt} did not verify:\n${report.problems.map((p) => `  ${p}`).join('\n')}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(
        `The backup of ${report.manifest.createdAt} verifies: restored in ${seconds(report.restoreMs)}, the ledger reconciles, and ${report.filesChecked} stored files read back whole (checked in ${seconds(report.checkMs)}).\n`,
      );
    }
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
