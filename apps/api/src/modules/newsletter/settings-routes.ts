import { ACCOUNT_SETTINGS_CONTRACTS, ManageSubscriptionsSchema, UNSUBSCRIBE_API_PATH } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requireUser } from '../auth';
import { manageSubscriptions } from './manage-subscriptions';
import { subscriptionsOf } from './preferences';
import { unsubscribe, unsubscribeTarget } from './unsubscribe';

const C = ACCOUNT_SETTINGS_CONTRACTS;

/** The request log of the unsubscribe routes names the route, never the token in its path. */
const withoutToken = {
  req: (request: FastifyRequest) => ({ method: request.method, url: '/api/unsubscribe/[token]', host: request.host, remoteAddress: request.ip }),
};

/** The person's choice of optional emails (signed in). */
export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(C.subscriptions.path, async (request, reply) => subscriptionsOf(ctx.db, await requireUser(ctx, request, reply)));

  app.post(C.manageSubscriptions.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    return manageSubscriptions(ctx, user, parseInput(ManageSubscriptionsSchema, request.body));
  });
}

/**
 * The unsubscribe link of optional emails, without a session. Mail clients post the one-click form
 * body `List-Unsubscribe=One-Click` (RFC 8058), so these routes alone accept form bodies; the body
 * says nothing the path does not, and is ignored.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get<{ Params: { token: string } }>(UNSUBSCRIBE_API_PATH, { logSerializers: withoutToken }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return unsubscribeTarget(ctx, request.params.token);
  });

  app.post<{ Params: { token: string } }>(UNSUBSCRIBE_API_PATH, { logSerializers: withoutToken }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return unsubscribe(ctx, request.params.token, request.ip);
  });
}
