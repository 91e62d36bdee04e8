import { loadConfig } from '../config';
import { reencryptStoredFiles } from '../modules/backups';
import { createFileStore } from '../platform/storage';
import { openDatabaseOrExit } from './open-database';

/**
 * npm run files:reencrypt (production: node apps/api/dist/reencrypt-files.mjs): every encrypted
 * stored file written again under the first key of FILE_ENCRYPTION_KEYS, step 3 of a key rotation
 * (docs/operations.md). Safe to run while the server runs on PostgreSQL; the embedded database
 * needs its data folder to itself. Exit code 1 when a file could not be rewritten.
 */
if (process.argv.length > 2) {
  process.stderr.write('Usage: npm run files:reencrypt (no arguments; it uses the server settings)\n');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabaseOrExit(config);
const started = Date.now();
try {
  const store = createFileStore(config, (message) => process.stderr.write(`${message}\n`));
  const firstKey = config.storage.encryptionKeys?.[0]?.id ?? 'the development key';
  const report = await reencryptStoredFiles(store, database, (done, total) => {
    if (done % 100 === 0 || done === total) process.stdout.write(`  ${done} of ${total} stored files\n`);
  });
  process.stdout.write(
    `${report.rewritten} encrypted files rewritten under ${firstKey}, ${report.unencrypted} unencrypted files left as they are${report.removed > 0 ? `, ${report.removed} replaced by their owner meanwhile and deleted again` : ''}, in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
  if (report.problems.length > 0) {
    process.stderr.write(`${report.problems.length} files were left as they are:\n${report.problems.map((p) => `  ${p}`).join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
