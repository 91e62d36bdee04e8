import { UNIT_TYPES, type UnitType } from '@landunits/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { reconcile, userHolder } from '../ledger';
import { reservationProblems } from './check-reservations';
import { getJson, giveUnits, signUp } from './test/fixtures';
import { makeAdmin, signIn } from './test/lifecycle';
import { PayOut } from './test/order-model-payout';
import { GBP_ACCOUNT, setBank } from './test/payouts-setup';
import {
  answer,
  clearAnswer,
  clock,
  count,
  adminSession,
  ctx,
  describeOrder,
  emptyHolding,
  expectOk,
  PEOPLE,
  SIGN_IN_AGAIN_AFTER,
  tally,
  TYPES,
  useModelApp,
  type Model,
  type Type,
  type World,
} from './test/order-model';
import { AdminDecision, Buy, CancelOrder, CancelScheduled, Convert, ForeignAction, Replay, ScheduleTransfer, Sell, SuccessOrder, TransferNow, type Cmd, type Noted } from './test/order-model-commands';
import { Advance, drainDueOrders, ToNextDue } from './test/order-model-time';

/**
 * Model-based test of the order life cycles over HTTP (QUALITY.md §Ledger and orders): random
 * sequences of bank buys, "I have sent the payment", cancellations, admin decisions on buys and
 * sells, payouts marked paid with a bank reference, sells, transfers now and tomorrow, cancelled
 * scheduled transfers, conversions GBP↔USD, someone else's actions on an order (404), replayed
 * Idempotency-Keys, and clock jumps (1 h, 1 day, 31 days, or just past the next due order without
 * the job) each followed by the due-orders job,
 * by three people with profile and bank verification Approved, run against the app (app.inject)
 * and against a small model: each person's buckets and holding cost per unit type and each
 * order's status. Every request must get the answer the model predicts (200/201, or 400/404/409),
 * and after every step:
 * - every person's dashboard (GET /api/user) shows the model's buckets and total_value_bought;
 * - every person's getTransactions lists exactly their orders and the transfers to them, with the
 *   model's statuses, and get_order_details of every order shows the model's status;
 * - reconcile() and reservationProblems() find nothing.
 * Each run ends with a 31-day jump, so whatever it left due is done and checked in its own run.
 *
 * The seed is printed; replay with ORDERS_MODEL_SEED=<seed>, or go straight to the shrunk case
 * with ORDERS_MODEL_PATH=<path> and ORDERS_MODEL_REPLAY_PATH=<replayPath> from fast-check's report
 * as well (the clock then starts at START, not where the earlier runs left it). ORDERS_MODEL_RUNS
 * sets the number of runs for a longer soak. A failure's message ends with the log of its run:
 * each step, the order it picked and the answer it got.
 */

// ── Invariants ──────────────────────────────────────────────────────────────────────────────

