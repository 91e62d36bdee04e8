import { AUTH_ANSWERS } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request sent from another site: a foreign Origin, an opaque
 * ('null') Origin, or Sec-Fetch-Site: cross-site. Requests without these headers (non-browser
 * clients, payment providers' webhooks) carry no ambient cookies from a victim's browser and pass.
 * Session cookies are also SameSite=Lax.
 *
 * Every method other than GET, HEAD and OPTIONS is judged whatever its path: the router decodes
 * and matches spellings such as `/%61pi/…` or `//api/…`, so a check on the raw URL's prefix would
 * let them through.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const allowed = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', AUTH_ANSWERS.crossSite);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (!allowed.has(origin) && origin !== own) throw new AppError('FORBIDDEN', AUTH_ANSWERS.crossSite);
  });
}
