import { ChatHistoryQuerySchema, ChatResumeSchema, ChatSendSchema, ChatStreamQuerySchema, ChatVisitorStartSchema, ChatReadSchema } from '@landunits/domain';
import { CHAT_API, CHAT_VISITOR_COOKIE } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { hashToken } from '../../platform/security/tokens';
import { optionalUser, requireUser, SESSION_COOKIE } from '../auth';
import { customerView, markRead, requireConversation, resumeVisitor, sendAsCustomer, startForUser, startForVisitor, unreadOfUser, VISITOR_COOKIE_MAX_AGE_S, type Customer } from './customer';
import { serveChatStream } from './streams';

/**
 * The customer's chat routes (CHAT_CONTRACTS): who the customer is comes from the session, or
 * else from the visitor cookie; never from an id in the request. Answers are never cached.
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/api/chat', maxAge: VISITOR_COOKIE_MAX_AGE_S } as const;

  const customerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Customer | null> => {
    reply.header('cache-control', 'no-store');
    const user = await optionalUser(ctx, request, reply);
    if (user) return { kind: 'user', userId: user.id };
    const token = request.cookies[CHAT_VISITOR_COOKIE];
    return token && token.length <= 200 ? { kind: 'visitor', tokenHash: hashToken(token) } : null;
  };

  app.post(CHAT_API.start, async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer?.kind === 'user') {
      const { created, answer } = await startForUser(ctx, customer.userId, request.ip);
      return reply.status(created ? 201 : 200).send(answer);
    }
    const input = parseInput(ChatVisitorStartSchema, request.body ?? {});
    const { created, token, answer } = await startForVisitor(ctx, customer?.tokenHash ?? null, input, request.ip);
    if (token) reply.setCookie(CHAT_VISITOR_COOKIE, token, cookieOptions);
    return reply.status(created ? 201 : 200).send(answer);
  });

  app.get(CHAT_API.conversation, async (request, reply) => {
    const customer = await customerOf(request, reply);
    const { before } = parseInput(ChatHistoryQuerySchema, request.query);
    return customerView(ctx, customer, before);
  });

  app.post(CHAT_API.messages, async (request, reply) => {
    const customer = await customerOf(request, reply);
    const input = parseInput(ChatSendSchema, request.body ?? {});
    await requireConversation(ctx.db, customer);
    const { created, message } = await sendAsCustomer(ctx, customer as Customer, input);
    return reply.status(created ? 201 : 200).send({ message });
  });

  app.post(CHAT_API.read, async (request, reply) => {
    const customer = await customerOf(request, reply);
    const { messageId } = parseInput(ChatReadSchema, request.body ?? {});
    const conversation = await requireConversation(ctx.db, customer);
    return markRead(ctx, conversation.id, 'customer', messageId);
  });

  app.get(CHAT_API.stream, async (request, reply) => {
    const customer = await customerOf(request, reply);
    const { after } = parseInput(ChatStreamQuerySchema, request.query);
    const conversation = await requireConversation(ctx.db, customer);
    // Counted per signed-in session, or per visitor cookie (decision 0035).
    const session = customer?.kind === 'user' ? `session:${hashToken(request.cookies[SESSION_COOKIE] ?? '')}` : `chat-visitor:${customer?.tokenHash ?? ''}`;
    serveChatStream(app, ctx, request, reply, { conversationId: conversation.id, session }, after);
  });

  app.get(CHAT_API.unread, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    return { unread: await unreadOfUser(ctx.db, user.id) };
  });

  app.post(CHAT_API.resume, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { token } = parseInput(ChatResumeSchema, request.body ?? {});
    const resumed = await resumeVisitor(ctx, token, request.ip);
    reply.setCookie(CHAT_VISITOR_COOKIE, resumed.token, cookieOptions);
    return resumed.answer;
  });
}
