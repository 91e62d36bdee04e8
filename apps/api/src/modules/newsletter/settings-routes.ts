import { ACCOUNT_SETTINGS_CONTRACTS } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../auth';
import { manageSubscriptions } from './manage-subscriptions';
import { subscriptionsOf } from './preferences';
import { unsubscribe, unsubscribeTarget } from './unsubscribe';

const C = ACCOUNT_SETTINGS_CONTRACTS;

/** The request log of the unsubscribe routes names the route, never the token in its path. */
const withoutToken = {
  req: (request: FastifyRequest) => ({ method: request.method, url: '/api/unsubscribe/[token]', host: request.host, remoteAddress: request.ip }),
};

/** The person's choice of optional emails (signed in): each route is its contract over one use-case. */
export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.subscriptions, ({ user }) => subscriptionsOf(ctx.db, user));
  route(app, C.manageSubscriptions, ({ user, body }) => manageSubscriptions(ctx, user, body));
}

/**
 * The unsubscribe link of optional emails, without a session. Mail clients post the one-click form
 * body `List-Unsubscribe=One-Click` (RFC 8058), so these routes alone accept form bodies; the body
 * says nothing the path does not, and is ignored. The answers are never cached (the contracts'
 * `cache`).
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  route(app, C.unsubscribeTarget, ({ params }) => unsubscribeTarget(ctx, params.token), { logSerializers: withoutToken });

  route(app, C.unsubscribe, ({ params, request }) => unsubscribe(ctx, params.token, request.ip), { logSerializers: withoutToken });
}
