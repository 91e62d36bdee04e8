import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devMail } from '../../platform/db/schema/platform';
import { contentDisposition } from '../../platform/files';
import { AppError } from '../../platform/http/app-error';
import { isLoopbackAddress } from '../../platform/http/loopback';
import { route } from '../auth';

/** Headers a proxy adds when it passes a request on: such a request may come from anywhere. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

export const DEV_MAIL_LOCAL_ONLY = 'The development mail viewer answers only on this machine.';

/**
 * The policy of one email's HTML as /dev/mail shows it: the email's inline styles and data images,
 * nothing else (no scripts, requests, forms or plugins: `sandbox`), framed only by this site's own
 * pages. The app's policy (no inline styles) stays on every other answer.
 */
export const DEV_MAIL_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/**
 * GET /api/dev/mail and GET /api/dev/mail/:id/html: the emails kept when no SMTP server is set.
 * Registered only with the development tools (config.devTools), and answers only clients on this
 * machine: the socket's address (never X-Forwarded-For) must be a loopback one, and a request
 * passed on by a proxy (which may itself run on this machine) is refused (a hook, before anything
 * else). Each route is its contract (PLATFORM_CONTRACTS), never cached.
 */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    if (proxied || !isLoopbackAddress(request.socket.remoteAddress)) throw new AppError('FORBIDDEN', DEV_MAIL_LOCAL_ONLY);
  });
  route(app, C.devMail, async () => {
    const rows = await app.ctx.db.select().from(devMail).orderBy(desc(devMail.id)).limit(200);
    return {
      messages: rows.map((m) => ({
        id: String(m.id),
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: m.createdAt.toISOString(),
        attachments: m.attachments.map((a, index) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: Buffer.byteLength(a.contentBase64, 'base64'),
          url: `/api/dev/mail/${m.id}/attachments/${index}`,
        })),
      })),
    };
  });

  /** One email's HTML as it is sent, shown by /dev/mail/:id in a sandboxed frame. */
  route(app, C.devMailHtml, async ({ params, reply }) => {
    const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
    const [row] = id === null ? [] : await app.ctx.db.select({ html: devMail.html }).from(devMail).where(eq(devMail.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This email is not kept here.');
    reply.header('content-security-policy', DEV_MAIL_HTML_CSP);
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-resource-policy', 'same-origin');
    return reply.type('text/html; charset=utf-8').send(row.html);
  });

  /** One attachment of a kept email, downloaded as the recipient's mail client would save it. */
  route(app, C.devMailAttachment, async ({ params, reply }) => {
    const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
    const index = /^\d{1,2}$/.test(params.index) ? Number(params.index) : null;
    const [row] = id === null ? [] : await app.ctx.db.select({ attachments: devMail.attachments }).from(devMail).where(eq(devMail.id, id));
    const file = index === null ? undefined : row?.attachments[index];
    if (!file) throw new AppError('NOT_FOUND', 'This attachment is not kept here.');
    return reply
      .header('content-disposition', contentDisposition(file.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .type(file.contentType)
      .send(Buffer.from(file.contentBase64, 'base64'));
  });
}
