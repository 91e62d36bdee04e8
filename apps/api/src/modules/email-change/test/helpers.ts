import type { FastifyInstance } from 'fastify';
import { linkToken, PASSWORD } from '../../../test/accounts';
import { png } from '../../../test/documents';
import { form } from '../../../test/multipart';

const ORIGIN = { origin: 'http://localhost:3000' };

/** A small real PNG (the document gate decodes and re-encodes images). */
export const PNG = await png(40, 30);

export function identityForm(filename: string, content: Buffer | string, type = 'image/png') {
  const { payload, headers } = form([{ name: 'identity', filename, type, content }]);
  return { payload, headers: { ...ORIGIN, ...headers } };
}

/** The person's calls, as the change-email page makes them. */
export function emailChangeCalls(app: FastifyInstance) {
  const as = (session: string | undefined) => (session ? { cookies: { lu_session: session } } : {});
  const json = (method: 'PUT' | 'POST', url: string, session: string | undefined, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      ...as(session),
    });
  return {
    verifyPassword: (session: string | undefined, password: string = PASSWORD) => json('PUT', '/api/user/verify-password-email-change/', session, { password }),
    sendLink: (session: string | undefined, newEmail: string) => json('PUT', '/api/user/send-verification-link-email-change/', session, { newEmail }),
    openLink: (token: string) => app.inject({ method: 'GET', url: `/api/auth/verify-email-change/${token}` }),
    upload: (session: string | undefined, filename = 'passport.png', content: Buffer | string = PNG, type = 'image/png') =>
      app.inject({ method: 'POST', url: '/api/user/upload-supported-documents-email-change', ...identityForm(filename, content, type), ...as(session) }),
    submit: (session: string | undefined) => json('POST', '/api/user/submit-email-change', session),
    cancel: (session: string | undefined) => json('POST', '/api/user/cancel-email-change', session),
    approve: (session: string | undefined, id: string, body: unknown = {}) => json('POST', `/api/admin/email-changes/${id}/approve`, session, body),
    reject: (session: string | undefined, id: string, body: unknown) => json('POST', `/api/admin/email-changes/${id}/reject`, session, body),
    get: (session: string | undefined, url: string) => app.inject({ method: 'GET', url, ...as(session) }),
    /** The token of the newest link emailed to `to`. */
    token: (to: string) => linkToken(app, to, '/account/verify-email-change'),
  };
}
