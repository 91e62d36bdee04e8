import { ChatCannedReplyInputSchema, ChatHistoryQuerySchema, ChatInboxQuerySchema, ChatReadSchema, ChatSendSchema, ChatStreamQuerySchema, OfficeHoursSchema } from '@landunits/domain';
import { CHAT_API } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { requirePermission, SESSION_COOKIE } from '../auth';
import { hashToken } from '../../platform/security/tokens';
import { assignToMe, conversationDetail, listInbox, sendAsAgent, setStatus } from './agent';
import { cannedIdOf, createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './canned-replies';
import { markRead } from './customer';
import { officeHoursAnswer, saveOfficeHours } from './office-hours';
import { conversationIdOf, findConversation, newestMessageId } from './store';
import { serveChatStream } from './streams';
import { hasLastEventId } from '../../platform/http/event-stream';
import { AppError } from '../../platform/http/app-error';
import { CHAT_MESSAGES as M } from '@landunits/domain';

/** The agent console's routes (permission chat.answer: SUPPORT and OWNER). */
export async function chatAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const agent = async (request: FastifyRequest, reply: FastifyReply): Promise<AuditActor> => {
    const user = await requirePermission(ctx, request, reply, 'chat.answer');
    reply.header('cache-control', 'no-store');
    return { userId: user.id, role: user.adminRole, requestId: request.id };
  };

  app.get(CHAT_API.adminConversations, async (request, reply) => {
    const admin = await agent(request, reply);
    return listInbox(ctx.db, admin.userId, parseInput(ChatInboxQuerySchema, request.query));
  });

  app.get(CHAT_API.adminConversation, async (request, reply) => {
    const admin = await agent(request, reply);
    const id = conversationIdOf(request.params);
    const { before } = parseInput(ChatHistoryQuerySchema, request.query);
    return conversationDetail(ctx.db, admin.userId, id, before);
  });

  app.post(CHAT_API.adminAssign, async (request, reply) => {
    const admin = await agent(request, reply);
    return assignToMe(ctx, admin, conversationIdOf(request.params));
  });

  app.post(CHAT_API.adminMessages, async (request, reply) => {
    const admin = await agent(request, reply);
    const id = conversationIdOf(request.params);
    const { created, message } = await sendAsAgent(ctx, admin, id, parseInput(ChatSendSchema, request.body ?? {}));
    return reply.status(created ? 201 : 200).send({ message });
  });

  app.post(CHAT_API.adminRead, async (request, reply) => {
    await agent(request, reply);
    const id = conversationIdOf(request.params);
    const { messageId } = parseInput(ChatReadSchema, request.body ?? {});
    if (!(await findConversation(ctx.db, id))) throw new AppError('NOT_FOUND', M.notFound);
    return markRead(ctx, id, 'agent', messageId);
  });

  app.post(CHAT_API.adminClose, async (request, reply) => {
    const admin = await agent(request, reply);
    return setStatus(ctx, admin, conversationIdOf(request.params), 'closed');
  });

  app.post(CHAT_API.adminReopen, async (request, reply) => {
    const admin = await agent(request, reply);
    return setStatus(ctx, admin, conversationIdOf(request.params), 'open');
  });

  app.get(CHAT_API.adminStream, async (request, reply) => {
    await agent(request, reply);
    const { after } = parseInput(ChatStreamQuerySchema, request.query);
    // Without a resume point the agents' stream starts now (the inbox answer shows the past): the
    // newest id is read before the stream answers, so nothing sent once it is open can be skipped.
    const resumes = after !== undefined || hasLastEventId(request);
    const session = `session:${hashToken(request.cookies[SESSION_COOKIE] ?? '')}`;
    serveChatStream(app, ctx, request, reply, { conversationId: null, session }, resumes ? after : await newestMessageId(ctx.db));
  });

  app.get(CHAT_API.cannedReplies, async (request, reply) => {
    await agent(request, reply);
    return listCannedReplies(ctx.db);
  });

  app.post(CHAT_API.cannedReplies, async (request, reply) => {
    const admin = await agent(request, reply);
    return reply.status(201).send(await createCannedReply(ctx, admin, parseInput(ChatCannedReplyInputSchema, request.body ?? {})));
  });

  app.put(CHAT_API.cannedReply, async (request, reply) => {
    const admin = await agent(request, reply);
    const id = cannedIdOf(request.params);
    return updateCannedReply(ctx, admin, id, parseInput(ChatCannedReplyInputSchema, request.body ?? {}));
  });

  app.delete(CHAT_API.cannedReply, async (request, reply) => {
    const admin = await agent(request, reply);
    return deleteCannedReply(ctx, admin, cannedIdOf(request.params));
  });

  app.get(CHAT_API.officeHours, async (request, reply) => {
    await agent(request, reply);
    return officeHoursAnswer(ctx);
  });

  app.put(CHAT_API.officeHours, async (request, reply) => {
    const admin = await agent(request, reply);
    return saveOfficeHours(ctx, admin, parseInput(OfficeHoursSchema, request.body ?? {}));
  });
}
