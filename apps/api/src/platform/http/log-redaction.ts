/**
 * Request URLs as they go to the log, without the secrets some of them carry: one-time tokens in
 * email links (`?token=…` on /account/confirm, /login/reset, /subscribe/confirm; `?resume=…` on /chat) and in the API
 * paths those pages call (`…/verify_password_token/<token>`, `…/subscriberVerification/<token>`).
 * Anyone who can read the logs must not be able to confirm, reset or subscribe in someone's name.
 */
const TOKEN_PATH = /\/(verify_password_token|verify-email-change|subscriberVerification|login\/reset|admin-invitation)\/[^/?#]+/g;
const TOKEN_QUERY = /([?&](?:token|code|resume)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATH, '/$1/[token]').replace(TOKEN_QUERY, '$1[hidden]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}
