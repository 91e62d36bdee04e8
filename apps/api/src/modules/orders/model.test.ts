import { priceToMicros, UNIT_TYPES, type UnitType } from '@landunits/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { reconcile, userHolder } from '../ledger';
import { runDueOrders } from './due-orders';
import { reservationProblems } from './reservations';
import { createOrder, getJson, giveUnits, newKey, signUp, transferBody } from './test/fixtures';
import {
  buyBody,
  cancelFutureTransfer,
  cancelOrder,
  convertBody,
  makeAdmin,
  scheduleBody,
  sellBody,
  setVerification,
  signIn,
  successOrder,
  transition,
} from './test/lifecycle';

/**
 * Model-based test of the order life cycles over HTTP (QUALITY.md §Ledger and orders): random
 * sequences of bank buys, "I have sent the payment", cancellations, admin decisions on buys and
 * sells, sells, transfers now and tomorrow, cancelled scheduled transfers, conversions GBP↔USD,
 * someone else's actions on an order (404), replayed Idempotency-Keys, and clock jumps (1 h, 1 day,
 * 31 days, or just past the next due order without the job) each followed by the due-orders job,
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

const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let adminEmail: string;
let adminSession: string;
let adminSignedInAt = START.getTime();

const TYPES = ['LAND_POUND', 'LAND_USD'] as const;
type Type = (typeof TYPES)[number];
const other = (t: Type): Type => (t === 'LAND_POUND' ? 'LAND_USD' : 'LAND_POUND');
/** GBP-based exchange rates of the default settings, in hundredths (checked in beforeAll). */
const RATE_HUNDREDTHS: Record<Type, bigint> = { LAND_POUND: 100n, LAND_USD: 124n };

const PEOPLE = 3;
/** The buckets the model keeps per person and unit type (owned_DOUBLE_LAND and bonusLocked must stay empty). */
type Bucket = 'owned' | 'pendingBuy' | 'pendingSell' | 'transferQueued' | 'convertLocked';
type Holding = Record<Bucket, number>;

const CONVERT_LOCK_MS = 30 * DAY;
const BUY_EXPIRY_MS = 24 * HOUR;

/** Answers per command and status over the whole test, printed at the end to show what was covered. */
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

// ── The model ───────────────────────────────────────────────────────────────────────────────

type OrderType = 'BUY' | 'SELL' | 'TRANSFER' | 'TRANSFER_FUTURE' | 'CONVERT';

interface ModelOrder {
  /** o0, o1, … in the order of creation: how failures name them. */
  label: string;
  id: string;
  owner: number;
  type: OrderType;
  unitType: Type;
  units: number;
  status: string;
  /** When the job must act on it (ms): an unpaid buy expires, a scheduled transfer runs, converted Units unlock. */
  dueAt: number | null;
  recipient?: number;
  convertTo?: Type;
  convertUnits?: number;
  /** A buy's subtotal less discount, in cents: what approval adds to the holding cost. */
  costCents?: bigint;
}

interface Model {
  holdings: Record<Type, Holding>[];
  /**
   * What each person's held Units cost them (the dashboard's total_value_bought), in cents, by the
   * rules of docs/decisions/0006: approved buys add subtotal less discount, Units received by
   * transfer add their value that day, Units leaving take cost × units / held (half-up), a
   * conversion carries the cost taken into the target currency at the exchange rate. null: not
   * known any more (the job completed two scheduled transfers of one type due at the same instant,
   * whose order, and so rounding, the model cannot know).
   */
  costs: Record<Type, bigint | null>[];
  orders: ModelOrder[];
  /** The clock (ms), and when the due-orders job last ran to the end: nothing of this world due by then is left undone. */
  now: number;
  lastDrain: number;
  /** The last order created, with the request that made it: a replay must answer it again. */
  lastCreated?: { person: number; body: Record<string, unknown>; key: string; orderId: string };
}

