import { parseArgs } from 'node:util';
import { EmailSchema } from '@landunits/domain';
import { loadConfig } from '../config';
import { resetSecondFactors } from '../modules/auth';
import { systemClock } from '../platform/clock';
import { openDatabaseOrExit } from './open-database';

/**
 * npm run admin:reset-second-factor -- --email <email> (production: node
 * apps/api/dist/admin-reset-second-factor.mjs): for someone who lost both their authenticator app
 * and every recovery code, once their identity is checked outside the product. The app and codes
 * are removed, every session ends and the person is emailed (docs/operations.md, "Staff second factors").
 */
const USAGE = 'Usage: npm run admin:reset-second-factor -- --email <email>\n';
const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = EmailSchema.safeParse(values.email ?? '');
if (!email.success) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  if (await resetSecondFactors({ db: database.db, clock: systemClock, config }, email.data)) {
    process.stdout.write(
      `The authenticator app and recovery codes of ${email.data} are removed and every session ended. They sign in with their password at ${config.publicUrl}/login and set up a new app.\n`,
    );
  } else {
    process.stderr.write(`No account has the email ${email.data}.\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
