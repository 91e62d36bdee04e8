import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedUnits } from '../modules/orders/test/fixtures';
import { login, me, PASSWORD, sessionCookie } from './accounts';
import { createTestApp, type TestContext } from './app';
import { createAdminPerson, createPerson, personSession } from './factories';

// The factories stand in for the browser's registration in most tests: what they make must be what
// registering, confirming and an admin's decisions would have made.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('test factories', () => {
  it('make a confirmed person whose session and password both sign in, past their first sign-in', async () => {
    const person = await createPerson(ctx.app, { email: 'made@example.com', firstName: 'Mae', lastName: 'Made' });
    const res = await me(ctx.app, person.session);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: person.id, email: 'made@example.com', firstName: 'Mae', lastName: 'Made', role: 'USER', adminRole: null, firstLogin: false });
    const signedIn = await login(ctx.app, 'made@example.com', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).not.toBe(person.session);
  });

  it('make businesses, verified people and holders of Units through a ledger posting', async () => {
    const business = await createPerson(ctx.app, { userType: 'BUSINESS', businessName: 'Meadow Ltd', verified: true, units: 250 });
    const { user } = (await me(ctx.app, business.session)).json();
    expect(user).toMatchObject({ role: 'BUSINESS', businessName: 'Meadow Ltd', profileVerificationStatus: 'Approved', bankVerificationStatus: 'Approved' });
    expect(await ownedUnits(ctx.database.db, business.id)).toBe(250n);
    const partly = await createPerson(ctx.app, { verified: { profile: 'Pending' } });
    expect((await me(ctx.app, partly.session)).json().user).toMatchObject({ profileVerificationStatus: 'Pending', bankVerificationStatus: 'UnVerified' });
  });

  it('make staff with a role, and refuse an email that is taken', async () => {
    const admin = await createAdminPerson(ctx.app, 'FINANCE', { email: 'finance.made@example.com' });
    expect((await me(ctx.app, admin.session)).json().user).toMatchObject({ role: 'ADMIN', adminRole: 'FINANCE', firstName: 'Test finance' });
    await expect(personSession(ctx.app, 'finance.made@example.com')).rejects.toThrow(/already exists/);
    // Staff accounts hold no Units (decision 0037): the factory does not make one that does.
    await expect(createAdminPerson(ctx.app, 'OWNER', { units: 10 })).rejects.toThrow(/staff accounts hold no Units/);
  });
});
