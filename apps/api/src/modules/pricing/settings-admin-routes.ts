import { RejectSettingChangeSchema, SettingsPageQuerySchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { requireMoneyPermission, requirePermission, type AdminUser } from '../auth';
import { approveSettingChange, rejectSettingChange, withdrawSettingChange } from './decide-setting-change';
import { previewMoneySettings } from './preview-money-settings';
import { proposeSettingChange } from './propose-setting-change';
import { moneySettingsPage, paymentDetailsPage } from './setting-requests';
import { MONEY_SECTION, PAYMENT_DETAILS_SECTION, type SettingSection } from './setting-sections';

const idOf = (request: FastifyRequest) => String((request.params as { id?: unknown }).id ?? '');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const actorOf = (admin: AdminUser, request: FastifyRequest): AuditActor => ({ userId: admin.id, role: admin.adminRole, requestId: request.id });

/**
 * The four-eyes settings routes (decision 0019; contracts in settings-admin.ts): thin handlers,
 * each checking the section's permission, then one use-case.
 */
export async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/settings', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'settings.money');
    const { page } = parseInput(SettingsPageQuerySchema, request.query);
    noStore(reply);
    return moneySettingsPage(ctx.db, { userId: admin.id }, page, ctx.clock.now());
  });

  app.get('/api/admin/payment-details', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'settings.payment');
    const { page } = parseInput(SettingsPageQuerySchema, request.query);
    noStore(reply);
    return paymentDetailsPage(ctx.db, { userId: admin.id }, page);
  });

  app.post('/api/admin/settings/preview', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'settings.money');
    noStore(reply);
    return previewMoneySettings(ctx, request.body);
  });

  const sections: [string, SettingSection<unknown>][] = [
    ['/api/admin/settings', MONEY_SECTION as SettingSection<unknown>],
    ['/api/admin/payment-details', PAYMENT_DETAILS_SECTION as SettingSection<unknown>],
  ];
  for (const [base, section] of sections) {
    app.post(`${base}/requests`, async (request, reply) => {
      const admin = await requirePermission(ctx, request, reply, section.permission);
      noStore(reply);
      return proposeSettingChange(ctx, section, actorOf(admin, request), request.body);
    });

    // Approving puts new prices, fees or payment details into force: a decision on money (decision 0050).
    app.post(`${base}/requests/:id/approve`, async (request, reply) => {
      const admin = await requireMoneyPermission(ctx, request, reply, section.permission);
      noStore(reply);
      return approveSettingChange(ctx, section, actorOf(admin, request), idOf(request));
    });

    app.post(`${base}/requests/:id/reject`, async (request, reply) => {
      const admin = await requirePermission(ctx, request, reply, section.permission);
      const { reason } = parseInput(RejectSettingChangeSchema, request.body ?? {});
      noStore(reply);
      return rejectSettingChange(ctx, section, actorOf(admin, request), idOf(request), reason);
    });

    app.post(`${base}/requests/:id/withdraw`, async (request, reply) => {
      const admin = await requirePermission(ctx, request, reply, section.permission);
      noStore(reply);
      return withdrawSettingChange(ctx, section, actorOf(admin, request), idOf(request));
    });
  }
}