async function checkInvariants(model: Model, world: World): Promise<void> {
  const label = new Map(model.orders.map((o) => [o.id, o.label]));
  // The reads first, all at once (they change nothing), then the comparisons.
  const people = Array.from({ length: PEOPLE }, (_, p) => p);
  const [dashboards, lists, details] = await Promise.all([
    Promise.all(people.map((p) => getJson(ctx.app, world.sessions[p], '/api/user'))),
    Promise.all(people.map((p) => getJson(ctx.app, world.sessions[p], '/api/order/getTransactions?page=1&pageSize=100'))),
    Promise.all(model.orders.map((o) => getJson(ctx.app, world.sessions[o.owner], `/api/order/get_order_details/${o.id}`))),
  ]);
  for (const p of people) {
    // The dashboard's buckets, every unit type (the ones not used stay empty).
    const me = dashboards[p]!;
    expectOk(me, `GET /api/user p${p}`);
    const analytics = (me.json() as { userDashBoardDetails: { userAnalytics: Record<UnitType, Record<string, unknown>> } }).userDashBoardDetails.userAnalytics;
    for (const type of UNIT_TYPES) {
      const want = (TYPES as readonly string[]).includes(type) ? model.holdings[p]![type as Type] : emptyHolding();
      const got = analytics[type]!;
      expect(
        {
          owned: got.owned,
          pendingBuy: got.pendingBuy,
          pendingSell: got.pendingSell,
          transferQueued: got.transferQueued,
          convertLocked: got.convertLocked,
          owned_DOUBLE_LAND: got.owned_DOUBLE_LAND,
          bonusLocked: got.bonusLocked,
        },
        `p${p} ${type}`,
      ).toEqual({ ...want, owned_DOUBLE_LAND: 0, bonusLocked: 0 });
      // What the Units held cost: never negative, and nothing once nothing is held (the cost leaves with the Units).
      const held = want.owned + want.pendingSell + want.transferQueued + want.convertLocked;
      expect(got.total_value_bought as number, `p${p} ${type} total_value_bought`).toBeGreaterThanOrEqual(0);
      if (held === 0) expect(got.total_value_bought, `p${p} ${type} total_value_bought with nothing held`).toBe(0);
      const cost = (TYPES as readonly string[]).includes(type) ? model.costs[p]![type as Type] : 0n;
      if (cost !== null) expect(got.total_value_bought, `p${p} ${type} total_value_bought`).toBe(Number(cost));
    }
    // Their list: exactly the orders they placed (SENT) and the transfers to them (RECEIVED).
    const list = lists[p]!;
    expectOk(list, `getTransactions p${p}`);
    const rows = (list.json() as { transactions: { orderId: string; orderStatus: string; direction: string }[] }).transactions;
    const got = Object.fromEntries(rows.map((r) => [label.get(r.orderId) ?? r.orderId, `${r.direction} ${r.orderStatus}`]));
    const want = Object.fromEntries(model.orders.flatMap((o) => [...(o.owner === p ? [[o.label, `SENT ${o.status}`]] : []), ...(o.recipient === p ? [[o.label, `RECEIVED ${o.status}`]] : [])]));
    expect(got, `getTransactions p${p}`).toEqual(want);
  }
  // Each order's details, as its owner sees them.
  for (const [i, o] of model.orders.entries()) {
    const res = details[i]!;
    expectOk(res, `get_order_details ${o.label}`);
    expect((res.json() as { orderData: { orderStatus: string } }).orderData.orderStatus, describeOrder(o)).toBe(o.status);
  }
  const problems = [...(await reconcile(ctx.database.db)), ...(await reservationProblems(ctx.database.db, clock.now()))];
  expect(earlierRunFailed ? problems.filter((problem) => concernsWorld(problem, model, world)) : problems).toEqual([]);
}

/**
 * Set once a run has failed: its accounts and orders stay as they were, so from then on (while
 * fast-check shrinks) only the problems of the run's own world count, or it would fail at once.
 */
let earlierRunFailed = false;

type Problem = Awaited<ReturnType<typeof reconcile>>[number] | Awaited<ReturnType<typeof reservationProblems>>[number];

function concernsWorld(problem: Problem, model: Model, world: World): boolean {
  if ('holder' in problem) return world.ids.some((id) => problem.holder === userHolder(id));
  if ('orderId' in problem) return model.orders.some((o) => o.id === problem.orderId);
  return !world.knownProblems.includes(problem.message);
}

/**
 * Every command checks the invariants after its run, and is logged with what it picked and the
 * answer it got; a failure's message ends with the log of its run.
 */
