import { DEFAULT_TRUST_STATEMENTS, SITE_API, TRUST_MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { signUp } from '../orders/test/fixtures';
import { adminSessions, auditCount, auditOf, caller, type Sessions } from './test/content-helpers';

/** The regulatory and security statements (decision 0065): placeholders until an admin writes them; never shown with one left. */

const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
let ctx: TestContext;
let admins: Sessions;
let call: ReturnType<typeof caller>;

const ADMIN_TRUST = '/api/admin/site/trust';
const NOTHING = { regulatoryLine: null, regulatory: null, security: null };
const FILLED = {
  regulatoryLine: 'Land Units is run by Example Land Ltd, registered in England and Wales under company number 01234567. It is not authorised by a financial regulator.',
  regulatory: 'Land Units is operated by Example Land Ltd.\r\n\r\nComplaints: write to complaints@example.com.',
  security: 'Report a vulnerability to security@example.com.',
};

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminSessions(ctx, 'trust');
  call = caller(ctx);
});
afterAll(() => ctx.close());

describe('regulatory and security statements', () => {
  it('claims nothing before an admin has written them: the public read is empty, the admin sees the placeholders', async () => {
    const pub = await call.get(SITE_API.trust);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('public, max-age=300');
    expect(pub.json()).toEqual(NOTHING);

    const admin = await call.get(ADMIN_TRUST, admins.SUPPORT);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ statements: DEFAULT_TRUST_STATEMENTS, shown: { regulatoryLine: false, regulatory: false, security: false }, version: 0, updatedAt: null });
    expect(DEFAULT_TRUST_STATEMENTS.regulatoryLine).toContain('[Company name]');
  });

  it('refuses visitors, customers and admins whose role does not write content', async () => {
    expect((await call.get(ADMIN_TRUST)).statusCode).toBe(401);
    expect((await call.put(ADMIN_TRUST, '', FILLED)).statusCode).toBe(401);
    const customer = await signUp(ctx.app, 'trust.customer@example.com', 'Cara', 'Customer');
    expect((await call.get(ADMIN_TRUST, customer.session)).statusCode).toBe(403);
    expect((await call.put(ADMIN_TRUST, customer.session, FILLED)).statusCode).toBe(403);
    for (const role of ['FINANCE', 'COMPLIANCE'] as const) {
      const res = await call.put(ADMIN_TRUST, admins[role], FILLED);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await call.get(SITE_API.trust)).json()).toEqual(NOTHING);
  });

  it('refuses a footer line over its length or on two lines, a statement over its length, and unknown fields, writing nothing', async () => {
    const audits = await auditCount(ctx);
    const long = await call.put(ADMIN_TRUST, admins.OWNER, { ...FILLED, regulatoryLine: 'x'.repeat(301), security: 'y'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ regulatoryLine: TRUST_MESSAGES.regulatoryLineMax, security: TRUST_MESSAGES.securityMax });
    const twoLines = await call.put(ADMIN_TRUST, admins.OWNER, { ...FILLED, regulatoryLine: 'One\nTwo' });
    expect(twoLines.json().errors).toEqual({ regulatoryLine: TRUST_MESSAGES.regulatoryLineOneLine });
    expect((await call.put(ADMIN_TRUST, admins.OWNER, { ...FILLED, authorisedBy: 'FCA' })).statusCode).toBe(400);
    expect((await call.put(ADMIN_TRUST, admins.OWNER, { regulatoryLine: FILLED.regulatoryLine })).statusCode).toBe(400);
    expect(await auditCount(ctx)).toBe(audits);
  });

  it('shows a statement once it is written with no [placeholder] left, audited before and after', async () => {
    // The line is written; the statements still hold a placeholder: only the line is shown.
    const partial = { ...FILLED, regulatory: 'Operated by [company name].', security: '' };
    const first = await call.put(ADMIN_TRUST, admins.SUPPORT, partial);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ shown: { regulatoryLine: true, regulatory: false, security: false }, version: 1, updatedAt: '2026-05-04T09:00:00.000Z' });
    expect((await call.get(SITE_API.trust)).json()).toEqual({ regulatoryLine: FILLED.regulatoryLine, regulatory: null, security: null });

    clock.advance(60_000);
    const second = await call.put(ADMIN_TRUST, admins.OWNER, FILLED);
    // Line endings are kept as \n.
    expect(second.json().statements.regulatory).toBe('Land Units is operated by Example Land Ltd.\n\nComplaints: write to complaints@example.com.');
    expect(second.json()).toMatchObject({ shown: { regulatoryLine: true, regulatory: true, security: true }, version: 2 });
    expect((await call.get(SITE_API.trust)).json()).toEqual({ ...FILLED, regulatory: 'Land Units is operated by Example Land Ltd.\n\nComplaints: write to complaints@example.com.' });
    expect((await call.get(ADMIN_TRUST, admins.SUPPORT)).json().version).toBe(2);

    const audits = await auditOf(ctx, 'settings', 'trust');
    expect(audits.map((a) => [a.action, a.actorRole])).toEqual([
      ['settings.trust.update', 'SUPPORT'],
      ['settings.trust.update', 'OWNER'],
    ]);
    expect(audits[0]?.before).toBeNull();
    expect(audits[1]?.before).toEqual({ ...partial, security: '' });

    // The same text again: nothing written.
    const count = await auditCount(ctx);
    expect((await call.put(ADMIN_TRUST, admins.OWNER, FILLED)).json().version).toBe(2);
    expect(await auditCount(ctx)).toBe(count);
  });
});
