import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * The security headers every response carries, errors and 404s included: a strict CSP, nosniff, a
 * referrer policy, framing refused, cross-origin isolation of our resources, HSTS in production.
 * Computed once per value of the one thing that may widen it: the origin of the analytics script an
 * admin configured (decision 0031), added to script-src, connect-src and img-src only when set.
 * Set by one onRequest hook. Fastify sends no X-Powered-By.
 */
export function securityHeaders(config: Config, scriptOrigin: string | null = null): Record<string, string> {
  const extra = scriptOrigin ? ` ${scriptOrigin}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    "style-src 'self'",
    `img-src 'self' data:${extra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "form-action 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(config.httpsOnly ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(config.httpsOnly ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The configured analytics script's origin ('https://cdn.example') or null; cached by its provider. */
export type ScriptOriginSource = () => string | null | Promise<string | null>;

export function registerSecurityHeaders(app: FastifyInstance, config: Config, scriptOrigin?: ScriptOriginSource): void {
  const headers = securityHeaders(config);
  if (!scriptOrigin) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    return;
  }
  // One header set per origin seen (an admin changes it rarely; the provider caches the setting).
  const widened = new Map<string, Record<string, string>>();
  app.addHook('onRequest', async (request, reply) => {
    let origin: string | null = null;
    try {
      origin = await scriptOrigin();
    } catch (err) {
      // Without the setting the strict policy applies: the page works, the script does not load.
      request.log.warn({ err }, 'analytics script origin unavailable');
    }
    if (!origin) {
      reply.headers(headers);
      return;
    }
    let set = widened.get(origin);
    if (!set) {
      set = securityHeaders(config, origin);
      if (widened.size > 20) widened.clear();
      widened.set(origin, set);
    }
    reply.headers(set);
  });
}
