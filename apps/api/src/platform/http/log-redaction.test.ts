import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/subscribe/confirm?token=abc123', '/subscribe/confirm?token=[hidden]'],
    ['/account/confirm?utm_source=x&token=abc&x=1', '/account/confirm?utm_source=x&token=[hidden]&x=1'],
    ['/login/reset?token=abc', '/login/reset?token=[hidden]'],
    ['/api/auth/verify_password_token/abc123', '/api/auth/verify_password_token/[token]'],
    ['/api/auth/login/reset/abc123', '/api/auth/login/reset/[token]'],
    ['/api/auth/not-me/abc123', '/api/auth/not-me/[token]'],
    ['/api/auth/verify-email-change/abc?x=1', '/api/auth/verify-email-change/[token]?x=1'],
    ['/api/subscribe/subscriberVerification/abc123', '/api/subscribe/subscriberVerification/[token]'],
    ['/api/auth/admin-invitation/abc123', '/api/auth/admin-invitation/[token]'],
    ['/account/admin-invitation?token=abc', '/account/admin-invitation?token=[hidden]'],
    ['/chat?resume=abc123', '/chat?resume=[hidden]'],
    ['/api/referencecode/get_discount_by_reference_code?code=DEMO-10OFF', '/api/referencecode/get_discount_by_reference_code?code=[hidden]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    for (const url of ['/', '/news?page=2', '/api/order/getTransactions?page=1&pageSize=20', '/api/site/news?category=environment']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