interface World {
  run: number;
  emails: string[];
  ids: string[];
  sessions: string[];
  /** When the sessions were made (ms of the clock). */
  signedInAt: number;
  /** Problems of no one in particular (e.g. a unit type out of balance) already there when the world was made. */
  knownProblems: string[];
  /** The steps run so far, with what they picked and the answers; printed with a failure. */
  log: string[];
  logged: boolean;
  /** The starting grants, as text for the log. */
  grants: string;
}

/** Sessions lapse 30 days after their last refresh; the checks use every person's session after each step. */
const SIGN_IN_AGAIN_AFTER = 29 * DAY;

/** Admin decisions PRODUCT-DECISIONS §3 allows (written out here, not taken from the domain's table). */
const ADMIN_MOVES: Partial<Record<OrderType, Record<string, readonly string[]>>> = {
  BUY: { PaymentSent: ['Approved', 'Failed'] },
  SELL: { FundsWaitingApproval: ['PartialComplete', 'AllUnitSold', 'Failed'], PartialComplete: ['AllUnitSold'], AllUnitSold: ['Completed'] },
};
const adminMayMove = (o: ModelOrder, to: string) => (ADMIN_MOVES[o.type]?.[o.status] ?? []).includes(to);

const emptyHolding = (): Holding => ({ owned: 0, pendingBuy: 0, pendingSell: 0, transferQueued: 0, convertLocked: 0 });

function move(model: Model, person: number, unitType: Type, from: Bucket | null, to: Bucket | null, units: number): void {
  const h = model.holdings[person]![unitType];
  if (from) h[from] -= units;
  if (to) h[to] += units;
}

/** round(num / den) half-up, for num ≥ 0 and den > 0. */
const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);
/** The value of `units` at a price in micros, in cents (half-up). */
const valueInCents = (units: number, priceMicros: bigint) => halfUp(BigInt(units) * priceMicros, 10_000n);
/** Units held: every bucket but pendingBuy. */
const heldOf = (h: Holding) => h.owned + h.pendingSell + h.transferQueued + h.convertLocked;

/** `units` have just left a person's holding (buckets already moved): their average cost leaves with them. Returns it. */
function takeCost(model: Model, person: number, unitType: Type, units: number): bigint | null {
  const cost = model.costs[person]![unitType];
  if (cost === null || cost === 0n) return cost;
  const before = BigInt(heldOf(model.holdings[person]![unitType]) + units);
  const taken = BigInt(units) >= before ? cost : halfUp(cost * BigInt(units), before);
  model.costs[person]![unitType] = cost - taken;
  return taken;
}

function addCost(model: Model, person: number, unitType: Type, cents: bigint | null): void {
  const cost = model.costs[person]![unitType];
  model.costs[person]![unitType] = cost === null || cents === null ? null : cost + cents;
}

/** Today's prices (GET /api/order/get_price), in micros. */
async function pricesToday(): Promise<Record<Type, bigint>> {
  const res = await getJson(ctx.app, undefined, '/api/order/get_price');
  expectOk(res, 'get_price');
  const prices = (res.json() as { prices: Record<UnitType, { pricePerUnit: string }> }).prices;
  return { LAND_POUND: priceToMicros(prices.LAND_POUND.pricePerUnit), LAND_USD: priceToMicros(prices.LAND_USD.pricePerUnit) };
}

const describeOrder = (o: ModelOrder) => `${o.label} ${o.type} p${o.owner}${o.recipient !== undefined ? `→p${o.recipient}` : ''} ${o.unitType} ${o.units} ${o.status}`;

