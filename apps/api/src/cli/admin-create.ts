import { parseArgs } from 'node:util';
import { ADMIN_ROLES, isAdminRole } from '@landunits/domain';
import { ZodError } from 'zod';
import { loadConfig } from '../config';
import { AdminExistsError, createAdmin } from '../modules/users';
import { openDatabaseOrExit } from './open-database';

/** npm run admin:create -- --email admin@example.com --password 'S3cret…' [--first-name Ada] [--role FINANCE] */
const USAGE = `Usage: npm run admin:create -- --email <email> --password <password> [--first-name <name>] [--role ${ADMIN_ROLES.join('|')}]\n`;
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, role: { type: 'string' } },
});
if (!values.email || !values.password) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const role = values.role ?? 'OWNER';
if (!isAdminRole(role)) {
  process.stderr.write(`Unknown admin role "${role}": use one of ${ADMIN_ROLES.join(', ')}.\n`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  const admin = await createAdmin(database.db, { email: values.email, password: values.password, firstName: values['first-name'], role });
  process.stdout.write(`Admin ${admin.email} (${admin.adminRole}) created. Sign in at ${config.publicUrl}/login\n`);
} catch (err) {
  if (err instanceof AdminExistsError) process.stderr.write(`${err.message}\n`);
  else if (err instanceof ZodError) process.stderr.write(`${err.issues.map((i) => i.message).join('\n')}\n`);
  else throw err;
  process.exitCode = 1;
} finally {
  await database.close();
}
