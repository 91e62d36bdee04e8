import { DAY, HOUR } from '../../../platform/clock';
import { runDueOrders } from '../run-due-orders';
import type { Cmd, Noted } from './order-model-commands';
import { clock, ctx, pricesToday, runDueInModel, type Model } from './order-model';

/** The orders model test's clock: time passes and the due-orders job runs, in the app and in the model. */

/** The due-orders job, run until nothing is due (the periodic job never runs in this file). */
export async function drainDueOrders(model: Model): Promise<void> {
  while ((await runDueOrders(ctx.app.ctx)).length > 0);
  model.lastDrain = clock.now().getTime();
  runDueInModel(model, model.lastDrain, await pricesToday());
}

/** Moves the clock (and the model's). */
export function setClock(model: Model, at: number): void {
  clock.set(new Date(at));
  model.now = at;
  // Idempotency keys are pruned after a day by the job runner, whenever it runs: no replay across a jump.
  delete model.lastCreated;
}

/** Time passes, then the due-orders job runs until nothing is due. */
export class Advance implements Cmd {
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
export class ToNextDue implements Cmd, Noted {
  note = '';
  constructor(readonly delta: number) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => o.dueAt !== null && o.dueAt > m.now);
  async run(model: Model) {
    const next = Math.min(...model.orders.flatMap((o) => (o.dueAt !== null && o.dueAt > model.now ? [o.dueAt] : [])));
    this.note = ` [due: ${model.orders
      .filter((o) => o.dueAt === next)
      .map((o) => o.label)
      .join(', ')}]`;
    setClock(model, next - 1);
    await drainDueOrders(model);
    setClock(model, next - 1 + this.delta);
  }
  toString = () => `to next due + ${this.delta === 1 ? '0 ms' : `${this.delta / 60_000} min`}, job not run yet`;
}
