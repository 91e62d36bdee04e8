import { ContactMessagesQuerySchema, ContactReplySchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission, type AdminUser } from '../auth';
import { contactMessageDetail, findContactMessage, listContactMessages, messageIdOf } from './admin-messages';
import { replyToContactMessage, setContactMessageClosed } from './answer-message';

const idOf = (request: FastifyRequest) => messageIdOf(String((request.params as { id?: unknown }).id ?? ''));
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const actor = (admin: AdminUser, request: FastifyRequest) => ({ userId: admin.id, role: admin.adminRole, requestId: request.id });

/** The contact inbox for admins with contact.answer (SUPPORT, OWNER): thin routes over one use-case each. */
export async function contactAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/contact-messages', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'contact.answer');
    const q = parseInput(ContactMessagesQuerySchema, request.query);
    noStore(reply);
    return listContactMessages(ctx.db, q);
  });

  app.get('/api/admin/contact-messages/:id', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'contact.answer');
    noStore(reply);
    return contactMessageDetail(ctx.db, await findContactMessage(ctx.db, idOf(request)));
  });

  app.post('/api/admin/contact-messages/:id/reply', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'contact.answer');
    const id = idOf(request);
    const body = parseInput(ContactReplySchema, request.body ?? {});
    noStore(reply);
    return replyToContactMessage(ctx, actor(admin, request), id, body.reply);
  });

  app.post('/api/admin/contact-messages/:id/close', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'contact.answer');
    noStore(reply);
    return setContactMessageClosed(ctx, actor(admin, request), idOf(request), true);
  });

  app.post('/api/admin/contact-messages/:id/reopen', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'contact.answer');
    noStore(reply);
    return setContactMessageClosed(ctx, actor(admin, request), idOf(request), false);
  });
}
