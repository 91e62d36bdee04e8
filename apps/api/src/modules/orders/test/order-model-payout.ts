import { staffLogin } from '../../../test/accounts';
import { adminEmail, adminSession, adminSignedInAgain, adminSignedInAt, ctx, expectStatus, move, SIGN_IN_AGAIN_AFTER, takeCost, type Model } from './order-model';
import { OnOrder } from './order-model-commands';
import { markPaid } from './payouts-setup';

/** Sales the admin can pay out: not completed, failed or already paid. */
const PAYABLE = ['FundsWaitingApproval', 'PartialComplete', 'AllUnitSold'];

/**
 * The admin pays a sale out with a bank reference (the model's sales are far under 10,000.00, so
 * one admin completes them): its Units are sold if they were not yet, and it is Completed; 409 for
 * anything else.
 */
export class PayOut extends OnOrder {
  async run(model: Model) {
    const o = this.target(model, (x) => x.type === 'SELL' && PAYABLE.includes(x.status));
    if (model.now - adminSignedInAt >= SIGN_IN_AGAIN_AFTER) {
      adminSignedInAgain(await staffLogin(ctx.app, adminEmail), model.now);
    }
    const ok = o.type === 'SELL' && PAYABLE.includes(o.status);
    expectStatus(await markPaid(ctx.app, adminSession, o.id, `MODEL-${o.id.slice(-8)}`), ok ? 200 : 409, this.toString());
    if (!ok) return;
    if (o.status !== 'AllUnitSold') {
      move(model, o.owner, o.unitType, 'pendingSell', null, o.units);
      takeCost(model, o.owner, o.unitType, o.units);
    }
    o.status = 'Completed';
  }
  override toString = () => `pay out ${this.any ? 'any order' : 'a sale'}(#${this.pick})`;
}