class Checked implements Cmd {
  constructor(readonly inner: Cmd & Noted) {}
  check = (m: Readonly<Model>) => this.inner.check(m);
  async run(model: Model, world: World) {
    clearAnswer();
    const name = this.inner.toString();
    world.log.push(`${name} …`);
    try {
      await this.inner.run(model, world);
      world.log[world.log.length - 1] = `${name}${this.inner.note ?? ''}${answer === undefined ? '' : ` → ${answer}`}`;
      count(`${/^[^(]+/.exec(name)?.[0] ?? name}${answer === undefined ? '' : ` ${answer}`}`);
      if (model.now - world.signedInAt >= SIGN_IN_AGAIN_AFTER) {
        world.sessions = await Promise.all(world.emails.map((email) => signIn(ctx.app, email)));
        world.signedInAt = model.now;
      }
      await checkInvariants(model, world);
    } catch (error) {
      if (error instanceof Error && !world.logged) {
        world.logged = true;
        error.message += `\n\nThis run (p0–p2 start with ${world.grants}):\n  ${world.log.join('\n  ')}\n`;
      }
      throw error;
    }
  }
  toString = () => this.inner.toString();
}

// ── Arbitraries ─────────────────────────────────────────────────────────────────────────────

const person = fc.nat({ max: PEOPLE - 1 });
const offset = fc.integer({ min: 1, max: PEOPLE - 1 });
const type = fc.constantFrom(...TYPES);
const pick = fc.nat({ max: 1_000 });
/** Mostly an order the action fits, sometimes any order (mostly refused). */
const any = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
/** Mostly within what people hold, sometimes far beyond. */
const transferUnits = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) });

const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(person, type, fc.integer({ min: 1, max: 50 })).map(([p, t, u]) => new Buy(p, t, u)) },
  { weight: 3, arbitrary: fc.tuple(pick, any).map(([i, a]) => new SuccessOrder(i, a)) },
  { weight: 2, arbitrary: fc.tuple(pick, any).map(([i, a]) => new CancelOrder(i, a)) },
  { weight: 3, arbitrary: fc.tuple(pick, any, fc.constantFrom('Approved', 'Approved', 'Failed')).map(([i, a, to]) => new AdminDecision(i, a, 'BUY', to)) },
  { weight: 3, arbitrary: fc.tuple(person, type, fc.integer({ min: 11, max: 60 })).map(([p, t, u]) => new Sell(p, t, u)) },
  {
    weight: 3,
    arbitrary: fc.tuple(pick, any, fc.constantFrom('PartialComplete', 'AllUnitSold', 'Completed', 'Failed')).map(([i, a, to]) => new AdminDecision(i, a, 'SELL', to)),
  },
  { weight: 2, arbitrary: fc.tuple(pick, any).map(([i, a]) => new PayOut(i, a)) },
  { weight: 3, arbitrary: fc.tuple(person, offset, type, transferUnits).map(([p, o, t, u]) => new TransferNow(p, o, t, u)) },
  { weight: 2, arbitrary: fc.tuple(person, offset, type, transferUnits).map(([p, o, t, u]) => new ScheduleTransfer(p, o, t, u)) },
  { weight: 2, arbitrary: fc.tuple(pick, any).map(([i, a]) => new CancelScheduled(i, a)) },
  { weight: 2, arbitrary: fc.tuple(person, type, fc.integer({ min: 1, max: 60 })).map(([p, t, u]) => new Convert(p, t, u)) },
  { weight: 2, arbitrary: fc.constantFrom(HOUR, DAY, 31 * DAY).map((ms) => new Advance(ms)) },
  { weight: 2, arbitrary: fc.constantFrom(1, 30 * 60_000).map((delta) => new ToNextDue(delta)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pick, offset, fc.constantFrom('success_order', 'cancel_order', 'cancel-future-transfer') as fc.Arbitrary<ForeignAction['action']>)
      .map(([i, o, a]) => new ForeignAction(i, o, a)),
  },
  { weight: 1, arbitrary: fc.boolean().map((change) => new Replay(change)) },
);

