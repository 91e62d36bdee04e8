import type { DevMailMessage } from '@landunits/domain';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devMail } from '../../platform/db/schema/platform';
import { AppError } from '../../platform/http/app-error';
import { isLoopbackAddress } from '../../platform/http/loopback';

/** Headers a proxy adds when it passes a request on: such a request may come from anywhere. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

export const DEV_MAIL_LOCAL_ONLY = 'The development mail viewer answers only on this machine.';

/**
 * GET /api/dev/mail: the emails kept when no SMTP server is set. Registered only with the
 * development tools (config.devTools), and answers only clients on this machine: the socket's
 * address (never X-Forwarded-For) must be a loopback one, and a request passed on by a proxy
 * (which may itself run on this machine) is refused.
 */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    if (proxied || !isLoopbackAddress(request.socket.remoteAddress)) throw new AppError('FORBIDDEN', DEV_MAIL_LOCAL_ONLY);
  });
  app.get('/api/dev/mail', async (_request, reply): Promise<{ messages: DevMailMessage[] }> => {
    reply.header('cache-control', 'no-store');
    const rows = await app.ctx.db.select().from(devMail).orderBy(desc(devMail.id)).limit(200);
    return {
      messages: rows.map((m) => ({ id: String(m.id), to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString() })),
    };
  });
}
