import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, webBuildExists, type Config } from './config';
import { seedSiteContent } from './modules/site-content';
import { openDatabaseOrExit } from './cli/open-database';
import { trackConnections } from './platform/http/connections';
import { isLoopbackUrl } from './platform/http/loopback';
import { seedDemoContent } from './platform/db/seed';
import { DEMO_SEEDERS } from './demo-content';
import { serializeRequest } from './platform/http/log-redaction';

const SHUTDOWN_GRACE_MS = 9_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nFix the variable(s) above and start again.\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
// Another process on the embedded database's folder stops this start with the lock's message.
const database = await openDatabaseOrExit(config);
/** A start that fails after the database is open still closes it (and its data folder lock). */
const closeAndThrow = async (err: unknown): Promise<never> => {
  await database.close().catch(() => {});
  throw err;
};

async function prepareDatabase() {
  const migrations = await database.migrate();
  // Demo content (admins and customers with printed passwords, demo orders and pages) is for a
  // newcomer's embedded database only: never in production, where the first admin comes from
  // `admin:create` (decision 0041), and never on PostgreSQL.
  const demo = database.driver === 'pglite' && !config.isProduction;
  const seeded = demo ? await seedDemoContent(database, DEMO_SEEDERS) : { seeded: false, notes: [] };
  // The website's demo news and team: idempotent on its own, so it also fills an embedded database
  // seeded before the website had them.
  const siteNotes = demo ? await seedSiteContent(database.db) : [];
  return { migrations, seeded, siteNotes };
}
const { migrations, seeded, siteNotes } = await prepareDatabase().catch(closeAndThrow);

const app = await buildApp({
  config,
  database,
  logger: {
    level: config.logLevel,
    // Tokens of email links never reach the log.
    serializers: { req: serializeRequest },
    ...(config.isProduction || !process.stdout.isTTY ? {} : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }),
  },
}).catch(closeAndThrow);
const connections = trackConnections(app.server);
app.log.info(
  { applied: migrations.applied, total: migrations.total },
  migrations.applied > 0 ? `migrations: ${migrations.applied} applied, ${migrations.total} in all` : `migrations: up to date (${migrations.total})`,
);

// Every way out (signal, uncaught error) closes the database; the process exit also drops the lock.
closeWithGrace({ delay: SHUTDOWN_GRACE_MS + config.drainDelayMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down: finishing requests in flight');
  // /readyz answers 503 "draining" from now on. With DRAIN_DELAY_MS the server goes on serving for
  // that long, so a load balancer sees it and stops sending new work before connections close.
  app.readiness.drain();
  if (!err && config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
  // Connections with nothing being answered (silent, or headers half sent) would hold the close
  // until their timeout; near the end of the grace, whatever is left (a trickled upload) is cut.
  connections.closeUnanswered();
  const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS - 2_000);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    await database.close();
  }
  app.log.info('stopped: requests and jobs finished, database closed');
});

try {
  await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
} catch (err) {
  app.log.error({ err }, `could not listen on ${config.host}:${config.port}`);
  await database.close();
  process.exit(1);
}

const where = database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const devTools = config.devTools
  ? 'on: /dev/mail and TEST MODE card payments (the mail viewer answers only this machine)'
  : config.isProduction
    ? 'off (production)'
    : isLoopbackUrl(config.publicUrl)
      ? 'off (DEV_TOOLS=off)'
      : 'off: PUBLIC_URL is not a loopback address (DEV_TOOLS=on allows them on a staging site)';
const lines = [
  '',
  `  Land Units is running at ${config.publicUrl}`,
  `  Database: ${where}`,
  `  Dev tools: ${devTools}`,
  ...(webBuildExists(config) ? [] : ['  The web app is not built: run `npm run build` (npm start does it for you).']),
  ...seeded.notes.map((n) => `  ${n}`),
  ...siteNotes.map((n) => `  ${n}`),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
