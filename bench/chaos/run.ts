/**
 * npm run chaos: two instances of the product on a PostgreSQL of the run's own, under a bounded
 * mixed load, through a SIGKILL mid-batch, a cut of the database connections, a PostgreSQL
 * restart and a rolling SIGTERM restart. Prints what was lost, applied twice, seen by clients,
 * emailed twice, and the ledger's reconciliation; exits 1 on a loss, a duplicated money effect,
 * a duplicate email from a graceful stop or a ledger that does not reconcile (docs/performance.md).
 * Everything it starts is stopped and removed on every way out (end, error, Ctrl-C, time limit).
 */
import { freePort } from '../../apps/api/src/test/server-process';
import { checkEmails, checkMoney, outboxState, type Window } from './check';
import { ChaosClient } from './client';
import { startFleet, type Fleet, type Instance, type StopResult } from './instances';
import { Load } from './load';
import { startCluster, type Cluster } from './postgres';
import { failures, render, type Figures } from './report';
import { prepare } from './setup';
import { startSmtpSink, type SmtpSink } from '../../apps/api/src/test/smtp-sink';

const LIMIT_MS = Number(process.env.CHAOS_LIMIT_SECONDS ?? 300) * 1000;
const CUSTOMERS = 16;
const LIMITS = {
  workers: Number(process.env.CHAOS_WORKERS ?? 6),
  perSecond: Number(process.env.CHAOS_OPS_PER_SECOND ?? 10),
  maxOps: Number(process.env.CHAOS_MAX_OPS ?? 3000),
  maxStatements: 6,
};
const STEADY_MS = 5_000;
const SETTLE_MS = 4_000;
const DRAIN_WITHIN_MS = 45_000;
const APP_PREFIX = 'lu-chaos-';

const started = Date.now();
const say = (line: string) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: Cluster | undefined;
let destroyCluster: (() => void) | undefined;
let sink: SmtpSink | undefined;
let fleet: Fleet | undefined;
let cleaned = false;

async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  await fleet?.stopAll().catch(() => {});
  await sink?.close().catch(() => {});
  destroyCluster?.();
}

// Last resort (an exit from anywhere): no process or cluster outlives the run.
process.on('exit', () => {
  for (const instance of fleet?.instances ?? []) instance.server.child.kill('SIGKILL');
  if (!cleaned) destroyCluster?.();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping everything the run started`);
    void cleanUp().finally(() => process.exit(130));
  });
}
const deadline = setTimeout(() => {
  say(`the run passed its limit of ${LIMIT_MS / 1000} s: stopping`);
  void cleanUp().finally(() => process.exit(2));
}, LIMIT_MS);
deadline.unref();

let phase = 'setup';
const windows: Window[] = [];
const enter = (name: string, kind: Window['kind']) => {
  phase = name;
  windows.push({ phase: name, kind, from: Date.now() });
  say(`phase: ${name}`);
};

/** Waits until every instance is serving again (a supervisor restart may be under way). */
async function allUp(within = 120_000): Promise<void> {
  const until = Date.now() + within;
  while (!fleet!.instances.every((i) => i.up)) {
    if (Date.now() > until) throw new Error('an instance did not come back');
    await sleep(200);
  }
}

async function drainOutbox(): Promise<Figures['outbox']> {
  const until = Date.now() + DRAIN_WITHIN_MS;
  for (;;) {
    const state = await outboxState(cluster!.url);
    if (state.pending === 0 || Date.now() > until) return state;
    await sleep(500);
  }
}

async function reconcileReport(instance: Instance, session: string): Promise<Figures['reconcile']> {
  try {
    const res = await fetch(`${instance.url}/api/admin/ledger/reconcile`, { headers: { cookie: `lu_session=${session}` } });
    if (!res.ok) return { ok: false, error: `HTTP ${res.status}: ${await res.text()}` };
    return (await res.json()) as { ok: boolean; problems: unknown[] };
  } catch (err) {
    return { ok: false, error: String(err) };
  }
}

async function main(): Promise<number> {
  say('starting PostgreSQL');
  cluster = await startCluster((destroy) => (destroyCluster = destroy));
  sink = await startSmtpSink(await freePort());
  say(`PostgreSQL on port ${cluster.port}, SMTP sink on port ${sink.port}; migrating and making ${CUSTOMERS} customers`);
  const people = await prepare(cluster.url, CUSTOMERS);
  say('starting two instances');
  fleet = await startFleet(
    cluster.url,
    sink.port,
    2,
    () => phase,
    (f) => (fleet = f),
  );
  const [a, b] = fleet.instances as [Instance, Instance];
  const client = new ChaosClient(fleet.instances, () => phase);
  const load = new Load(client, people, LIMITS, () => phase);
  const stops: { name: string; result: StopResult }[] = [];

  enter('steady', 'steady');
  load.start();
  await sleep(STEADY_MS);

  enter('kill', 'sigkill');
  // Mid-batch: when the job runners have a batch of emails to send (bounded wait).
  for (let i = 0; i < 50 && (await outboxState(cluster.url)).pending < 20; i++) await sleep(200);
  await fleet.sigkill(a);
  say(`${a.name} killed (SIGKILL) with ${load.attempted} operations so far; starting it again`);
  await fleet.start(a);
  await sleep(SETTLE_MS);

  enter('db cut', 'database');
  const terminated = await cluster.terminate(APP_PREFIX);
  say(`${terminated} database connections of the app terminated`);
  await sleep(SETTLE_MS);
  await allUp();

  enter('db restart', 'database');
  cluster.restart();
  say('PostgreSQL restarted');
  await sleep(SETTLE_MS);
  await allUp();

  enter('rolling restart', 'graceful');
  for (const instance of [a, b]) {
    const result = await fleet.sigterm(instance);
    stops.push({ name: instance.name, result });
    say(`${instance.name} stopped by SIGTERM: ${result.signal ?? `exit ${result.code}`} after ${(result.ms / 1000).toFixed(1)} s; starting it again`);
    await fleet.start(instance);
    await sleep(SETTLE_MS / 2);
  }

  phase = 'drain';
  await load.stop();
  await allUp();
  say(`load stopped after ${load.attempted} operations; outbox ${JSON.stringify(await outboxState(cluster.url))}; waiting for it to drain`);
  const outbox = await drainOutbox();
  // The last sends reach the sink just after their rows are marked done.
  await sleep(1_000);
  const reconcile = await reconcileReport(b, people.admin.session);
  const money = await checkMoney(cluster.url, load.ops);
  const emails = checkEmails(sink.received, windows);
  const figures: Figures = {
    seconds: (Date.now() - started) / 1000,
    ops: load.ops,
    errors: client.errors,
    money,
    emails,
    outbox,
    reconcile,
    stops,
    unexpectedExits: fleet.unexpectedExits,
    terminated,
  };
  process.stdout.write(render(figures));
  return failures(figures).length ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    say(`the run could not finish: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await cleanUp();
    process.exit(3);
  });