/** What each person owns at the start, per unit type (as completed buys would have given them). */
const grants = fc.array(fc.array(fc.nat({ max: 120 }), { minLength: TYPES.length, maxLength: TYPES.length }), {
  minLength: PEOPLE,
  maxLength: PEOPLE,
});

let worlds = 0;
async function newWorld(grant: number[][]): Promise<{ model: Model; real: World }> {
  const run = ++worlds;
  const tag = `${run}-${Math.random().toString(36).slice(2, 8)}`;
  const emails = Array.from({ length: PEOPLE }, (_, p) => `model.${tag}.p${p}@example.com`);
  const people = [];
  for (const [p, email] of emails.entries()) people.push(await signUp(ctx.app, email, `Person${p}`, `Run${run}`));
  const holdings: Model['holdings'] = [];
  for (const [p, who] of people.entries()) {
    await setBank(ctx.database.db, who.id, GBP_ACCOUNT);
    const h = { LAND_POUND: emptyHolding(), LAND_USD: emptyHolding() };
    for (const [i, t] of TYPES.entries()) {
      const units = grant[p]?.[i] ?? 0;
      if (units > 0) await giveUnits(ctx.database.db, who.id, units, t);
      h[t].owned = units;
    }
    holdings.push(h);
  }
  const now = clock.now().getTime();
  const costs = holdings.map(() => ({ LAND_POUND: 0n, LAND_USD: 0n }) as Record<Type, bigint | null>);
  const model: Model = { holdings, costs, orders: [], now, lastDrain: now };
  // Whatever earlier runs left due is done first, so only this world's orders fall due from here.
  await drainDueOrders(model);
  const knownProblems = (await reconcile(ctx.database.db)).map((p) => p.message);
  return { model, real: { run, emails, ids: people.map((x) => x.id), sessions: people.map((x) => x.session), signedInAt: now, knownProblems, log: [], logged: false, grants: JSON.stringify(grant) } };
}

// ── The test ────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  const app = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  useModelApp(app, { email: 'admin.model@example.com', session: (await makeAdmin(app.app, app.database.db, 'admin.model@example.com')).session });
  // The conversion rule above assumes the default GBP-based rates.
  const me = await getJson(ctx.app, adminSession, '/api/user');
  expect((me.json() as { exchangeRate: Record<string, string> }).exchangeRate).toMatchObject({ GBP: '1', USD: '1.24' });
}, 60_000);
afterAll(() => ctx?.close());

const envInt = (name: string) => (process.env[name] ? Number.parseInt(process.env[name], 10) : undefined);

describe('orders model', () => {
  it('matches a model of buckets and statuses after every step of random order operations over HTTP', async () => {
    const seed = envInt('ORDERS_MODEL_SEED') ?? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
    const path = process.env.ORDERS_MODEL_PATH;
    const replayPath = process.env.ORDERS_MODEL_REPLAY_PATH;
    const numRuns = envInt('ORDERS_MODEL_RUNS') ?? 15;
    console.info(`orders model: seed ${seed}${path ? `, path ${path}` : ''}, ${numRuns} runs (replay: ORDERS_MODEL_SEED=${seed})`);
    const sequences = fc.commands([command.map((c) => new Checked(c))], { maxCommands: 30, size: 'max', ...(replayPath ? { replayPath } : {}) });
    await fc.assert(
      fc.asyncProperty(grants, sequences, async (grant, commands) => {
        try {
          const setup = await newWorld(grant);
          await checkInvariants(setup.model, setup.real);
          await fc.asyncModelRun(() => setup, commands);
          // At the end, everything this run left due is done (and checked) in its own world.
          setup.real.log.push('(the commands are over)');
          await new Checked(new Advance(31 * DAY)).run(setup.model, setup.real);
        } catch (error) {
          earlierRunFailed = true;
          throw error;
        }
      }),
      { seed, numRuns, ...(path ? { path } : {}) },
    );
    console.info(
      `orders model: answers ${[...tally]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
  }, 600_000);
});
