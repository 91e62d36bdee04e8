import { grantsAdmin } from '@landunits/domain';
import type { SecurityOverview } from '@landunits/domain/contracts';
import type { AppContext } from '../../../platform/context';
import { describeDevice, listUserSessions } from '../sessions/store';
import { activeMoneyHold } from '../money-holds';
import { safeguardsView, transferSafeguardsOf } from '../money-safeguards/store';
import { recoveryCodesLeft } from './store';
import { findTotp } from './totp';
import { listPasskeys } from '../passkeys/webauthn';
import type { Caller } from './factor-changes';

export async function securityOverview(ctx: AppContext, caller: Caller): Promise<SecurityOverview> {
  const { user, sessionId } = caller;
  const now = ctx.clock.now();
  const [totp, keys, left, open, moneyHold, safeguards] = await Promise.all([
    findTotp(ctx.db, user.id),
    listPasskeys(ctx.db, user.id),
    recoveryCodesLeft(ctx.db, user.id),
    listUserSessions(ctx.db, user.id, now),
    activeMoneyHold(ctx.db, user.id, now),
    transferSafeguardsOf(ctx.db, user.id, now),
  ]);
  return {
    totp: { enabled: Boolean(totp?.confirmedAt), enabledAt: totp?.confirmedAt?.toISOString() ?? null },
    passkeys: keys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null, synced: p.backedUp })),
    recoveryCodesLeft: totp?.confirmedAt || keys.length > 0 ? left : null,
    adminNeedsSecondFactor: Boolean(user.adminRole) && !grantsAdmin(caller.secondFactor),
    sessions: open.map((s) => ({
      id: s.id,
      current: s.id === sessionId,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress,
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastSeenAt.toISOString(),
      secondFactor: s.secondFactor,
    })),
    moneyHold,
    ...safeguardsView(safeguards),
  };
}
