import { describe, expect, it } from 'vitest';
import { FOOTER_LINKS, footerLinks, headerModel } from './navigation';
import type { AdminRole } from './admin/permissions';
import { routeDescription } from './route-descriptions';
import { destinationOf, MAX_NAV_DESTINATIONS, navDestinations } from './nav-destinations';
import { ADMIN_SECTIONS, adminSectionsFor, guard, isPrivatePath, matchRoute, menuGroups, REDIRECTS, ROUTES, safeNext } from './routes';

const SPEC_PATHS = [
  '/',
  '/register',
  '/login',
  '/login-forgot',
  '/login/reset',
  '/account/confirm',
  '/subscribe/confirm',
  '/team',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/news',
  '/news/category/:slug',
  '/business',
  '/business-register',
  '/rocket1',
  '/faq',
  '/about-us',
  '/landing',
  '/references',
  '/statistics',
  '/fees',
  '/logout',
  '/user-manual',
  '/dashboard',
  '/dashboard/transaction',
  '/dashboard/convert',
  '/dashboard/future-transfer',
  '/dashboard/view-future-transfer',
  '/dashboard/my-transactions',
  '/dashboard/statement',
  '/dashboard/sales-invoices',
  '/dashboard/land-projects',
  '/dashboard/projects/open',
  '/dashboard/projects/close',
  '/dashboard/questions/open',
  '/dashboard/questions/close',
  '/dashboard/community-ideas',
  '/dashboard/What-are-Land-Units',
  '/dashboard/saleschat',
  '/dashboard/settings',
  '/dashboard/settings/profile-verification',
  '/dashboard/settings/bank-verification',
  '/dashboard/settings/change-email',
  '/dashboard/settings/change-password',
  '/dashboard/settings/subscriptions',
  '/dashboard/community/become-agent',
  '/dashboard/community/ask-question',
  '/dashboard/community/open-question',
  '/dashboard/community/close-question',
  '/dashboard/community/your-question',
  '/dashboard/buy-units/payment-bank',
  '/dashboard/buy-units/payment-crypto',
  '/dashboard/buy-units/payment-card-square',
  '/dashboard/buy-units/payment-card-stripe',
  '/dashboard/buy-units/payment-card',
  '/dashboard/buy-units/payment',
  '/dashboard/buy-units/payment/success',
  '/dashboard/buy-units/cancelled',
  '/dashboard/future-transfer/cancelled',
  '/dashboard/sell-units/success',
  '/dashboard/transfer/success',
  '/dashboard/convert/success',
];

describe('route table', () => {
  it('lists every page of SPEC §2 exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of SPEC_PATHS) expect(paths, path).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page its own title and a description', () => {
    for (const route of ROUTES) {
      expect(route.title.length, route.path).toBeGreaterThan(5);
      expect(routeDescription(route).length, route.path).toBeGreaterThan(10);
    }
    const titles = new Set(ROUTES.filter((r) => r.access === 'public').map((r) => r.title));
    expect(titles.size).toBe(ROUTES.filter((r) => r.access === 'public').length);
  });

  it('marks every page under the private prefixes noindex, nofollow, and the certificate verification page and the visitor chat, and nothing else', () => {
    for (const route of ROUTES) {
      const shouldHide = /^\/(dashboard|account|subscribe|logout|user-manual|admin|dev|unsubscribe)(\/|$)/.test(route.path) || route.path === '/verify/:code' || route.path === '/chat';
      expect(route.robots, route.path).toBe(shouldHide ? 'noindex, nofollow' : 'index, follow');
    }
    expect(isPrivatePath('/dashboardx')).toBe(false);
    // Readable by crawlers (so they see its noindex), never listed.
    expect(isPrivatePath('/verify/LUIC-0000-0000-0000-0000')).toBe(false);
  });

  it('keeps every signed-in page under a private prefix', () => {
    for (const route of ROUTES.filter((r) => r.access === 'auth' || r.access === 'admin')) {
      expect(isPrivatePath(route.path), route.path).toBe(true);
    }
  });

  it('matches paths, parameters and a trailing slash', () => {
    expect(matchRoute('/')?.route.path).toBe('/');
    expect(matchRoute('/fees?x=1')?.route.path).toBe('/fees');
    expect(matchRoute('/news/category/land%20news')).toEqual({
      route: expect.objectContaining({ path: '/news/category/:slug' }),
      params: { slug: 'land news' },
    });
    expect(matchRoute('/dashboard/buy-units/payment-card/')?.route.path).toBe('/dashboard/buy-units/payment-card');
    expect(matchRoute('/no-such-page')).toBeUndefined();
    expect(matchRoute('/news/category/%E0%A4%A')).toBeUndefined();
  });

  it('redirects the login helper paths to canonical pages in the table', () => {
    expect(REDIRECTS['/login/']).toBe('/login');
    expect(REDIRECTS['/login/forgot/']).toBe('/login-forgot');
    expect(REDIRECTS['/register/']).toBe('/register');
    for (const to of Object.values(REDIRECTS)) expect(matchRoute(to)?.route.path).toBe(to);
  });

  it('groups the side menu in the four SPEC groups', () => {
    const groups = menuGroups();
    expect(groups.map((g) => g.group)).toEqual(['Transactions', 'Information', 'Governance', 'My Profile']);
    for (const g of groups) expect(g.routes.length).toBeGreaterThan(0);
  });
});

