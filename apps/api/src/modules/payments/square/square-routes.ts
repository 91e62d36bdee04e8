import type { FastifyInstance } from 'fastify';
import { payCardSquareRoutes } from './pay-card-square';
import type { SquareGateway } from './square-gateway';
import { squareWebhookRoutes } from './square-webhook';

/**
 * Square's routes, registered by the payments module with the app's gateway (createSquareGateway
 * over config.ts's keys; null without keys), so Pay, the webhook and cancel_order talk to the same
 * Square. Without keys Pay answers 404 (test mode has its own form) and there is no webhook: with no
 * signature key no notification could be trusted.
 */
export interface SquareRoutesOptions {
  gateway: SquareGateway | null;
}

export async function squareRoutes(app: FastifyInstance, { gateway }: SquareRoutesOptions): Promise<void> {
  await app.register(payCardSquareRoutes, { gateway });
  if (gateway && app.config.square) await app.register(squareWebhookRoutes, { gateway, config: app.config.square });
}
