import { CONTACT_ADMIN_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { listContactMessages } from './list-contact-messages';
import { replyToContactMessage } from './reply-to-message';
import { setContactMessageClosed } from './set-message-closed';
import { contactMessageDetail, findContactMessage, messageIdOf } from './store';

/** The contact inbox for admins with contact.answer (SUPPORT, OWNER): each route is its contract over one use-case; a malformed id names nothing (404). */
export async function contactAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ query }) => listContactMessages(ctx.db, query));
  route(app, C.detail, async ({ params }) => contactMessageDetail(ctx.db, await findContactMessage(ctx.db, messageIdOf(params.id))));
  route(app, C.reply, ({ actor, params, body }) => replyToContactMessage(ctx, actor, messageIdOf(params.id), body.reply));
  route(app, C.close, ({ actor, params }) => setContactMessageClosed(ctx, actor, messageIdOf(params.id), true));
  route(app, C.reopen, ({ actor, params }) => setContactMessageClosed(ctx, actor, messageIdOf(params.id), false));
}
