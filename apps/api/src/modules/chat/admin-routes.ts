import { CHAT_MESSAGES as M } from '@landunits/domain';
import { CHAT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { hasLastEventId } from '../../platform/http/event-stream';
import { hashToken } from '../../platform/security/tokens';
import { route, SESSION_COOKIE } from '../auth';
import { assignToMe } from './assign-conversation';
import { cannedIdOf, createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './canned-replies';
import { listInbox } from './list-inbox';
import { markRead } from './mark-read';
import { officeHoursAnswer, saveOfficeHours } from './office-hours';
import { sendAsAgent } from './send-reply';
import { setStatus } from './set-conversation-status';
import { conversationDetail } from './show-admin-conversation';
import { conversationIdOf, findConversation, newestMessageId } from './store';
import { serveChatStream } from './streams';

/**
 * The agent console's routes (CHAT_CONTRACTS, permission chat.answer: SUPPORT and OWNER). A
 * conversation's or canned reply's id that cannot be one is a 404 (conversationIdOf, cannedIdOf).
 */
export async function chatAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminList, ({ admin, query }) => listInbox(ctx.db, admin.id, query));
  route(app, C.adminGet, ({ admin, params, query }) => conversationDetail(ctx.db, admin.id, conversationIdOf(params), query.before));
  route(app, C.adminAssign, ({ actor, params }) => assignToMe(ctx, actor, conversationIdOf(params)));

  route(app, C.adminSend, async ({ actor, params, body, reply }) => {
    const { created, message } = await sendAsAgent(ctx, actor, conversationIdOf(params), body);
    reply.status(created ? 201 : 200);
    return { message };
  });

  route(app, C.adminRead, async ({ params, body }) => {
    const id = conversationIdOf(params);
    if (!(await findConversation(ctx.db, id))) throw new AppError('NOT_FOUND', M.notFound);
    return markRead(ctx, id, 'agent', body.messageId);
  });

  route(app, C.adminClose, ({ actor, params }) => setStatus(ctx, actor, conversationIdOf(params), 'closed'));
  route(app, C.adminReopen, ({ actor, params }) => setStatus(ctx, actor, conversationIdOf(params), 'open'));

  route(app, C.adminStream, async ({ query: { after }, request, reply }) => {
    // Without a resume point the agents' stream starts now (the inbox answer shows the past): the
    // newest id is read before the stream answers, so nothing sent once it is open can be skipped.
    const resumes = after !== undefined || hasLastEventId(request);
    const session = `session:${hashToken(request.cookies[SESSION_COOKIE] ?? '')}`;
    serveChatStream(app, ctx, request, reply, { conversationId: null, session }, resumes ? after : await newestMessageId(ctx.db));
    return reply;
  });

  route(app, C.cannedList, () => listCannedReplies(ctx.db));
  route(app, C.cannedCreate, ({ actor, body }) => createCannedReply(ctx, actor, body));
  route(app, C.cannedUpdate, ({ actor, params, body }) => updateCannedReply(ctx, actor, cannedIdOf(params), body));
  route(app, C.cannedDelete, ({ actor, params }) => deleteCannedReply(ctx, actor, cannedIdOf(params)));
  route(app, C.officeHours, () => officeHoursAnswer(ctx));
  route(app, C.setOfficeHours, ({ actor, body }) => saveOfficeHours(ctx, actor, body));
}
