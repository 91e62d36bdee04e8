import type { DevMailMessage } from '@landunits/domain';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devMail } from '../../platform/db/schema/platform';

/** GET /api/dev/mail: the emails kept when no SMTP server is set. Never registered in production. */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/dev/mail', async (_request, reply): Promise<{ messages: DevMailMessage[] }> => {
    reply.header('cache-control', 'no-store');
    const rows = await app.ctx.db.select().from(devMail).orderBy(desc(devMail.id)).limit(200);
    return {
      messages: rows.map((m) => ({ id: String(m.id), to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString() })),
    };
  });
}
