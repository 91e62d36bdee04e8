import { parseArgs } from 'node:util';
import { JOB_MESSAGES } from '@landunits/domain/contracts';
import { loadConfig } from '../config';
import { decideFailedJob, jobQueueView, type JobDecision } from '../modules/job-queue';
import { findActiveUserByEmail } from '../modules/users';
import { AppError } from '../platform/http/app-error';
import { openDatabaseOrExit } from './open-database';

/**
 * npm run jobs -- list
 * npm run jobs -- retry <id> --as <owner's email>
 * npm run jobs -- discard <id> --as <owner's email>
 *
 * The job queue from the command line, as /admin/jobs shows it. A retry or a discard is recorded in
 * the audit log under the OWNER named by --as, as if done on the page.
 */
const USAGE = 'Usage: npm run jobs -- list | retry <id> --as <owner email> | discard <id> --as <owner email>\n';
const { values, positionals } = parseArgs({ options: { as: { type: 'string' } }, allowPositionals: true });
const [command, idText] = positionals;
const decision: JobDecision | null = command === 'retry' || command === 'discard' ? command : null;
if (!(command === 'list' && positionals.length === 1) && !(decision && positionals.length === 2 && /^\d{1,15}$/.test(idText ?? '') && values.as)) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const ago = (seconds: number) => (seconds === 0 ? '-' : seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 3600)} h`);

const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  if (decision) {
    const admin = await findActiveUserByEmail(database.db, values.as!);
    if (!admin) throw new AppError('NOT_FOUND', `No active account has the email ${values.as}.`);
    const job = await decideFailedJob(database.db, { id: Number(idText), decision, adminId: admin.id, now: new Date(), requestId: null });
    process.stdout.write(`Job ${job.id} (${job.kind}): ${decision === 'retry' ? JOB_MESSAGES.retried : JOB_MESSAGES.discarded}\n`);
  } else {
    const view = await jobQueueView(database.db, new Date());
    const rows = [['kind', 'waiting', 'running', 'failed', 'oldest waiting'], ...view.kinds.map((k) => [k.kind, String(k.waiting), String(k.running), String(k.failed), ago(k.oldestWaitingSeconds)])];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    process.stdout.write(view.kinds.length === 0 ? 'The queue is empty.\n' : `${rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n')}\n`);
    process.stdout.write(view.failedTotal === 0 ? 'No failed jobs.\n' : `\nFailed jobs (${view.failed.length} newest of ${view.failedTotal}):\n`);
    for (const job of view.failed) {
      process.stdout.write(`  #${job.id} ${job.kind}, ${job.attempts} attempts, failed ${job.failedAt}${job.about ? `, ${job.about}` : ''}\n    ${job.lastError ?? '(no error recorded)'}\n`);
    }
  }
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
