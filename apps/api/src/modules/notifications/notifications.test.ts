import { NOTIFICATION_MESSAGES as M } from '@landunits/domain';
import type { NotificationPreferences, NotificationsPage } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { notifications } from '../../schema';
import { mailTo, PASSWORD } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createOrder, giveUnits, signUp, transferBody, type TestUser } from '../orders/test/fixtures';
import { buyBody, cancelFutureTransfer, convertBody, created, makeAdmin, scheduleBody, setVerification, successOrder, transition, type TestAdmin } from '../orders/test/lifecycle';
import { notify, notifyMany } from './index';

/**
 * The notification centre (decision 0030): notify() respects the in-app switches; the list is the
 * person's own, newest first in keyset pages; the bell's count; nobody reads or marks another's;
 * locked email switches are refused; the community email switch is the subscriptions page's; money
 * events write their notification in the transaction of the event.
 */

const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let t: TestContext;
let ada: TestUser;
let bob: TestUser;
let admin: TestAdmin;
let n = 0;

const ORIGIN = { origin: 'http://localhost:3000' };
const as = (session: string) => ({ cookies: { lu_session: session } });
const get = (url: string, session: string) => t.app.inject({ method: 'GET', url, ...as(session) });
const send = (method: 'POST' | 'PUT', url: string, session: string, payload?: object) => t.app.inject({ method, url, headers: ORIGIN, ...(payload ? { payload } : {}), ...as(session) });
const db = (): Db => t.database.db;
const person = () => signUp(t.app, `notify.${++n}@example.com`, 'Nia', 'Noor');
const tell = (userId: string, title: string, category: 'orders' | 'community' | 'governance' | 'security' | 'chat' = 'community') =>
  inTransaction(db(), (tx) => notify(tx, { userId, category, title, body: `About ${title}`, link: '/dashboard', at: clock.now() }));
const unread = async (session: string) => ((await get('/api/notifications/unread-count', session)).json() as { unread: number }).unread;
const list = async (session: string, query = '') => (await get(`/api/notifications${query}`, session)).json() as NotificationsPage;

beforeAll(async () => {
  t = await createTestApp({}, undefined, clock);
  ada = await signUp(t.app, 'notify.ada@example.com', 'Ada', 'Lovelace');
  bob = await signUp(t.app, 'notify.bob@example.com', 'Bob', 'Brown');
  admin = await makeAdmin(t.app, t.database.db, 'notify.admin@example.com');
});
afterAll(() => t.close());

describe('the centre', () => {
  it('lists a person’s own notifications newest first, counts the unread ones, and marks them read', async () => {
    const nia = await person();
    expect(await unread(nia.session)).toBe(0);
    expect(await list(nia.session)).toEqual({ notifications: [], nextBefore: null });
    expect(await tell(nia.id, 'first')).toBe(true);
    expect(await tell(nia.id, 'second')).toBe(true);
    expect(await unread(nia.session)).toBe(2);
    const page = await list(nia.session);
    expect(page.notifications.map((x) => [x.title, x.read, x.category, x.link])).toEqual([
      ['second', false, 'community', '/dashboard'],
      ['first', false, 'community', '/dashboard'],
    ]);

    const [second] = page.notifications;
    const res = await send('POST', `/api/notifications/${second!.id}/read`, nia.session);
    expect(res.json()).toEqual({ message: M.markedRead, unread: 1 });
    expect((await send('POST', `/api/notifications/${second!.id}/read`, nia.session)).json()).toEqual({ message: M.markedRead, unread: 1 });
    expect((await list(nia.session, '?unread=true')).notifications.map((x) => x.title)).toEqual(['first']);
    expect((await send('POST', '/api/notifications/read-all', nia.session)).json()).toEqual({ message: M.allMarkedRead, unread: 0 });
    expect(await unread(nia.session)).toBe(0);
  });

  it('pages 20 at a time with a keyset cursor, without gaps or repeats', async () => {
    const nia = await person();
    await inTransaction(db(), async (tx) => {
      for (let i = 1; i <= 45; i++) await notify(tx, { userId: nia.id, category: 'orders', title: `n${i}`, body: '', link: '/dashboard', at: clock.now() });
    });
    const seen: string[] = [];
    let query = '';
    for (;;) {
      const page = await list(nia.session, query);
      seen.push(...page.notifications.map((x) => x.title));
      if (page.nextBefore === null) break;
      query = `?before=${page.nextBefore}`;
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `n${45 - i}`));
  });

  it('never shows or marks another person’s notification: 404', async () => {
    const nia = await person();
    await tell(nia.id, 'private');
    const [mine] = (await list(nia.session)).notifications;
    expect((await list(bob.session)).notifications.find((x) => x.id === mine!.id)).toBeUndefined();
    const res = await send('POST', `/api/notifications/${mine!.id}/read`, bob.session);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.notFound);
    expect((await send('POST', '/api/notifications/abc/read', bob.session)).statusCode).toBe(404);
    await send('POST', '/api/notifications/read-all', bob.session);
    expect(await unread(nia.session)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
  });
});

