import { ORDER_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../auth';
import { cachedPriceList, currentPriceList, type PriceList } from './price-list';
import { settingsAdminRoutes } from './admin-routes';
import { SETTINGS_TTL_MS } from './settings-cache';

export const GET_PRICE_PATH = '/api/order/get_price';
/** The longest a browser or shared cache may keep the price list (seconds): the settings TTL. */
export const PRICE_LIST_MAX_AGE_S = SETTINGS_TTL_MS / 1000;

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

/**
 * Caches may keep the list for a minute at most, and never past the next price change (at least one
 * second); the ETag revalidates it. Fees apply as soon as a change is approved, so a browser must
 * not hold the list until midnight; a minute is also how long another instance may take to see it.
 */
function answer(request: FastifyRequest, reply: FastifyReply, list: PriceList, now: number): FastifyReply {
  const maxAge = Math.max(1, Math.min(PRICE_LIST_MAX_AGE_S, Math.ceil((list.validUntil - now) / 1000)));
  reply.headers({ 'cache-control': `public, max-age=${maxAge}`, etag: list.etag });
  if (matchesEtag(request.headers['if-none-match'], list.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(list.payload);
}

export async function pricingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /**
   * Today's prices with the fees per unit type, and the external fees per payment method.
   * Public: no session is read (the handler never asks for it), so no refreshed session cookie
   * rides on an answer shared caches may keep (`public, max-age`); nothing refused cross-site.
   * Served from the per-day cache without awaiting anything when it is valid (this route is hit
   * on every page that shows a price): the pre-serialized list is sent at once, and the handler
   * returns the reply with its own headers.
   */
  route(app, C.getPrice, async ({ request, reply }) => {
    const now = ctx.clock.now();
    const cached = cachedPriceList(ctx.db, now);
    if (cached) return answer(request, reply, cached, now.getTime());
    return answer(request, reply, await currentPriceList(ctx.db, now), now.getTime());
  });

  await settingsAdminRoutes(app);
}