describe('the signed-in menu', () => {
  it('holds seven destinations at most, Home first, the others under the SPEC groups in their order', () => {
    const destinations = navDestinations();
    expect(destinations.length).toBeLessThanOrEqual(MAX_NAV_DESTINATIONS);
    expect(destinations.map((d) => [d.label, d.group])).toEqual([
      ['Home', null],
      ['Buy & sell', 'Transactions'],
      ['Activity', 'Transactions'],
      ['Documents', 'Transactions'],
      ['Help', 'Information'],
      ['Community', 'Governance'],
      ['Settings', 'My Profile'],
    ]);
    for (const d of destinations) expect(d.path).toBe(d.pages[0]?.path);
  });

  it('keeps every page of the SPEC side menu as a page of one destination in the same group', () => {
    const pages = navDestinations().flatMap((d) => d.pages.map((page) => ({ page, group: d.group })));
    for (const { group, routes } of menuGroups()) {
      for (const route of routes) {
        const holders = pages.filter((p) => p.page.path === route.path);
        expect(holders, route.path).toHaveLength(1);
        expect(holders[0]?.group, route.path).toBe(group);
      }
    }
    // And nothing else: a destination's pages are the menu's pages, plus Home's dashboard.
    const menuPaths = new Set(menuGroups().flatMap((g) => g.routes.map((r) => r.path)));
    expect(pages.map((p) => p.page.path).filter((path) => !menuPaths.has(path))).toEqual(['/dashboard']);
  });

  it('finds the destination of every signed-in page, a flow step or a question included', () => {
    const label = (path: string) => destinationOf(path)?.label;
    expect(label('/dashboard')).toBe('Home');
    expect(label('/dashboard/')).toBe('Home');
    expect(label('/dashboard/notifications')).toBe('Home');
    expect(label('/dashboard/convert/success?orderId=3')).toBe('Buy & sell');
    expect(label('/dashboard/buy-units/payment-bank')).toBe('Buy & sell');
    expect(label('/dashboard/future-transfer/cancelled')).toBe('Buy & sell');
    expect(label('/dashboard/view-future-transfer')).toBe('Activity');
    expect(label('/dashboard/sales-invoices')).toBe('Documents');
    expect(label('/dashboard/questions/12')).toBe('Community');
    expect(label('/dashboard/community/your-question')).toBe('Community');
    expect(label('/user-manual')).toBe('Help');
    expect(label('/dashboard/settings/security')).toBe('Settings');
    // Home does not own whatever else sits under /dashboard.
    expect(label('/dashboard/no-such-page')).toBeUndefined();
    for (const route of ROUTES.filter((r) => r.access === 'auth' && (r.path.startsWith('/dashboard') || r.path === '/user-manual'))) {
      expect(destinationOf(route.path.replace(':id', '7')), route.path).toBeDefined();
    }
  });

  it('leaves out for staff the pages that buy, sell, convert or transfer Units, and a destination left empty', () => {
    const staff = navDestinations({ isAdmin: true });
    expect(staff.map((d) => d.label)).toEqual(['Home', 'Activity', 'Documents', 'Help', 'Community', 'Settings']);
    expect(staff.flatMap((d) => d.pages).filter((page) => page.customerOnly)).toEqual([]);
  });
});

