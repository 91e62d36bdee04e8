import Bowser from 'bowser';
import { count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { enqueueEmail } from '../../platform/mail/outbox';
import { hashToken, newToken } from '../../platform/security/tokens';
import { notify } from '../notifications';
import type { UserRow } from '../users';
import { newDeviceEmail, NEW_DEVICE } from './security-emails';
import { issueToken } from './email-tokens';
import { links } from './links';
import { knownDevices } from './schema';
import { auditStaffSecurity } from './staff-audit';

/**
 * Devices: each browser that signs in keeps a random id in the lu_device cookie (httpOnly, 400
 * days); its hash is stored per person. A sign-in from a browser the person has not used before,
 * when they have used another, emails them once (the insert that records the device decides).
 */

export const DEVICE_COOKIE = 'lu_device';
const DEVICE_COOKIE_DAYS = 400;

/** "Chrome on macOS"; "Unknown device" when the browser did not say. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/** The request's device id (the cookie), or a new one to set. */
export function deviceTokenOf(request: FastifyRequest): { token: string; isNew: boolean } {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, isNew: false };
  return { token: newToken().token, isNew: true };
}

export function setDeviceCookie(reply: FastifyReply, ctx: AppContext, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, { sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/', httpOnly: true, maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 });
}

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
