import { fieldErrors, NewsletterSubscribeSchema, SITE_API } from '@landunits/domain';
import { ACCOUNT_SETTINGS_CONTRACTS as S, SITE_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { route } from '../auth';
import { confirmSubscription } from './confirm-subscription';
import { subscriberAdminRoutes } from './admin-routes';
import { manageSubscriptions } from './manage-subscriptions';
import { subscriptionsOf } from './show-subscriptions';
import { unsubscribeTarget } from './show-unsubscribe-target';
import { subscribe } from './subscribe-to-newsletter';
import { unsubscribe } from './unsubscribe-by-link';

/**
 * The newsletter form shows the server's message (SPEC §8), so a refused address answers with the
 * field's own message ('Email is required', 'Invalid email format') as `message` too. route()
 * answers every refused body with the general VALIDATION_MESSAGE, so the subscribe route parses its
 * body here (`parsedByHandler`).
 */
function parseSubscribe(body: unknown): string {
  const result = NewsletterSubscribeSchema.safeParse(body ?? {});
  if (result.success) return result.data.email;
  const errors = fieldErrors(result.error);
  throw new AppError('VALIDATION_FAILED', errors.email ?? Object.values(errors)[0] ?? VALIDATION_MESSAGE, errors);
}

/** The request log of the confirmation route names the route, never the token in its path. */
const withoutToken = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: `${SITE_API.subscriberVerification}/[token]`,
    host: request.host,
    remoteAddress: request.ip,
  }),
};

/** The request log of the unsubscribe routes names the route, never the token in its path. */
const withoutUnsubscribeToken = {
  req: (request: FastifyRequest) => ({ method: request.method, url: '/api/unsubscribe/[token]', host: request.host, remoteAddress: request.ip }),
};

/** The person's choice of optional emails (signed in): each route is its contract over one use-case. */
export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, S.subscriptions, ({ user }) => subscriptionsOf(ctx.db, user));
  route(app, S.manageSubscriptions, ({ user, body }) => manageSubscriptions(ctx, user, body));
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

  route(app, S.unsubscribeTarget, ({ params }) => unsubscribeTarget(ctx, params.token), { logSerializers: withoutUnsubscribeToken });

  route(app, S.unsubscribe, ({ params, request }) => unsubscribe(ctx, params.token, request.ip), { logSerializers: withoutUnsubscribeToken });
}

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(subscriptionRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(subscriberAdminRoutes);

  // parsedByHandler: a refused address answers with the field's own message as `message` (parseSubscribe).
  route(app, C.subscribe, async ({ request }) => subscribe(ctx, parseSubscribe(request.body), request.ip), { parsedByHandler: ['body'] });

  route(app, C.subscriberVerification, ({ params, request }) => confirmSubscription(ctx, params.token, request.ip), { logSerializers: withoutToken });
}