/** The job's work at `now` on this world's orders (runDueOrders until nothing is left), in the job's order (due first). */
function runDueInModel(model: Model, now: number, prices: Record<Type, bigint>): void {
  const due = model.orders.filter((o) => o.dueAt !== null && o.dueAt <= now).sort((a, b) => a.dueAt! - b.dueAt!);
  const transfersAt = new Map<string, ModelOrder[]>();
  for (const o of due) {
    if (o.type !== 'TRANSFER_FUTURE' || o.status !== 'Scheduled') continue;
    const key = `${o.unitType} ${o.dueAt}`;
    transfersAt.set(key, [...(transfersAt.get(key) ?? []), o]);
  }
  for (const o of due) {
    o.dueAt = null;
    if (o.type === 'BUY' && o.status === 'Initiated') {
      o.status = 'Expired';
      count('job: expired');
      move(model, o.owner, o.unitType, 'pendingBuy', null, o.units);
    } else if (o.type === 'TRANSFER_FUTURE' && o.status === 'Scheduled') {
      o.status = 'Completed';
      count('job: transferred');
      move(model, o.owner, o.unitType, 'transferQueued', null, o.units);
      move(model, o.recipient!, o.unitType, null, 'owned', o.units);
      takeCost(model, o.owner, o.unitType, o.units);
      addCost(model, o.recipient!, o.unitType, valueInCents(o.units, prices[o.unitType]));
    } else if (o.type === 'CONVERT') {
      count('job: unlocked');
      move(model, o.owner, o.convertTo!, 'convertLocked', 'owned', o.convertUnits!);
    }
  }
  // Transfers of one unit type due at the same instant run in an order the model cannot know.
  for (const group of transfersAt.values()) {
    if (group.length < 2) continue;
    count('job: costs no longer known');
    for (const o of group) {
      model.costs[o.owner]![o.unitType] = null;
      model.costs[o.recipient!]![o.unitType] = null;
    }
  }
}

/** An order for a command that acts on one: among those `relevant` (if any and not `any`), else among all. */
function pickOrder(model: Readonly<Model>, pick: number, any: boolean, relevant: (o: ModelOrder) => boolean): ModelOrder {
  const candidates = any ? model.orders : model.orders.filter(relevant);
  const from = candidates.length > 0 ? candidates : model.orders;
  return from[pick % from.length]!;
}

const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;

// ── HTTP helpers ────────────────────────────────────────────────────────────────────────────

type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown };

/** A read the checks make: 200. */
function expectOk(res: Res, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
}

/** The status of the current command's request, for the tally and the log of the run. */
let answer: number | undefined;

/** A command's answer: the status the model predicts. */
function expectStatus(res: Res, status: number, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  answer = status;
}

/** POST /api/order/create_order and the model's answer to it: 201 (recorded as an order) or the refusal. */
async function place(
  model: Model,
  world: World,
  person: number,
  body: Record<string, unknown>,
  expected: number,
  what: string,
  order?: Omit<ModelOrder, 'label' | 'id' | 'owner'>,
): Promise<CreatedView | undefined> {
  const key = newKey();
  const res = await createOrder(ctx.app, world.sessions[person], body, key);
  expectStatus(res, expected, what);
  if (expected !== 201 || !order) return undefined;
  const view = (res.json() as { orderCreatedData: CreatedView }).orderCreatedData;
  expect(view.orderStatus, what).toBe(order.status);
  expect(view.orderType, what).toBe(order.type);
  expect(view.currencyUnit, what).toMatchObject({ unitType: order.unitType, numberOfUnits: order.units });
  model.orders.push({ ...order, label: `o${model.orders.length}`, id: view.orderId, owner: person });
  model.lastCreated = { person, body, key, orderId: view.orderId };
  return view;
}

