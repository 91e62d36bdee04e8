import { fieldErrors, NewsletterSubscribeSchema, SITE_API } from '@landunits/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { confirmSubscription } from './confirm-subscription';
import { subscriberAdminRoutes } from './admin-routes';
import { subscriptionRoutes, unsubscribeRoutes } from './settings-routes';
import { subscribe } from './subscribe';

/**
 * The newsletter form shows the server's message (SPEC §8), so a refused address answers with the
 * field's own message ('Email is required', 'Invalid email format') as `message` too.
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

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(subscriptionRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(subscriberAdminRoutes);

  app.post(SITE_API.subscribe, async (request) => subscribe(ctx, parseSubscribe(request.body), request.ip));

  app.get<{ Params: { token: string } }>(`${SITE_API.subscriberVerification}/:token`, { logSerializers: withoutToken }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return confirmSubscription(ctx, request.params.token, request.ip);
  });
}
