import type { AppContext } from '../../platform/context';

/**
 * What the chat publishes on the realtime seam (topic `chat`), after its transaction commits:
 * ids only, the streams read the rest from the database.
 *   {t:'m', c, m}  a message m in conversation c
 *   {t:'r', c, s, m} side s read conversation c up to m
 *   {t:'c', c}    conversation c started, was assigned, closed or reopened
 */
export const CHAT_TOPIC = 'chat';

export type ChatNotice = { t: 'm'; c: number; m: number } | { t: 'r'; c: number; s: 'customer' | 'agent'; m: number } | { t: 'c'; c: number };

export function parseNotice(payload: string): ChatNotice | null {
  try {
    const value = JSON.parse(payload) as ChatNotice;
    return typeof value === 'object' && value !== null && typeof value.c === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** A lost notice only delays a stream until its next event or resync: never fails the request. */
export async function notify(ctx: Pick<AppContext, 'realtime'>, notice: ChatNotice, log?: { warn(obj: object, msg: string): void }): Promise<void> {
  try {
    await ctx.realtime.publish(CHAT_TOPIC, JSON.stringify(notice));
  } catch (err) {
    log?.warn({ err }, 'chat: the realtime notice was not published');
  }
}