interface CreatedView {
  orderId: string;
  orderStatus: string;
  orderType: string;
  currencyUnit: { unitType: string; numberOfUnits: number; pricePerUnit: string };
  paymentDetails: { subTotal: number; discount: number } | null;
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────

type Cmd = fc.AsyncCommand<Model, World>;

/**
 * What a command did beyond its arguments (the order it picked, the Units a conversion gives), for
 * the log of the run printed with a failure. Not part of toString: fast-check prints the commands
 * of the shrunk case after running other cases with the same command objects.
 */
interface Noted {
  note?: string;
}

/** A command that acts on an existing order (the `pick`-th of those it fits, or of all with `any`). */
abstract class OnOrder implements Cmd, Noted {
  note = '';
  constructor(
    readonly pick: number,
    readonly any: boolean,
  ) {}
  check = hasOrders;
  abstract run(model: Model, world: World): Promise<void>;
  protected target(model: Model, relevant: (o: ModelOrder) => boolean): ModelOrder {
    const o = pickOrder(model, this.pick, this.any, relevant);
    this.note = ` [${describeOrder(o)}]`;
    return o;
  }
}

class Buy implements Cmd {
  constructor(
    readonly person: number,
    readonly unitType: Type,
    readonly units: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World) {
    const view = await place(model, world, this.person, buyBody(this.units, this.unitType, 'Bank'), 201, this.toString(), {
      type: 'BUY',
      unitType: this.unitType,
      units: this.units,
      status: 'Initiated',
      dueAt: model.now + BUY_EXPIRY_MS,
    });
    move(model, this.person, this.unitType, null, 'pendingBuy', this.units);
    // What approval will add to the holding cost: the subtotal (Units × today's price, half-up) less the discount.
    const price = (await pricesToday())[this.unitType];
    expect(view!.paymentDetails, this.toString()).toMatchObject({ subTotal: Number(valueInCents(this.units, price)), discount: 0 });
    model.orders.at(-1)!.costCents = valueInCents(this.units, price);
  }
  toString = () => `buy(p${this.person}, ${this.unitType}, ${this.units})`;
}

/** The owner says "I have sent the payment": an Initiated bank buy → PaymentSent, anything else 409. */
class SuccessOrder extends OnOrder {
  async run(model: Model, world: World) {
    const o = this.target(model, (x) => x.type === 'BUY' && x.status === 'Initiated');
    // Past its deadline an unpaid buy is Expired, whether or not the job has got to it yet.
    const ok = o.type === 'BUY' && o.status === 'Initiated' && model.now < o.dueAt!;
    expectStatus(await successOrder(ctx.app, world.sessions[o.owner], o.id), ok ? 200 : 409, this.toString());
    if (ok) {
      o.status = 'PaymentSent';
      o.dueAt = null;
    }
  }
  override toString = () => `success_order(#${this.pick}${this.any ? ' any' : ''})`;
}

/** The owner cancels: an Initiated buy → Cancelled (reservation back to the supply), anything else 409. */
class CancelOrder extends OnOrder {
  async run(model: Model, world: World) {
    const o = this.target(model, (x) => x.type === 'BUY' && x.status === 'Initiated');
    const ok = o.type === 'BUY' && o.status === 'Initiated' && model.now < o.dueAt!;
    expectStatus(await cancelOrder(ctx.app, world.sessions[o.owner], o.id), ok ? 200 : 409, this.toString());
    if (ok) {
      o.status = 'Cancelled';
      o.dueAt = null;
      move(model, o.owner, o.unitType, 'pendingBuy', null, o.units);
    }
  }
  override toString = () => `cancel_order(#${this.pick}${this.any ? ' any' : ''})`;
}

/** An admin's decision on a buy or a sell (one it fits, if any); 409 when the order's flow does not allow it. */
class AdminDecision extends OnOrder {
  constructor(
    pick: number,
    any: boolean,
    readonly on: 'BUY' | 'SELL',
    readonly to: string,
  ) {
    super(pick, any);
  }
  async run(model: Model) {
    const o = this.target(model, (x) => x.type === this.on && adminMayMove(x, this.to));
    if (model.now - adminSignedInAt >= SIGN_IN_AGAIN_AFTER) {
      adminSession = await signIn(ctx.app, adminEmail);
      adminSignedInAt = model.now;
    }
    const ok = adminMayMove(o, this.to);
    expectStatus(await transition(ctx.app, adminSession, o.id, { toStatus: this.to, reason: `Model: ${this.to}` }), ok ? 200 : 409, this.toString());
    if (!ok) return;
    o.status = this.to;
    if (o.type === 'BUY' && this.to === 'Approved') {
      move(model, o.owner, o.unitType, 'pendingBuy', 'owned', o.units);
      addCost(model, o.owner, o.unitType, o.costCents!);
    }
    if (o.type === 'BUY' && this.to === 'Failed') move(model, o.owner, o.unitType, 'pendingBuy', null, o.units);
    if (o.type === 'SELL' && this.to === 'AllUnitSold') {
      move(model, o.owner, o.unitType, 'pendingSell', null, o.units);
      takeCost(model, o.owner, o.unitType, o.units);
    }
    if (o.type === 'SELL' && this.to === 'Failed') move(model, o.owner, o.unitType, 'pendingSell', 'owned', o.units);
  }
  override toString = () => `admin ${this.to} on ${this.any ? 'any order' : this.on}(#${this.pick})`;
}

class Sell implements Cmd {
  constructor(
    readonly person: number,
    readonly unitType: Type,
    readonly units: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World) {
    const ok = model.holdings[this.person]![this.unitType].owned >= this.units;
    await place(model, world, this.person, sellBody(this.units, this.unitType), ok ? 201 : 409, this.toString(), {
      type: 'SELL',
      unitType: this.unitType,
      units: this.units,
      status: 'FundsWaitingApproval',
      dueAt: null,
    });
    if (ok) move(model, this.person, this.unitType, 'owned', 'pendingSell', this.units);
  }
  toString = () => `sell(p${this.person}, ${this.unitType}, ${this.units})`;
}

class TransferNow implements Cmd {
  constructor(
    readonly person: number,
    readonly offset: number,
    readonly unitType: Type,
    readonly units: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World) {
    const recipient = (this.person + this.offset) % PEOPLE;
    const ok = model.holdings[this.person]![this.unitType].owned >= this.units;
    await place(model, world, this.person, transferBody(world.emails[recipient]!, this.units, this.unitType), ok ? 201 : 409, this.toString(), {
      type: 'TRANSFER',
      unitType: this.unitType,
      units: this.units,
      status: 'Completed',
      dueAt: null,
      recipient,
    });
    if (ok) {
      move(model, this.person, this.unitType, 'owned', null, this.units);
      move(model, recipient, this.unitType, null, 'owned', this.units);
      takeCost(model, this.person, this.unitType, this.units);
      addCost(model, recipient, this.unitType, valueInCents(this.units, (await pricesToday())[this.unitType]));
    }
  }
  toString = () => `transfer(p${this.person}→p${(this.person + this.offset) % PEOPLE}, ${this.unitType}, ${this.units})`;
}

class ScheduleTransfer implements Cmd {
  constructor(
    readonly person: number,
    readonly offset: number,
    readonly unitType: Type,
    readonly units: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World) {
    const recipient = (this.person + this.offset) % PEOPLE;
    const tomorrow = new Date(model.now + DAY).toISOString().slice(0, 10);
    const ok = model.holdings[this.person]![this.unitType].owned >= this.units;
    await place(model, world, this.person, scheduleBody(world.emails[recipient]!, this.units, tomorrow, this.unitType), ok ? 201 : 409, this.toString(), {
      type: 'TRANSFER_FUTURE',
      unitType: this.unitType,
      units: this.units,
      status: 'Scheduled',
      // 00:00 UTC of its date.
      dueAt: Date.parse(`${tomorrow}T00:00:00Z`),
      recipient,
    });
    if (ok) move(model, this.person, this.unitType, 'owned', 'transferQueued', this.units);
  }
  toString = () => `schedule(p${this.person}→p${(this.person + this.offset) % PEOPLE}, ${this.unitType}, ${this.units}, tomorrow)`;
}

/** The owner cancels a scheduled transfer before its day: Units back to `owned`; anything else 409. */
class CancelScheduled extends OnOrder {
  async run(model: Model, world: World) {
    const o = this.target(model, (x) => x.type === 'TRANSFER_FUTURE' && x.status === 'Scheduled');
    const ok = o.type === 'TRANSFER_FUTURE' && o.status === 'Scheduled' && o.dueAt !== null && model.now < o.dueAt;
    expectStatus(await cancelFutureTransfer(ctx.app, world.sessions[o.owner], o.id), ok ? 200 : 409, this.toString());
    if (ok) {
      o.status = 'Cancelled';
      o.dueAt = null;
      move(model, o.owner, o.unitType, 'transferQueued', 'owned', o.units);
    }
  }
  override toString = () => `cancel-future-transfer(#${this.pick}${this.any ? ' any' : ''})`;
}

class Convert implements Cmd, Noted {
  note = '';
  constructor(
    readonly person: number,
    readonly from: Type,
    readonly units: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World) {
    const to = other(this.from);
    // unitsOut = floor(units × priceFrom × rateTo / (rateFrom × priceTo)) − fee (0), with today's prices.
    const prices = await pricesToday();
    const out = Number((BigInt(this.units) * prices[this.from] * RATE_HUNDREDTHS[to]) / (RATE_HUNDREDTHS[this.from] * prices[to]));
    this.note = ` → ${out} ${to}`;
    const expected = out < 1 ? 400 : model.holdings[this.person]![this.from].owned < this.units ? 409 : 201;
    await place(model, world, this.person, convertBody(this.units, this.from, to), expected, this.toString(), {
      type: 'CONVERT',
      unitType: this.from,
      units: this.units,
      status: 'Completed',
      dueAt: model.now + CONVERT_LOCK_MS,
      convertTo: to,
      convertUnits: out,
    });
    if (expected === 201) {
      move(model, this.person, this.from, 'owned', null, this.units);
      move(model, this.person, to, null, 'convertLocked', out);
      // The cost of the Units given follows them into the other currency at the exchange rate (half-up).
      const taken = takeCost(model, this.person, this.from, this.units);
      addCost(model, this.person, to, taken === null ? null : halfUp(taken * RATE_HUNDREDTHS[to], RATE_HUNDREDTHS[this.from]));
    }
  }
  toString = () => `convert(p${this.person}, ${this.units} ${this.from})`;
}

/** The due-orders job, run until nothing is due (the periodic job never runs in this file). */
async function drainDueOrders(model: Model): Promise<void> {
  while ((await runDueOrders(ctx.app.ctx)).length > 0);
  model.lastDrain = clock.now().getTime();
  runDueInModel(model, model.lastDrain, await pricesToday());
}

/** Moves the clock (and the model's). */
function setClock(model: Model, at: number): void {
  clock.set(new Date(at));
  model.now = at;
  // Idempotency keys are pruned after a day by the job runner, whenever it runs: no replay across a jump.
  delete model.lastCreated;
}

/** Time passes, then the due-orders job runs until nothing is due. */
class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model) {
    setClock(model, model.now + this.ms);
    await drainDueOrders(model);
  }
  toString = () => `advance(${this.ms % DAY === 0 ? `${this.ms / DAY} d` : `${this.ms / HOUR} h`}) + due orders`;
}

