import { SETTINGS_ADMIN_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { approveSettingChange, rejectSettingChange, withdrawSettingChange } from './decide-setting-change';
import { previewMoneySettings } from './preview-money-settings';
import { proposeSettingChange } from './propose-setting-change';
import { moneySettingsPage } from './show-money-settings';
import { paymentDetailsPage } from './show-payment-details';
import { MONEY_SECTION, PAYMENT_DETAILS_SECTION, type SettingSection } from './setting-sections';

/**
 * The four-eyes settings routes (decision 0019; contracts in settings-admin.ts): thin handlers,
 * each checking the section's permission, then one use-case. The reads and decisions are their
 * contracts (route()); approving puts new prices, fees or payment details into force, a decision
 * on money (the contracts' step-up, decision 0050). The preview and the proposals parse their
 * body in their use-cases: the proposed value is checked on its own, so its errors are keyed by the
 * setting's path (`externalFees.Card_Stripe.fixedPercentageFees`), not under `value.` as the
 * contracts' body schemas would key them.
 */
export async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const money = MONEY_SECTION as SettingSection<unknown>;
  const payment = PAYMENT_DETAILS_SECTION as SettingSection<unknown>;

  route(app, C.moneySettings, ({ admin, query }) => moneySettingsPage(ctx.db, { userId: admin.id }, query.page, ctx.clock.now()));
  route(app, C.paymentDetails, ({ admin, query }) => paymentDetailsPage(ctx.db, { userId: admin.id }, query.page));

  // parsedByHandler: the value's errors are keyed by the setting's path (previewMoneySettings parses it).
  route(app, C.previewMoneySettings, ({ request }) => previewMoneySettings(ctx, request.body), { parsedByHandler: ['body'] });

  for (const [contract, section] of [
    [C.proposeMoneySettings, money],
    [C.proposePaymentDetails, payment],
  ] as const) {
    // parsedByHandler: the value's errors are keyed by the setting's path (proposeSettingChange parses it).
    route(app, contract, ({ actor, request }) => proposeSettingChange(ctx, section, actor, request.body), { parsedByHandler: ['body'] });
  }

  route(app, C.approveMoneySettings, ({ actor, params }) => approveSettingChange(ctx, money, actor, params.id));
  route(app, C.rejectMoneySettings, ({ actor, params, body }) => rejectSettingChange(ctx, money, actor, params.id, body.reason));
  route(app, C.withdrawMoneySettings, ({ actor, params }) => withdrawSettingChange(ctx, money, actor, params.id));

  route(app, C.approvePaymentDetails, ({ actor, params }) => approveSettingChange(ctx, payment, actor, params.id));
  route(app, C.rejectPaymentDetails, ({ actor, params, body }) => rejectSettingChange(ctx, payment, actor, params.id, body.reason));
  route(app, C.withdrawPaymentDetails, ({ actor, params }) => withdrawSettingChange(ctx, payment, actor, params.id));
}
