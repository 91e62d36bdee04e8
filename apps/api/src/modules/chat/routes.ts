import { ChatVisitorStartSchema } from '@landunits/domain';
import { CHAT_CONTRACTS as C, CHAT_VISITOR_COOKIE } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DAY } from '../../platform/clock';
import { parseInput } from '../../platform/http/app-error';
import { hashToken } from '../../platform/security/tokens';
import { route, SESSION_COOKIE } from '../auth';
import { unreadOfUser } from './count-unread';
import { markRead } from './mark-read';
import { resumeVisitor } from './resume-conversation';
import { sendAsCustomer } from './send-message';
import { customerView } from './show-conversation';
import { startForUser, startForVisitor } from './start-conversation';
import { requireConversation, type Customer } from './store';
import { serveChatStream } from './streams';

const VISITOR_COOKIE_MAX_AGE_S = (90 * DAY) / 1000;

/**
 * The customer's chat routes (CHAT_CONTRACTS): who the customer is comes from the session, or
 * else from the visitor cookie; never from an id in the request. Answers are never cached (the
 * contracts' `no-store`).
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/api/chat', maxAge: VISITOR_COOKIE_MAX_AGE_S } as const;

  const customerOf = (session: { user: { id: string } } | undefined, request: FastifyRequest): Customer | null => {
    if (session) return { kind: 'user', userId: session.user.id };
    const token = request.cookies[CHAT_VISITOR_COOKIE];
    return token && token.length <= 200 ? { kind: 'visitor', tokenHash: hashToken(token) } : null;
  };

  // parsedByHandler: the body depends on who asks. A signed-in person's is not read; a visitor's is
  // checked with ChatVisitorStartSchema, one message per field (the contract's union of both would
  // answer a visitor's mistakes with one message for the body).
  route(
    app,
    C.start,
    async ({ optionalSession, request, reply }) => {
      const customer = customerOf(await optionalSession(), request);
      if (customer?.kind === 'user') {
        const { created, answer } = await startForUser(ctx, customer.userId, request.ip);
        reply.status(created ? 201 : 200);
        return answer;
      }
      const input = parseInput(ChatVisitorStartSchema, request.body ?? {});
      const { created, token, answer } = await startForVisitor(ctx, customer?.tokenHash ?? null, input, request.ip);
      if (token) reply.setCookie(CHAT_VISITOR_COOKIE, token, cookieOptions);
      reply.status(created ? 201 : 200);
      return answer;
    },
    { parsedByHandler: ['body'] },
  );

  route(app, C.conversation, async ({ optionalSession, request, query }) => customerView(ctx, customerOf(await optionalSession(), request), query.before));

  route(app, C.send, async ({ optionalSession, request, reply, body }) => {
    const customer = customerOf(await optionalSession(), request);
    await requireConversation(ctx.db, customer);
    const { created, message } = await sendAsCustomer(ctx, customer as Customer, body);
    reply.status(created ? 201 : 200);
    return { message };
  });

  route(app, C.read, async ({ optionalSession, request, body }) => {
    const conversation = await requireConversation(ctx.db, customerOf(await optionalSession(), request));
    return markRead(ctx, conversation.id, 'customer', body.messageId);
  });

  route(app, C.stream, async ({ optionalSession, request, reply, query }) => {
    const customer = customerOf(await optionalSession(), request);
    const conversation = await requireConversation(ctx.db, customer);
    // Counted per signed-in session, or per visitor cookie (decision 0035).
    const streamSession = customer?.kind === 'user' ? `session:${hashToken(request.cookies[SESSION_COOKIE] ?? '')}` : `chat-visitor:${customer?.tokenHash ?? ''}`;
    serveChatStream(app, ctx, request, reply, { conversationId: conversation.id, session: streamSession }, query.after);
    return reply;
  });

  route(app, C.unread, async ({ user }) => ({ unread: await unreadOfUser(ctx.db, user.id) }));

  route(app, C.resume, async ({ request, reply, body }) => {
    const resumed = await resumeVisitor(ctx, body.token, request.ip);
    reply.setCookie(CHAT_VISITOR_COOKIE, resumed.token, cookieOptions);
    return resumed.answer;
  });
}
