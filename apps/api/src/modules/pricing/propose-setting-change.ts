import { fieldErrors, settingChanges, SETTING_REQUEST_MESSAGES as M } from '@landunits/domain';
import { ProposalReasonSchema, type SettingChangeRequest } from '@landunits/domain/contracts';
import type { DbContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { settingChangeRequests as r } from './schema';
import { requestViews } from './list-setting-requests';
import type { SettingSection } from './setting-sections';

export interface SettingDecision {
  message: string;
  request: SettingChangeRequest;
}

/** The proposal's value (errors at the setting's path) and reason, checked together: one 400 with every message. */
function parseProposal<V>(section: SettingSection<V>, body: unknown): { value: V; reason: string } {
  const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const value = section.schema.safeParse(input.value);
  const reason = ProposalReasonSchema.safeParse({ reason: input.reason });
  if (value.success && reason.success) return { value: value.data, reason: reason.data.reason };
  const errors = { ...(value.success ? {} : fieldErrors(value.error)), ...(reason.success ? {} : fieldErrors(reason.error)) };
  throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, errors);
}

/**
 * POST /api/admin/settings/requests (and /payment-details/requests): records a proposed value of a
 * section, made on its current version, for another admin to decide. Nothing applies yet. A value
 * the section's schema refuses is a 400 with its messages; one that changes nothing is refused
 * too; neither writes anything. The proposal and its audit row (the value in force → the value
 * proposed) commit together.
 */
export async function proposeSettingChange<V>(ctx: DbContext, section: SettingSection<V>, actor: AuditActor, body: unknown): Promise<SettingDecision> {
  const { value, reason } = parseProposal(section, body);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, actor.userId, section.permission);
    const state = await section.read(tx);
    if (settingChanges(state.value, value).length === 0) throw new AppError('VALIDATION_FAILED', M.nothingChanges);
    const [row] = await tx.insert(r).values({ key: section.key, baseVersion: state.version, before: state.value, after: value, reason, proposedBy: actor.userId, proposedAt: now }).returning();
    if (!row) throw new Error('the change request insert returned no row');
    await recordAudit(tx, {
      actor: { ...actor, role },
      at: now,
      action: `settings.${section.auditName}.propose`,
      targetType: 'settingChangeRequest',
      targetId: row.id,
      before: state.value,
      after: value,
      reason,
    });
    const [request] = await requestViews(tx, [row], actor, state.version);
    return { message: M.proposed, request: request! };
  });
}
