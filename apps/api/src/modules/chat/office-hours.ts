import { DEFAULT_OFFICE_HOURS, expectedReplyText, officeHoursStatus, OfficeHoursSchema, type OfficeHours } from '@landunits/domain';
import type { ChatOfficeHoursAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { recordAudit, type AuditActor } from '../audit';
import { readSettingRow, writeSettingRow } from '../pricing';

/**
 * The chat's office hours: one row of the admin-editable `settings` table under `chat.officeHours`
 * (the seam site-content's impact figures use), no row meaning the defaults (Mon–Fri 09:00–17:00
 * London, a reply within 10 minutes). A stored value the schema refuses reads as the defaults:
 * the chat keeps working and the admins see and fix the hours.
 */
export const OFFICE_HOURS_KEY = 'chat.officeHours';

export async function loadOfficeHours(db: Db): Promise<OfficeHours> {
  const row = await readSettingRow(db, OFFICE_HOURS_KEY);
  if (!row) return DEFAULT_OFFICE_HOURS;
  const parsed = OfficeHoursSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_OFFICE_HOURS;
}

/** What the customer is told now: open or not, and when to expect a reply. */
export async function officeHoursNow(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<{ open: boolean; expectedReply: string }> {
  const hours = await loadOfficeHours(ctx.db);
  const now = ctx.clock.now();
  return { open: officeHoursStatus(hours, now).open, expectedReply: expectedReplyText(hours, now) };
}

export async function officeHoursAnswer(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<ChatOfficeHoursAnswer> {
  return { officeHours: await loadOfficeHours(ctx.db), ...(await officeHoursNow(ctx)) };
}

export async function saveOfficeHours(ctx: AppContext, admin: AuditActor, hours: OfficeHours): Promise<ChatOfficeHoursAnswer> {
  await inTransaction(ctx.db, async (tx) => {
    const previous = await readSettingRow(tx, OFFICE_HOURS_KEY, { forUpdate: true });
    const now = ctx.clock.now();
    await writeSettingRow(tx, { key: OFFICE_HOURS_KEY, value: hours, adminId: admin.userId, now });
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'chat.officeHours.update',
      targetType: 'settings',
      targetId: OFFICE_HOURS_KEY,
      before: (previous?.value as object | undefined) ?? null,
      after: hours,
    });
  });
  return officeHoursAnswer(ctx);
}
