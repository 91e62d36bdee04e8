import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { enqueueEmail } from '../../../platform/mail/outbox';
import { hashToken } from '../../../platform/security/tokens';
import { notify } from '../../notifications';
import type { UserRow } from '../../users';
import { newDeviceEmail, NEW_DEVICE } from '../emails';
import { issueToken, auditStaffSecurity } from '../store';
import { links } from '../links';
import { knownDevices } from '../schema';
import { describeDevice } from './store';

/**
 * Devices: each browser that signs in keeps a random id in the lu_device cookie (httpOnly, 400
 * days); its hash is stored per person. A sign-in from a browser the person has not used before,
 * when they have used another, emails them once (the insert that records the device decides).
 */

/** Records the device of a sign-in; emails and notifies the person when it is new and not their first. */
export async function recordDevice(ctx: AppContext, tx: Db, user: UserRow, device: { token: string; userAgent?: string | undefined; ipAddress?: string | undefined }): Promise<void> {
  const now = ctx.clock.now();
  const inserted = await tx
    .insert(knownDevices)
    .values({ userId: user.id, deviceHash: hashToken(device.token), firstSeenAt: now })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  if (inserted.length === 0) return;
  const [known] = await tx.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, user.id));
  if ((known?.n ?? 0) <= 1) return;
  const described = describeDevice(device.userAgent);
  await enqueueEmail(
    ctx,
    tx,
    newDeviceEmail({
      to: user.email,
      firstName: user.firstName,
      device: described,
      ipAddress: device.ipAddress ?? 'unknown',
      at: now,
      notMeLink: links(ctx).notMe(await issueToken(ctx, tx, user.id, 'not-me')),
      securityLink: links(ctx).security(),
    }),
  );
  await notify(tx, { userId: user.id, ...NEW_DEVICE(described), at: now });
  await auditStaffSecurity(tx, user, 'signIn.newDevice', now, { device: described, ipAddress: device.ipAddress ?? null });
}