describe('guard', () => {
  const out = { isAuth: false, isAdmin: false };
  const user = { isAuth: true, isAdmin: false };
  const admin = { isAuth: true, isAdmin: true };
  const route = (path: string) => matchRoute(path)!.route;

  it('sends signed-out visitors of protected pages to /login with the way back', () => {
    expect(guard(route('/dashboard'), out, '/dashboard')).toEqual({ kind: 'redirect', to: '/login?next=%2Fdashboard' });
    expect(guard(route('/admin'), out, '/admin')).toEqual({ kind: 'redirect', to: '/login?next=%2Fadmin' });
  });
  it('sends signed-in visitors of guest pages to /dashboard', () => {
    expect(guard(route('/login'), user, '/login')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guard(route('/register'), out, '/register')).toEqual({ kind: 'allow' });
  });
  it('lets only admins into admin pages', () => {
    expect(guard(route('/admin'), user, '/admin')).toEqual({ kind: 'forbidden' });
    expect(guard(route('/admin'), admin, '/admin')).toEqual({ kind: 'allow' });
    expect(guard(route('/'), out, '/')).toEqual({ kind: 'allow' });
  });
  it('tells staff accounts they hold no Units on the pages that buy, sell, convert or transfer them; customers go in (decision 0037)', () => {
    const trading = ['/dashboard/transaction', '/dashboard/convert', '/dashboard/future-transfer', '/dashboard/buy-units/payment-bank', '/dashboard/sell-units/success', '/dashboard/transfer/success'];
    for (const path of trading) {
      expect(guard(route(path), admin, path), path).toEqual({ kind: 'staff' });
      expect(guard(route(path), user, path), path).toEqual({ kind: 'allow' });
    }
    // What staff hold and did stays open to them: the dashboard, the history, scheduled transfers.
    for (const path of ['/dashboard', '/dashboard/my-transactions', '/dashboard/view-future-transfer']) expect(guard(route(path), admin, path), path).toEqual({ kind: 'allow' });
    const labels = (isAdmin: boolean) =>
      menuGroups({ isAdmin })
        .find((g) => g.group === 'Transactions')!
        .routes.map((r) => r.label);
    expect(labels(false)).toEqual(expect.arrayContaining(['Buy, sell, transfer', 'Convert', 'Schedule a transfer']));
    expect(labels(true)).toEqual(['Scheduled transfers', 'Transaction history', 'Statement', 'Invoices']);
  });
  it('lets an admin into the sections their role allows, and no other', () => {
    const as = (adminRole: AdminRole) => ({ isAuth: true, isAdmin: true, adminRole });
    expect(guard(route('/admin/orders'), as('FINANCE'), '/admin/orders')).toEqual({ kind: 'allow' });
    expect(guard(route('/admin/orders'), as('SUPPORT'), '/admin/orders')).toEqual({ kind: 'forbidden' });
    expect(guard(route('/admin/audit'), as('FINANCE'), '/admin/audit')).toEqual({ kind: 'forbidden' });
    expect(guard(route('/admin/audit'), as('OWNER'), '/admin/audit')).toEqual({ kind: 'allow' });
    expect(guard(route('/admin/codes'), user, '/admin/codes')).toEqual({ kind: 'forbidden' });
    expect(guard(route('/admin'), as('COMPLIANCE'), '/admin')).toEqual({ kind: 'allow' });
    expect(adminSectionsFor('OWNER').map((r) => r.path)).toEqual([
      '/admin/orders',
      '/admin/payouts',
      '/admin/verifications',
      '/admin/email-changes',
      '/admin/users',
      '/admin/codes',
      '/admin/contact',
      '/admin/chat',
      '/admin/subscribers',
      '/admin/settings',
      '/admin/payment-details',
      '/admin/settings/integrations',
      '/admin/audit',
      '/admin/jobs',
      '/admin/admins',
      '/admin/news',
      '/admin/news/categories',
      '/admin/team',
      '/admin/agents',
      '/admin/questions',
      '/admin/votes',
      '/admin/quizzes',
      '/admin/ideas',
      '/admin/projects',
    ]);
    expect(adminSectionsFor('SUPPORT').map((r) => r.path)).toEqual([
      '/admin/users',
      '/admin/contact',
      '/admin/chat',
      '/admin/subscribers',
      '/admin/news',
      '/admin/news/categories',
      '/admin/team',
      '/admin/questions',
      '/admin/votes',
      '/admin/quizzes',
      '/admin/ideas',
      '/admin/projects',
    ]);
    expect(guard(route('/admin/subscribers'), as('FINANCE'), '/admin/subscribers')).toEqual({ kind: 'forbidden' });
    expect(guard(route('/admin/contact'), as('SUPPORT'), '/admin/contact')).toEqual({ kind: 'allow' });
    expect(guard(route('/admin/admins'), as('FINANCE'), '/admin/admins')).toEqual({ kind: 'forbidden' });
    expect(route('/account/admin-invitation')).toMatchObject({ access: 'guest', robots: 'noindex, nofollow' });
    expect(guard(route('/account/admin-invitation'), as('OWNER'), '/account/admin-invitation')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(adminSectionsFor('COMPLIANCE').map((r) => r.path)).toEqual(['/admin/verifications', '/admin/email-changes', '/admin/users', '/admin/agents']);
    expect(guard(route('/admin/verifications'), as('FINANCE'), '/admin/verifications')).toEqual({ kind: 'forbidden' });
    expect(guard(route('/admin/email-changes'), as('FINANCE'), '/admin/email-changes')).toEqual({ kind: 'forbidden' });
    expect(adminSectionsFor('FINANCE').map((r) => r.path)).toEqual(['/admin/orders', '/admin/payouts', '/admin/users', '/admin/codes', '/admin/settings', '/admin/payment-details']);
    // A person's page is reached from the users section: not in the navigation, same permission.
    expect(guard(route('/admin/users/:id'), as('SUPPORT'), '/admin/users/abc')).toEqual({ kind: 'allow' });
    expect(guard(route('/admin/users/:id'), user, '/admin/users/abc')).toEqual({ kind: 'forbidden' });
    expect(ADMIN_SECTIONS.map((r) => r.path)).not.toContain('/admin/users/:id');
    expect(guard(route('/admin/payment-details'), as('SUPPORT'), '/admin/payment-details')).toEqual({ kind: 'forbidden' });
    expect(adminSectionsFor(null)).toEqual([]);
    for (const section of ADMIN_SECTIONS) expect(section).toMatchObject({ access: 'admin', robots: 'noindex, nofollow', permission: expect.any(String) });
  });
  it('accepts only same-site paths to come back to', () => {
    expect(safeNext('/dashboard/convert')).toBe('/dashboard/convert');
    expect(safeNext('//evil.example')).toBe('/dashboard');
    expect(safeNext('https://evil.example')).toBe('/dashboard');
    expect(safeNext('/\\evil.example')).toBe('/dashboard');
    expect(safeNext('/\t/evil.example')).toBe('/dashboard');
    expect(safeNext('/\n/evil.example')).toBe('/dashboard');
    expect(safeNext('/dashboard?next=%2F%2Fevil')).toBe('/dashboard?next=%2F%2Fevil');
    expect(safeNext(null)).toBe('/dashboard');
  });
});

describe('header', () => {
  const labels = (path: string, isAuth: boolean) => headerModel(path, isAuth).links.map((l) => l.label);
  it('shows the SPEC §2 variants', () => {
    expect(labels('/', true)).toEqual(['Contact', 'Dashboard', 'Logout']);
    expect(headerModel('/', true).menuToggle).toBe(true);
    expect(labels('/', false)).toEqual(['Contact', 'News', 'Register', 'Log in']);
    expect(labels('/business', false)).toEqual(['News', 'Register', 'Log in']);
    expect(headerModel('/business-register', false).links[1]).toEqual({ label: 'Register', to: '/business-register' });
    expect(labels('/rocket1', false)).toEqual(['Log in']);
    expect(labels('/rocket1', true)).toEqual(['Contact', 'Dashboard', 'Logout']);
  });
});

describe('footerLinks', () => {
  it('offers Register and Log in to visitors only', () => {
    expect(footerLinks(false)).toEqual(FOOTER_LINKS);
    const signedIn = footerLinks(true).map((l) => l.label);
    expect(signedIn).not.toContain('Register');
    expect(signedIn).not.toContain('Log in');
    expect(signedIn).toEqual(FOOTER_LINKS.map((l) => l.label).filter((l) => l !== 'Register' && l !== 'Log in'));
  });

  it('sends visitors to the visitor chat and signed-in people to the dashboard chat', () => {
    const chat = (isAuth: boolean) => footerLinks(isAuth).find((l) => l.label === 'Chat with a sales agent')?.to;
    expect(chat(false)).toBe('/chat');
    expect(chat(true)).toBe('/dashboard/saleschat');
  });
});
