import { SETTING_REQUEST_MESSAGES as M, type SettingRequestStatus } from '@landunits/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, parseInput } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { forgetPriceList } from './price-list';
import type { SettingDecision } from './propose-setting-change';
import { settingChangeRequests as r } from './schema';
import { requestViews } from './list-setting-requests';
import { lockRequest, type RequestRow } from './store';
import type { SettingSection } from './setting-sections';

/**
 * The decisions on a pending change request (decision 0019). Each runs in one transaction with
 * its audit row; a refused decision writes nothing. Approving applies the value: the caches of this
 * process are dropped after the commit, so the next answer (get_price, /fees, the dashboard) shows
 * it; other instances within SETTINGS_TTL_MS.
 */

/** The request, locked, when it is still pending (409 once decided). */
async function lockPending(tx: Db, section: SettingSection<unknown>, id: string): Promise<RequestRow> {
  const row = await lockRequest(tx, section.key, id);
  if (row.status !== 'Pending') throw new AppError('TRANSITION_REFUSED', M.notPending);
  return row;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A request made by an earlier release (during a rolling upgrade) lacks the settings added since:
 * those keep the value in force, as its proposer did not ask to change them. Top-level fields
 * only, as when a stored row is read (`loadMoneySettings`).
 */
function withSettingsAddedSince(proposed: unknown, current: unknown): unknown {
  return isObject(proposed) && isObject(current) ? { ...current, ...proposed } : proposed;
}

/**
 * POST …/requests/:id/approve: by an admin other than the proposer (403 for their own), with the
 * section's permission read again in the transaction, on the version the request was made on (409
 * when the section changed since). The value is checked again with today's rules and written; the
 * other pending requests of the section are superseded (they were made on the old version).
 * Approvals of one section take turns (an advisory lock), so two can never both apply.
 */
export async function approveSettingChange<V>(ctx: DbContext, section: SettingSection<V>, actor: AuditActor, id: string): Promise<SettingDecision> {
  const now = ctx.clock.now();
  const decided = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`setting-change:${section.key}`}, 0))`);
    const row = await lockPending(tx, section as SettingSection<unknown>, id);
    if (row.proposedBy === actor.userId) throw new AppError('FORBIDDEN', M.ownApproval);
    const role = await requirePermissionOf(tx, actor.userId, section.permission);
    const state = await section.read(tx, { forUpdate: true });
    if (state.version !== row.baseVersion) throw new AppError('CONFLICT', M.stale);
    const value = parseInput(section.schema, withSettingsAddedSince(row.after, state.value));
    const { pricesFrom } = await section.apply(tx, state, value, actor.userId, now);
    const [approved] = await tx.update(r).set({ status: 'Approved', decidedBy: actor.userId, decidedAt: now, pricesFrom }).where(eq(r.id, row.id)).returning();
    // Made on the version this approval replaces: they could only be approved by undoing it.
    await tx
      .update(r)
      .set({ status: 'Superseded', decidedAt: now, supersededBy: row.id })
      .where(and(eq(r.key, section.key), eq(r.status, 'Pending'), ne(r.id, row.id)));
    await recordAudit(tx, {
      actor: { ...actor, role },
      at: now,
      action: `settings.${section.auditName}.approve`,
      targetType: 'settingChangeRequest',
      targetId: row.id,
      before: state.value,
      after: value,
      reason: row.reason,
    });
    const [request] = await requestViews(tx, [approved!], actor, state.version + 1);
    return { message: pricesFrom ? M.approvedPricesLater : M.approved, request: request! };
  });
  forgetPriceList(ctx.db);
  return decided;
}

/** Closes a pending request as `status` (Rejected, Withdrawn), with its audit row. */
async function close<V>(
  ctx: DbContext,
  section: SettingSection<V>,
  actor: AuditActor,
  id: string,
  decision: { status: Extract<SettingRequestStatus, 'Rejected' | 'Withdrawn'>; verb: string; reason: string | null; check: (row: RequestRow) => void; message: string },
): Promise<SettingDecision> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const row = await lockPending(tx, section as SettingSection<unknown>, id);
    decision.check(row);
    const role = await requirePermissionOf(tx, actor.userId, section.permission);
    const [closed] = await tx.update(r).set({ status: decision.status, decidedBy: actor.userId, decidedAt: now, decisionReason: decision.reason }).where(eq(r.id, row.id)).returning();
    await recordAudit(tx, {
      actor: { ...actor, role },
      at: now,
      action: `settings.${section.auditName}.${decision.verb}`,
      targetType: 'settingChangeRequest',
      targetId: row.id,
      before: { status: row.status, proposed: row.after },
      after: { status: decision.status },
      reason: decision.reason,
    });
    const state = await section.read(tx);
    const [request] = await requestViews(tx, [closed!], actor, state.version);
    return { message: decision.message, request: request! };
  });
}

/** POST …/requests/:id/reject: another admin's pending request, with the reason the proposer reads. */
export function rejectSettingChange<V>(ctx: DbContext, section: SettingSection<V>, actor: AuditActor, id: string, reason: string): Promise<SettingDecision> {
  return close(ctx, section, actor, id, {
    status: 'Rejected',
    verb: 'reject',
    reason,
    message: M.rejected,
    check: (row) => {
      if (row.proposedBy === actor.userId) throw new AppError('FORBIDDEN', M.ownRejection);
    },
  });
}

/** POST …/requests/:id/withdraw: the proposer takes back their own pending request. */
export function withdrawSettingChange<V>(ctx: DbContext, section: SettingSection<V>, actor: AuditActor, id: string): Promise<SettingDecision> {
  return close(ctx, section, actor, id, {
    status: 'Withdrawn',
    verb: 'withdraw',
    reason: null,
    message: M.withdrawn,
    check: (row) => {
      if (row.proposedBy !== actor.userId) throw new AppError('FORBIDDEN', M.notProposer);
    },
  });
}
