import type { AdminRole } from '@landunits/domain';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { auditEvents, newsCategories } from '../../../schema';
import { PASSWORD, staffLogin } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { form, type Part } from '../../../test/multipart';
import { createAdmin } from '../../users';

/** Helpers of the admin content tests: admins of each role, calls, an uploaded picture, audit rows. */

export type Sessions = Record<AdminRole, string>;

export async function adminSessions(ctx: TestContext, tag: string): Promise<Sessions> {
  const sessions = {} as Sessions;
  for (const role of ['OWNER', 'SUPPORT', 'FINANCE', 'COMPLIANCE'] as const) {
    const email = `${role.toLowerCase()}.${tag}@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role });
    sessions[role] = await staffLogin(ctx.app, email);
  }
  return sessions;
}

const ORIGIN = { origin: 'http://localhost:3000' };

export function caller(ctx: TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: ORIGIN,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(session ? { cookies: { lu_session: session } } : {}),
    });
  return {
    get: (url: string, session?: string) => send('GET', url, session),
    post: (url: string, session: string, payload?: unknown) => send('POST', url, session, payload),
    put: (url: string, session: string, payload: unknown) => send('PUT', url, session, payload),
    del: (url: string, session: string) => send('DELETE', url, session),
    /** A multipart upload to the images route. */
    upload: (session: string, parts: readonly Part[]) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/site/images', ...form(parts), headers: { ...form(parts).headers, ...ORIGIN }, cookies: { lu_session: session } }),
  };
}

/** Uploads a real PNG (each colour a different picture) and answers its image id. */
export async function uploadPng(ctx: TestContext, session: string, colour = '#2a6f97'): Promise<{ id: string; url: string }> {
  const content = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await caller(ctx).upload(session, [{ name: 'image', filename: 'picture.png', type: 'image/png', content }]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image as { id: string; url: string };
}

export async function addCategory(ctx: TestContext, name: string, slug: string): Promise<number> {
  const [row] = await ctx.database.db.insert(newsCategories).values({ name, slug }).returning({ id: newsCategories.id });
  return row!.id;
}

/** The audit rows of one target, oldest first. */
export async function auditOf(ctx: TestContext, targetType: string, targetId: string | number) {
  return ctx.database.db
    .select({ action: auditEvents.action, actorRole: auditEvents.actorRole, before: auditEvents.before, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, targetType), eq(auditEvents.targetId, String(targetId))))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
}

export async function auditCount(ctx: TestContext): Promise<number> {
  return ctx.database.db.$count(auditEvents);
}

/** A valid article body for the admin's create and update calls. */
export const article = (categoryId: number, imageId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Otters return to the river',
  description: 'A survey found otters on two kilometres of restored riverbank.',
  body: 'The survey team found fresh tracks.\n\nLocal volunteers helped plant the reeds.',
  categoryId,
  imageId,
  imageAlt: 'An otter on a mossy riverbank',
  link: '',
  status: 'draft',
  publishedAt: null,
  ...extra,
});
