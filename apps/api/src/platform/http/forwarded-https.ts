import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** The answer to a request other than GET or HEAD that a proxy received over plain HTTP. */
export const HTTPS_REQUIRED = 'Use the https:// address of this site.';

/**
 * Behind a trusted proxy (TRUST_PROXY) on an https:// site, X-Forwarded-Proto says how the person
 * reached the proxy. A page asked for over plain HTTP is sent to the same path on PUBLIC_URL
 * (301, to PUBLIC_URL's origin, never to the Host header). Another method is refused with 400, as
 * its Secure cookies were not sent and its body travelled in clear. Requests with no
 * X-Forwarded-Proto (a load balancer's health probe on the app's own port) are served as they come.
 */
export function registerForwardedHttps(app: FastifyInstance, publicUrl: string): void {
  const origin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['x-forwarded-proto'] === undefined || request.protocol !== 'http') return;
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('BAD_REQUEST', HTTPS_REQUIRED);
    return reply.redirect(`${origin}${request.url}`, 301);
  });
}
