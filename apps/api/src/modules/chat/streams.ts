import { CHAT_EVENTS } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { lastEventId, openEventStream } from '../../platform/http/event-stream';
import { CHAT_TOPIC, parseNotice, type ChatNotice } from './events';
import { findConversation, messagesAfter, toConversationView, toMessageViews } from './store';

/**
 * A chat stream (decision 0029), of one conversation (the customer's) or of all (the agents'):
 * 1. subscribe to the realtime topic FIRST, queueing what arrives;
 * 2. replay from the database every message with an id above the client's Last-Event-ID;
 * 3. then live: a message notice reads the messages above the last id sent (so nothing committed
 *    in between is skipped), read and conversation notices are passed on.
 * Work runs one step at a time in order, and no message id at or below the last sent is ever sent
 * again, so a notice racing the replay causes no duplicate. Message ids become visible in
 * increasing order (store.ts serializeMessageIds), so reading "above the last sent" loses none.
 * A `resync` (the LISTEN connection came back) reads above the last sent again and resends the
 * conversation's state. `scope.session` names whose stream it is for the per-session limit.
 */
export function serveChatStream(app: FastifyInstance, ctx: AppContext, request: FastifyRequest, reply: FastifyReply, scope: { conversationId: number | null; session: string }, after?: number): void {
  const stream = openEventStream(app, request, reply, { session: scope.session });
  let lastSent = lastEventId(request, after);
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    chain = chain
      .then(async () => {
        if (!stream.closed) await step();
      })
      .catch((err) => {
        request.log.warn({ err }, 'chat stream: a step failed; the stream ends so the client reconnects and replays');
        stream.close();
      });
  };

  const sendNewMessages = async () => {
    for (;;) {
      const rows = (await messagesAfter(ctx.db, lastSent, scope.conversationId)).filter((r) => r.id > lastSent);
      if (rows.length === 0 || stream.closed) return;
      const ids = [...new Set(rows.map((r) => r.conversationId))];
      const conversations = (await Promise.all(ids.map((id) => findConversation(ctx.db, id)))).filter((c) => c !== undefined);
      for (const view of await toMessageViews(ctx.db, rows, conversations)) {
        if (view.id <= lastSent) continue;
        stream.send({ event: CHAT_EVENTS.message, id: view.id, data: JSON.stringify(view) });
        lastSent = view.id;
      }
      if (rows.length < 500) return;
    }
  };

  const sendConversation = async (id: number) => {
    const row = await findConversation(ctx.db, id);
    if (row) stream.send({ event: CHAT_EVENTS.conversation, data: JSON.stringify({ ...(await toConversationView(ctx.db, row)), conversationId: row.id }) });
  };

  const handle = (notice: ChatNotice) => {
    if (scope.conversationId !== null && notice.c !== scope.conversationId) return;
    if (notice.t === 'm') enqueue(sendNewMessages);
    else if (notice.t === 'r') enqueue(async () => stream.send({ event: CHAT_EVENTS.read, data: JSON.stringify({ conversationId: notice.c, side: notice.s, messageId: notice.m }) }));
    else enqueue(() => sendConversation(notice.c));
  };

  const unsubscribe = ctx.realtime.subscribe(CHAT_TOPIC, (event) => {
    if (event.kind === 'resync') {
      enqueue(sendNewMessages);
      if (scope.conversationId !== null) enqueue(() => sendConversation(scope.conversationId as number));
      return;
    }
    const notice = parseNotice(event.payload);
    if (notice) handle(notice);
  });
  stream.onClose(unsubscribe);
  // Subscribed: once the LISTEN has taken effect, the replay; notices that arrived meanwhile queue
  // behind it. (Replaying earlier could miss a message committed between the read and the LISTEN.)
  enqueue(async () => {
    await unsubscribe.ready;
    await sendNewMessages();
    stream.send({ event: CHAT_EVENTS.ready, id: lastSent, data: '{}' });
  });
}
