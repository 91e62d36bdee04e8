import { fieldErrors, NewsletterSubscribeSchema, SITE_API } from '@landunits/domain';
import { SITE_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { route } from '../auth';
import { confirmSubscription } from './confirm-subscription';
import { subscriberAdminRoutes } from './admin-routes';
import { subscriptionRoutes, unsubscribeRoutes } from './settings-routes';
import { subscribe } from './subscribe';

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

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(subscriptionRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(subscriberAdminRoutes);

  // parsedByHandler: a refused address answers with the field's own message as `message` (parseSubscribe).
  route(app, C.subscribe, async ({ request }) => subscribe(ctx, parseSubscribe(request.body), request.ip), { parsedByHandler: ['body'] });

  route(app, C.subscriberVerification, ({ params, request }) => confirmSubscription(ctx, params.token, request.ip), { logSerializers: withoutToken });
}
