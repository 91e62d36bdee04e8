import { AUTH_ANSWERS } from '@landunits/domain';
import { UNSUBSCRIBE_API_PATH } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one route let through: the one-click unsubscribe (RFC 8058). Mail clients and providers POST
 * it from wherever they run, with whatever Origin, and the signed token in its path is the whole
 * authorisation: no cookie is read and no session is used, so there is nothing a forged request
 * could borrow from a victim's browser. It is matched by the route Fastify chose (its pattern), not
 * the raw URL, so no other route can be reached through another spelling of this path.
 */
const CROSS_SITE_ALLOWED = new Set([`POST ${UNSUBSCRIBE_API_PATH}`]);

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
    if (CROSS_SITE_ALLOWED.has(`${request.method} ${request.routeOptions.url}`)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', AUTH_ANSWERS.crossSite);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (!allowed.has(origin) && origin !== own) throw new AppError('FORBIDDEN', AUTH_ANSWERS.crossSite);
  });
}
