import type fc from 'fast-check';
import { expect } from 'vitest';
import { DAY } from '../../../platform/clock';
import { createOrder, transferBody } from './fixtures';
import { buyBody, cancelFutureTransfer, cancelOrder, convertBody, scheduleBody, sellBody, successOrder, transition } from './lifecycle';
import { staffLogin } from '../../../test/accounts';
import {
  addCost,
  adminMayMove,
  adminSignedInAgain,
  adminEmail,
  adminSession,
  adminSignedInAt,
  bankBuyDueAt,
  CONVERT_LOCK_MS,
  ctx,
  describeOrder,
  expectStatus,
  halfUp,
  PEOPLE,
  SIGN_IN_AGAIN_AFTER,
  hasOrders,
  move,
  other,
  pickOrder,
  place,
  pricesToday,
  RATE_HUNDREDTHS,
  takeCost,
  valueInCents,
  type Model,
  type ModelOrder,
  type Type,
  type World,
} from './order-model';

/** The commands of the orders model test: each acts over HTTP and on the model, and predicts the answer. */

export type Cmd = fc.AsyncCommand<Model, World>;

/**
 * What a command did beyond its arguments (the order it picked, the Units a conversion gives), for
 * the log of the run printed with a failure. Not part of toString: fast-check prints the commands
 * of the shrunk case after running other cases with the same command objects.
 */
export interface Noted {
  note?: string;
}

/** A command that acts on an existing order (the `pick`-th of those it fits, or of all with `any`). */
export abstract class OnOrder implements Cmd, Noted {
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

export class Buy implements Cmd {
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
      dueAt: bankBuyDueAt(model.now, this.unitType),
    });
    move(model, this.person, this.unitType, null, 'pendingBuy', this.units);
    // What approval will add to the holding cost: what is paid, fees included: the subtotal (Units × today's
    // price, half-up), no discount, plus the transaction fee (a bank transfer has no payment-method fee).
    const price = (await pricesToday())[this.unitType];
    const payment = view!.paymentDetails!;
    expect(payment, this.toString()).toMatchObject({ subTotal: Number(valueInCents(this.units, price)), discount: 0, paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 } });
    expect(payment.paymentAmount, this.toString()).toBe(payment.subTotal + payment.transactionFee);
    model.orders.at(-1)!.costCents = BigInt(payment.paymentAmount);
  }
  toString = () => `buy(p${this.person}, ${this.unitType}, ${this.units})`;
}

/** The owner says "I have sent the payment": an Initiated bank buy → PaymentSent, anything else 409. */
export class SuccessOrder extends OnOrder {
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
export class CancelOrder extends OnOrder {
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
export class AdminDecision extends OnOrder {
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
      adminSignedInAgain(await staffLogin(ctx.app, adminEmail), model.now);
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

export class Sell implements Cmd {
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

export class TransferNow implements Cmd {
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

export class ScheduleTransfer implements Cmd {
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
export class CancelScheduled extends OnOrder {
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

export class Convert implements Cmd, Noted {
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

/** Someone who did not place the order acts on it as if it were theirs: 404, nothing changes. */
export class ForeignAction extends OnOrder {
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
export class Replay implements Cmd {
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
