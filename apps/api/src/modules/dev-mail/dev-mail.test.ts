import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { mailTo } from '../../test/accounts';
import { enqueueEmail } from '../../platform/mail/outbox';
import { renderEmail } from '../../platform/mail/layout';
import { DEV_MAIL_HTML_CSP } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/dev/mail/:id/html', () => {
  it("serves one email's HTML with a policy of its own that allows its inline styles and nothing else", async () => {
    const email = renderEmail('viewer@example.com', { subject: 'Styled', greeting: 'Hello <Ada>,', paragraphs: ['A paragraph.'], action: { label: 'Open', url: 'http://localhost:3000/dashboard' } });
    await enqueueEmail(ctx.app.ctx, ctx.app.ctx.db, email);
    const [message] = await mailTo(ctx.app, 'viewer@example.com');
    expect(message).toBeDefined();

    const res = await ctx.app.inject({ method: 'GET', url: `/api/dev/mail/${message!.id}/html` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(email.html);
    expect(res.body).toContain('style="');
    expect(res.body).toContain('Hello &lt;Ada&gt;,');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(DEV_MAIL_HTML_CSP);
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('style-src')).toBe("'unsafe-inline'");
    expect(directives.get('frame-ancestors')).toBe("'self'");
    expect(directives.has('sandbox')).toBe(true);
    expect(directives.has('script-src')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the app policy (no inline styles, no framing) on every other answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(String(res.headers['content-security-policy'])).toContain("style-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['999999', '0', 'abc', '1e3'])('answers 404 for an id that is not a kept email (%s)', async (id) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/dev/mail/${id}/html` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('is not there in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mail/1/html' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