/**
 * The clock goes to a millisecond before this world's next due order (the job runs there), then
 * `delta` past it without the job: the window in which the order is due but not yet handled. Its
 * deadline rules must hold before the job gets to it (an unpaid buy is Expired, a scheduled
 * transfer is the job's). `delta` ≤ 1 h keeps it within the grace reconciliation allows.
 */
class ToNextDue implements Cmd, Noted {
  note = '';
  constructor(readonly delta: number) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => o.dueAt !== null && o.dueAt > m.now);
  async run(model: Model) {
    const next = Math.min(...model.orders.flatMap((o) => (o.dueAt !== null && o.dueAt > model.now ? [o.dueAt] : [])));
    this.note = ` [due: ${model.orders.filter((o) => o.dueAt === next).map((o) => o.label).join(', ')}]`;
    setClock(model, next - 1);
    await drainDueOrders(model);
    setClock(model, next - 1 + this.delta);
  }
  toString = () => `to next due + ${this.delta === 1 ? '0 ms' : `${this.delta / 60_000} min`}, job not run yet`;
}

/** Someone who did not place the order acts on it as if it were theirs: 404, nothing changes. */
class ForeignAction extends OnOrder {
  constructor(
    pick: number,
    readonly offset: number,
    readonly action: 'success_order' | 'cancel_order' | 'cancel-future-transfer',
  ) {
    super(pick, true);
  }
  async run(model: Model, world: World) {
    const o = this.target(model, () => true);
    const session = world.sessions[(o.owner + this.offset) % PEOPLE];
    const call = this.action === 'success_order' ? successOrder : this.action === 'cancel_order' ? cancelOrder : cancelFutureTransfer;
    expectStatus(await call(ctx.app, session, o.id), 404, this.toString());
  }
  override toString = () => `${this.action} by someone else(#${this.pick}, owner+${this.offset})`;
}

