import { buyOrderExpiresAt, currencyOf, DEFAULT_MONEY_SETTINGS, priceToMicros, type UnitType } from '@landunits/domain';
import { expect } from 'vitest';
import { DAY, ManualClock } from '../../../platform/clock';
import type { TestContext } from '../../../test/app';
import { createOrder, getJson, newKey } from './fixtures';

/**
 * The model of orders.model.test.ts (model.test.ts explains the test): each person's buckets and
 * holding cost per unit type and each order's status, the rules that move them, and the HTTP
 * helpers the commands (order-model-commands.ts) use.
 */

export const START = new Date('2026-01-15T10:00:00Z');
export const clock = new ManualClock(START);
export let ctx: TestContext;
export let adminEmail: string;
export let adminSession: string;
export let adminSignedInAt = START.getTime();

export const TYPES = ['LAND_POUND', 'LAND_USD'] as const;
export type Type = (typeof TYPES)[number];
export const other = (t: Type): Type => (t === 'LAND_POUND' ? 'LAND_USD' : 'LAND_POUND');
/** GBP-based exchange rates of the default settings, in hundredths (checked in beforeAll). */
export const RATE_HUNDREDTHS: Record<Type, bigint> = { LAND_POUND: 100n, LAND_USD: 124n };

export const PEOPLE = 3;
/** The buckets the model keeps per person and unit type (owned_DOUBLE_LAND and bonusLocked must stay empty). */
export type Bucket = 'owned' | 'pendingBuy' | 'pendingSell' | 'transferQueued' | 'convertLocked';
export type Holding = Record<Bucket, number>;

export const CONVERT_LOCK_MS = 30 * DAY;
/** When a bank buy placed at `now` (ms) expires: the business days of its currency (GBP 1, USD 4; decision 0068). */
export const bankBuyDueAt = (now: number, type: Type): number => buyOrderExpiresAt(new Date(now), { method: 'Bank', currency: currencyOf(type) }, DEFAULT_MONEY_SETTINGS).getTime();

/** Answers per command and status over the whole test, printed at the end to show what was covered. */
export const tally = new Map<string, number>();
export const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

// ── The model ───────────────────────────────────────────────────────────────────────────────

export type OrderType = 'BUY' | 'SELL' | 'TRANSFER' | 'TRANSFER_FUTURE' | 'CONVERT';

export interface ModelOrder {
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
  /** What a buy pays, fees included, in cents: what approval adds to the holding cost. */
  costCents?: bigint;
}

export interface Model {
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

export interface World {
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
export const SIGN_IN_AGAIN_AFTER = 29 * DAY;

/** Admin decisions PRODUCT-DECISIONS §3 allows (written out here, not taken from the domain's table). */
export const ADMIN_MOVES: Partial<Record<OrderType, Record<string, readonly string[]>>> = {
  BUY: { PaymentSent: ['Approved', 'Failed'] },
  // A sale is completed only by paying it out with a bank reference (PayOut), never by a plain transition.
  SELL: { FundsWaitingApproval: ['PartialComplete', 'AllUnitSold', 'Failed'], PartialComplete: ['AllUnitSold'] },
};
export const adminMayMove = (o: ModelOrder, to: string) => (ADMIN_MOVES[o.type]?.[o.status] ?? []).includes(to);

export const emptyHolding = (): Holding => ({ owned: 0, pendingBuy: 0, pendingSell: 0, transferQueued: 0, convertLocked: 0 });

export function move(model: Model, person: number, unitType: Type, from: Bucket | null, to: Bucket | null, units: number): void {
  const h = model.holdings[person]![unitType];
  if (from) h[from] -= units;
  if (to) h[to] += units;
}

/** round(num / den) half-up, for num ≥ 0 and den > 0. */
export const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);
/** The value of `units` at a price in micros, in cents (half-up). */
export const valueInCents = (units: number, priceMicros: bigint) => halfUp(BigInt(units) * priceMicros, 10_000n);
/** Units held: every bucket but pendingBuy. */
export const heldOf = (h: Holding) => h.owned + h.pendingSell + h.transferQueued + h.convertLocked;

/** `units` have just left a person's holding (buckets already moved): their average cost leaves with them. Returns it. */
export function takeCost(model: Model, person: number, unitType: Type, units: number): bigint | null {
  const cost = model.costs[person]![unitType];
  if (cost === null || cost === 0n) return cost;
  const before = BigInt(heldOf(model.holdings[person]![unitType]) + units);
  const taken = BigInt(units) >= before ? cost : halfUp(cost * BigInt(units), before);
  model.costs[person]![unitType] = cost - taken;
  return taken;
}

export function addCost(model: Model, person: number, unitType: Type, cents: bigint | null): void {
  const cost = model.costs[person]![unitType];
  model.costs[person]![unitType] = cost === null || cents === null ? null : cost + cents;
}

/** Today's prices (GET /api/order/get_price), in micros. */
export async function pricesToday(): Promise<Record<Type, bigint>> {
  const res = await getJson(ctx.app, undefined, '/api/order/get_price');
  expectOk(res, 'get_price');
  const prices = (res.json() as { prices: Record<UnitType, { pricePerUnit: string }> }).prices;
  return { LAND_POUND: priceToMicros(prices.LAND_POUND.pricePerUnit), LAND_USD: priceToMicros(prices.LAND_USD.pricePerUnit) };
}

export const describeOrder = (o: ModelOrder) => `${o.label} ${o.type} p${o.owner}${o.recipient !== undefined ? `→p${o.recipient}` : ''} ${o.unitType} ${o.units} ${o.status}`;

/** The job's work at `now` on this world's orders (runDueOrders until nothing is left), in the job's order (due first). */
export function runDueInModel(model: Model, now: number, prices: Record<Type, bigint>): void {
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
export function pickOrder(model: Readonly<Model>, pick: number, any: boolean, relevant: (o: ModelOrder) => boolean): ModelOrder {
  const candidates = any ? model.orders : model.orders.filter(relevant);
  const from = candidates.length > 0 ? candidates : model.orders;
  return from[pick % from.length]!;
}

export const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;

// ── HTTP helpers ────────────────────────────────────────────────────────────────────────────

export type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown };

/** A read the checks make: 200. */
export function expectOk(res: Res, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
}

/** The status of the current command's request, for the tally and the log of the run. */
export let answer: number | undefined;

/** A command's answer: the status the model predicts. */
export function expectStatus(res: Res, status: number, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  answer = status;
}

/** POST /api/order/create_order and the model's answer to it: 201 (recorded as an order) or the refusal. */
export async function place(
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

export interface CreatedView {
  orderId: string;
  orderStatus: string;
  orderType: string;
  currencyUnit: { unitType: string; numberOfUnits: number; pricePerUnit: string };
  paymentDetails: { subTotal: number; discount: number; transactionFee: number; paymentMethodFees: { fixedPercentageFees: number; fixedCentsFees: number }; paymentAmount: number } | null;
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────

/** The app the model runs against, set once before the runs. */
export function useModelApp(app: TestContext, admin: { email: string; session: string }): void {
  ctx = app;
  adminEmail = admin.email;
  adminSession = admin.session;
}

/** The admin signed in again (a session lasts 30 days; the clock jumps). */
export function adminSignedInAgain(session: string, at: number): void {
  adminSession = session;
  adminSignedInAt = at;
}

/** A new command starts: no answer yet. */
export function clearAnswer(): void {
  answer = undefined;
}