describe('the settings', () => {
  it('answers every category × channel: locked emails on, product news email only', async () => {
    const nia = await person();
    const prefs = (await get('/api/notifications/preferences', nia.session)).json() as NotificationPreferences;
    expect(prefs).toEqual({
      email: { orders: true, security: true, community: true, governance: true, chat: true, productNews: true },
      inApp: { orders: true, security: true, community: true, governance: true, chat: true, productNews: null },
    });
  });

  it('writes a notification only for people who have the category on in-app', async () => {
    const nia = await person();
    const res = await send('PUT', '/api/notifications/preferences', nia.session, { inApp: { governance: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.saved, inApp: { governance: false, community: true } });
    expect(await tell(nia.id, 'a vote', 'governance')).toBe(false);
    expect(await tell(nia.id, 'an answer', 'community')).toBe(true);
    const written = await inTransaction(db(), (tx) => notifyMany(tx, [nia.id, bob.id, bob.id], { category: 'governance', title: 'batch', body: '', link: '/dashboard/votes' }));
    expect(written).toBe(1);
    expect((await list(nia.session)).notifications.map((x) => x.title)).toEqual(['an answer']);
  });

  it('refuses to turn off a locked email, or a channel a category does not use, with a clear 400', async () => {
    const nia = await person();
    for (const body of [{ email: { orders: false } }, { email: { security: false } }, { email: { chat: false } }]) {
      const res = await send('PUT', '/api/notifications/preferences', nia.session, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.lockedEmail);
    }
    const res = await send('PUT', '/api/notifications/preferences', nia.session, { inApp: { productNews: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.noChannel);
    expect((await send('PUT', '/api/notifications/preferences', nia.session, { email: { orders: true } })).statusCode).toBe(200);
  });

  it('has one community email switch: the subscriptions page’s', async () => {
    const nia = await person();
    expect((await send('PUT', '/api/notifications/preferences', nia.session, { email: { community: false } })).statusCode).toBe(200);
    expect((await get('/api/user/subscriptions', nia.session)).json()).toMatchObject({ community: false, governance: true });
    const saved = await send('POST', '/api/user/manage-user-subscriptions', nia.session, { newsletter: false, productNews: false, governance: true, community: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const prefs = (await get('/api/notifications/preferences', nia.session)).json() as NotificationPreferences;
    expect(prefs.email).toMatchObject({ community: true, productNews: false });
  });
});

describe('the events', () => {
  it('a transfer received and a payment approved each write one notification, with the event', async () => {
    await giveUnits(db(), ada.id, 100);
    created(await createOrder(t.app, ada.session, transferBody(bob.email, 7)));
    const received = (await list(bob.session)).notifications.filter((x) => x.title.startsWith('You received'));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ category: 'orders', title: 'You received 7 GBP Units from Ada L.', link: '/dashboard/my-transactions', read: false });

    const buyer = await person();
    const order = created(await createOrder(t.app, buyer.session, buyBody(20)));
    expect((await successOrder(t.app, buyer.session, order.orderId)).statusCode).toBe(200);
    expect((await transition(t.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Money arrived' })).statusCode).toBe(200);
    const titles = (await list(buyer.session)).notifications.map((x) => x.title);
    expect(titles.filter((x) => x.startsWith('Payment received'))).toHaveLength(1);
    const rows = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(rows.every((r) => r.createdAt.getTime() === clock.now().getTime())).toBe(true);
  });

  it('a conversion placed, a transfer scheduled and then cancelled each write one notification, with no email', async () => {
    const nia = await person();
    await setVerification(db(), nia.id);
    await giveUnits(db(), nia.id, 100);
    const mailsBefore = (await mailTo(t.app, nia.email)).length;
    const converted = created(await createOrder(t.app, nia.session, convertBody(20)));
    const scheduled = created(await createOrder(t.app, nia.session, scheduleBody(bob.email, 10, '2026-03-20')));
    expect((await cancelFutureTransfer(t.app, nia.session, scheduled.orderId)).statusCode).toBe(200);
    expect((await list(nia.session)).notifications.map((x) => [x.category, x.title, x.body, x.link])).toEqual([
      ['orders', 'Your scheduled transfer is cancelled', `10 GBP Units are back in your available Units. Order ${scheduled.orderId}.`, '/dashboard/my-transactions'],
      ['orders', 'Your transfer is scheduled', `10 GBP Units to ${bob.email} on 20 Mar 2026. You can cancel it until then. Order ${scheduled.orderId}.`, '/dashboard/my-transactions'],
      // 20 GBP Units at the same price in dollars: × 1.24 = 24.8, less nothing, 24 whole Units; locked for the conversion's days.
      [
        'orders',
        'Your conversion is placed',
        expect.stringMatching(new RegExp(`^20 GBP Units became \\d+ USD Units, locked until \\d{2} \\w{3} 2026\\. Order ${converted.orderId}\\.$`)),
        '/dashboard/my-transactions',
      ],
    ]);
    expect((await mailTo(t.app, nia.email)).length).toBe(mailsBefore);
  });

  it('an order event turned off in-app still emails but writes no notification', async () => {
    const buyer = await person();
    expect((await send('PUT', '/api/notifications/preferences', buyer.session, { inApp: { orders: false } })).statusCode).toBe(200);
    const order = created(await createOrder(t.app, buyer.session, buyBody(5)));
    expect((await successOrder(t.app, buyer.session, order.orderId)).statusCode).toBe(200);
    expect((await transition(t.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Money arrived' })).statusCode).toBe(200);
    expect(await unread(buyer.session)).toBe(0);
  });

  it('a password change writes a security notification', async () => {
    const nia = await person();
    const res = await send('POST', '/api/user/update_user_password', nia.session, { currentPassword: PASSWORD, newPassword: 'Another456x', confirmPassword: 'Another456x' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(nia.session)).notifications.map((x) => [x.category, x.title])).toEqual([['security', 'Your password was changed']]);
  });
});