/** The last create_order again with its Idempotency-Key: the first answer replayed; with another body, 409. */
class Replay implements Cmd {
  constructor(readonly changeBody: boolean) {}
  check = (m: Readonly<Model>) => m.lastCreated !== undefined;
  async run(model: Model, world: World) {
    const last = model.lastCreated!;
    const body = this.changeBody ? { ...last.body, currencyUnit: { ...(last.body.currencyUnit as object), numberOfUnits: 999_999 } } : last.body;
    const res = await createOrder(ctx.app, world.sessions[last.person], body, last.key);
    if (this.changeBody) {
      expectStatus(res, 409, this.toString());
      return;
    }
    expectStatus(res, 201, this.toString());
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect((res.json() as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId).toBe(last.orderId);
  }
  toString = () => `replay last create_order${this.changeBody ? ' with another body' : ''}`;
}

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
        { owned: got.owned, pendingBuy: got.pendingBuy, pendingSell: got.pendingSell, transferQueued: got.transferQueued, convertLocked: got.convertLocked, owned_DOUBLE_LAND: got.owned_DOUBLE_LAND, bonusLocked: got.bonusLocked },
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
    const want = Object.fromEntries(
      model.orders.flatMap((o) => [
        ...(o.owner === p ? [[o.label, `SENT ${o.status}`]] : []),
        ...(o.recipient === p ? [[o.label, `RECEIVED ${o.status}`]] : []),
      ]),
    );
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
    answer = undefined;
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
  { weight: 3, arbitrary: fc.tuple(person, offset, type, transferUnits).map(([p, o, t, u]) => new TransferNow(p, o, t, u)) },
  { weight: 2, arbitrary: fc.tuple(person, offset, type, transferUnits).map(([p, o, t, u]) => new ScheduleTransfer(p, o, t, u)) },
  { weight: 2, arbitrary: fc.tuple(pick, any).map(([i, a]) => new CancelScheduled(i, a)) },
  { weight: 2, arbitrary: fc.tuple(person, type, fc.integer({ min: 1, max: 60 })).map(([p, t, u]) => new Convert(p, t, u)) },
  { weight: 2, arbitrary: fc.constantFrom(HOUR, DAY, 31 * DAY).map((ms) => new Advance(ms)) },
  { weight: 2, arbitrary: fc.constantFrom(1, 30 * 60_000).map((delta) => new ToNextDue(delta)) },
  {
    weight: 1,
    arbitrary: fc.tuple(pick, offset, fc.constantFrom('success_order', 'cancel_order', 'cancel-future-transfer') as fc.Arbitrary<ForeignAction['action']>).map(([i, o, a]) => new ForeignAction(i, o, a)),
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
    await setVerification(ctx.database.db, who.id, 'Approved', 'Approved');
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
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  adminEmail = 'admin.model@example.com';
  adminSession = (await makeAdmin(ctx.app, ctx.database.db, adminEmail)).session;
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
    console.info(`orders model: answers ${[...tally].sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  }, 600_000);
});
