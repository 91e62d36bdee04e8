/**
 * The one route table. Every page of the product is listed here once, with its search-preview
 * title, who may see it and whether search engines may index it (its description is in
 * route-descriptions.ts, out of the web app's first download). The API uses it
 * to write each page's <head>, robots.txt and sitemap.xml; the web app uses it for guards, document
 * titles and menus.
 */

import { hasPermission, type AdminPermission, type AdminRole } from './admin/permissions';

export type Access = 'public' | 'guest' | 'auth' | 'admin';
export type Robots = 'index, follow' | 'noindex, nofollow';
export type MenuGroup = 'Transactions' | 'Information' | 'Governance' | 'My Profile';

export interface RouteDef {
  /** Path pattern; `:name` matches one segment. No trailing slash except the home page. */
  readonly path: string;
  readonly title: string;
  readonly access: Access;
  readonly robots: Robots;
  /** Short name used in menus and breadcrumbs. */
  readonly label: string;
  /** Places the page in the dashboard side menu. */
  readonly menu?: MenuGroup;
  /** Development tools (the mail viewer): absent when NODE_ENV=production. */
  readonly devOnly?: boolean;
  /** Admin sections: the permission the admin's role needs (403 without it). */
  readonly permission?: AdminPermission;
  /**
   * Buying, selling, converting and transferring Units: staff accounts hold no Units (decision
   * 0037), so they are told so instead of seeing the page, and the menus leave it out for them.
   */
  readonly customerOnly?: boolean;
}

export const SITE_NAME = 'Land Units';
export const MENU_GROUPS: readonly MenuGroup[] = ['Transactions', 'Information', 'Governance', 'My Profile'];

/** Pages under these prefixes are never indexed (SPEC §2). */
export const PRIVATE_PREFIXES = ['/dashboard', '/account', '/subscribe', '/logout', '/user-manual', '/admin', '/dev', '/unsubscribe'] as const;

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

type Entry = [path: string, access: Access, label: string, title: string, menu?: MenuGroup];

const t = (title: string) => `${title} | ${SITE_NAME}`;

const entries: Entry[] = [
  // Public
  ['/', 'public', 'Home', `${SITE_NAME}: Units backed by sustainably managed land`],
  ['/team', 'public', 'Team', t('Our team')],
  ['/contact-us', 'public', 'Contact', t('Contact us')],
  ['/terms-and-conditions', 'public', 'Terms & Conditions', t('Terms and conditions')],
  ['/privacy-policy', 'public', 'Privacy Policy', t('Privacy policy')],
  ['/news', 'public', 'News', t('News')],
  ['/news/category/:slug', 'public', 'News category', t('News by category')],
  ['/news/article/:id', 'public', 'News article', t('News article')],
  ['/business', 'public', 'Business', t('For businesses and governments')],
  ['/rocket1', 'public', 'Rocket', t('Grow with the land')],
  ['/chat', 'public', 'Chat with a sales agent', t('Chat with a sales agent')],
  ['/faq', 'public', 'FAQ', t('Frequently asked questions')],
  ['/about-us', 'public', 'About Us', t('About us')],
  ['/landing', 'public', 'Landing', t('Units backed by land')],
  ['/references', 'public', 'References', t('References')],
  ['/statistics', 'public', 'Statistics', t('Land and environmental statistics')],
  ['/fees', 'public', 'Fees', t('Fees')],
  ['/account/confirm', 'public', 'Confirm account', t('Confirm your account')],
  ['/unsubscribe', 'public', 'Unsubscribe', t('Unsubscribe')],
  ['/account/not-me', 'public', 'This was not me', t('This was not me')],
  ['/account/verify-email-change', 'public', 'Confirm new email', t('Confirm your new email address')],
  ['/subscribe/confirm', 'public', 'Confirm subscription', t('Confirm your subscription')],
  ['/verify/:code', 'public', 'Verify a certificate', t('Verify an impact certificate')],

  // Guest only
  ['/register', 'guest', 'Register', t('Register')],
  ['/business-register', 'guest', 'Business registration', t('Register your business')],
  ['/login', 'guest', 'Log in', t('Log in')],
  ['/login-forgot', 'guest', 'Forgot password', t('Forgot your password')],
  ['/login/reset', 'guest', 'Reset password', t('Reset your password')],
  ['/account/admin-invitation', 'guest', 'Admin invitation', t('Accept your admin invitation')],

  // Signed in
  ['/logout', 'auth', 'Log out', t('Log out')],
  ['/user-manual', 'auth', 'User manual', t('User manual'), 'Information'],
  ['/dashboard', 'auth', 'Dashboard', t('Dashboard')],
  ['/dashboard/transaction', 'auth', 'Buy, sell, transfer', t('Buy, sell or transfer Units'), 'Transactions'],
  ['/dashboard/convert', 'auth', 'Convert', t('Convert Units'), 'Transactions'],
  ['/dashboard/future-transfer', 'auth', 'Schedule a transfer', t('Schedule a transfer'), 'Transactions'],
  ['/dashboard/view-future-transfer', 'auth', 'Scheduled transfers', t('Scheduled transfers'), 'Transactions'],
  ['/dashboard/my-transactions', 'auth', 'Transaction history', t('Transaction history'), 'Transactions'],
  ['/dashboard/statement', 'auth', 'Statement', t('Statement'), 'Transactions'],
  ['/dashboard/sales-invoices', 'auth', 'Invoices', t('Invoices'), 'Transactions'],
  ['/dashboard/land-projects', 'auth', 'View Project Status', t('Land projects'), 'Information'],
  ['/dashboard/What-are-Land-Units', 'auth', 'What are Land Units', t('What are Land Units'), 'Information'],
  ['/dashboard/saleschat', 'auth', 'Chat with a sales agent', t('Chat with a sales agent'), 'Information'],
  ['/dashboard/projects/open', 'auth', 'Open projects', t('Open projects'), 'Governance'],
  ['/dashboard/projects/close', 'auth', 'Closed projects', t('Closed projects'), 'Governance'],
  ['/dashboard/questions/open', 'auth', 'Open questions', t('Open questions'), 'Governance'],
  ['/dashboard/questions/close', 'auth', 'Closed questions', t('Closed questions'), 'Governance'],
  ['/dashboard/questions/:id', 'auth', 'Question', t('Community question')],
  ['/dashboard/votes', 'auth', 'Votes', t('Votes'), 'Governance'],
  ['/dashboard/quizzes', 'auth', 'Quizzes', t('Quizzes'), 'Governance'],
  ['/dashboard/community-ideas', 'auth', 'Community ideas', t('Community ideas'), 'Governance'],
  ['/dashboard/community/become-agent', 'auth', 'Become an agent', t('Become a community agent'), 'Governance'],
  ['/dashboard/community/ask-question', 'auth', 'Ask a question', t('Ask a question'), 'Governance'],
  ['/dashboard/community/open-question', 'auth', 'Open community questions', t('Open community questions')],
  ['/dashboard/community/close-question', 'auth', 'Closed community questions', t('Closed community questions')],
  ['/dashboard/community/your-question', 'auth', 'Your questions', t('Your questions')],
  ['/dashboard/settings', 'auth', 'Update Your Profile', t('Update your profile'), 'My Profile'],
  ['/dashboard/settings/profile-verification', 'auth', 'Profile verification', t('Profile verification'), 'My Profile'],
  ['/dashboard/settings/bank-verification', 'auth', 'Bank verification', t('Bank verification'), 'My Profile'],
  ['/dashboard/settings/change-email', 'auth', 'Change email', t('Change email'), 'My Profile'],
  ['/dashboard/settings/change-password', 'auth', 'Change password', t('Change password'), 'My Profile'],
  ['/dashboard/settings/security', 'auth', 'Security', t('Security'), 'My Profile'],
  ['/dashboard/settings/subscriptions', 'auth', 'Subscriptions', t('Subscriptions'), 'My Profile'],
  ['/dashboard/settings/notifications', 'auth', 'Notification settings', t('Notification settings'), 'My Profile'],
  ['/dashboard/notifications', 'auth', 'Notifications', t('Notifications')],

  // Order flow
  ['/dashboard/buy-units/payment', 'auth', 'Payment method', t('Choose a payment method')],
  ['/dashboard/buy-units/payment-bank', 'auth', 'Bank payment', t('Pay by bank transfer')],
  ['/dashboard/buy-units/payment-crypto', 'auth', 'Crypto payment', t('Pay with crypto')],
  ['/dashboard/buy-units/payment-card-square', 'auth', 'Card payment', t('Pay by card')],
  ['/dashboard/buy-units/payment-card-stripe', 'auth', 'Card payment', t('Pay by card')],
  ['/dashboard/buy-units/payment-card', 'auth', 'Card payment', t('Pay by card')],
  ['/dashboard/buy-units/payment/success', 'auth', 'Payment received', t('Payment received')],
  ['/dashboard/buy-units/cancelled', 'auth', 'Payment cancelled', t('Payment cancelled')],
  ['/dashboard/future-transfer/cancelled', 'auth', 'Transfer cancelled', t('Scheduled transfer cancelled')],
  ['/dashboard/sell-units/success', 'auth', 'Sale placed', t('Sale placed')],
  ['/dashboard/transfer/success', 'auth', 'Transfer sent', t('Transfer sent')],
  ['/dashboard/convert/success', 'auth', 'Conversion complete', t('Conversion complete')],

  // Administration: /admin is the home (the queues of the admin's role), then one entry per section.
  ['/admin', 'admin', 'Home', t('Administration')],
  ['/admin/orders', 'admin', 'Orders', t('Orders waiting for an admin')],
  ['/admin/payouts', 'admin', 'Payouts', t('Payouts')],
  ['/admin/verifications', 'admin', 'Verifications', t('Verifications waiting for review')],
  ['/admin/codes', 'admin', 'Reference codes', t('Reference codes')],
  ['/admin/email-changes', 'admin', 'Email changes', t('Email change requests')],
  ['/admin/users', 'admin', 'Users', t('Users')],
  ['/admin/users/:id', 'admin', 'User', t('User')],
  ['/admin/settings', 'admin', 'Money settings', t('Money settings')],
  ['/admin/payment-details', 'admin', 'Payment details', t('Payment details')],
  ['/admin/settings/integrations', 'admin', 'Integrations', t('Marketing integrations')],
  ['/admin/audit', 'admin', 'Audit log', t('Audit log')],
  ['/admin/jobs', 'admin', 'Job queue', t('Job queue')],
  ['/admin/contact', 'admin', 'Contact messages', t('Contact messages')],
  ['/admin/subscribers', 'admin', 'Subscribers', t('Newsletter subscribers')],
  ['/admin/admins', 'admin', 'Admins', t('Admins')],
  ['/admin/news', 'admin', 'News', t('News articles')],
  ['/admin/news/categories', 'admin', 'News categories', t('News categories')],
  ['/admin/team', 'admin', 'Team', t('Team')],
  ['/admin/agents', 'admin', 'Agents', t('Community agent applications')],
  ['/admin/questions', 'admin', 'Questions', t('Community questions')],
  ['/admin/votes', 'admin', 'Votes', t('Votes')],
  ['/admin/quizzes', 'admin', 'Quizzes', t('Quizzes')],
  ['/admin/ideas', 'admin', 'Ideas', t('Community ideas')],
  ['/admin/projects', 'admin', 'Projects', t('Land projects')],
  ['/admin/chat', 'admin', 'Live chat', t('Live chat')],

  // Development tools
  ['/dev/mail', 'public', 'Mail', t('Development mail')],
  ['/dev/mail/:id', 'public', 'Mail message', t('Development mail message')],
  ['/dev/api', 'public', 'API reference', t('API reference')],
];

const DEV_ONLY = new Set(['/dev/mail', '/dev/mail/:id', '/dev/api']);

/**
 * Public pages search engines may read but not list: a certificate's verification page is for
 * the people given its code, not for search results; a visitor's chat is a conversation, not content.
 */
const NOINDEX_PUBLIC = new Set(['/verify/:code', '/chat']);

/**
 * The admin sections in navigation order, with the permission each needs. A new section is one
 * route-table entry above, one line here and one lazy page in the web app.
 */
const ADMIN_SECTION_PERMISSIONS: Readonly<Record<string, AdminPermission>> = {
  '/admin/orders': 'orders.read',
  '/admin/payouts': 'orders.read',
  '/admin/verifications': 'verifications.review',
  '/admin/email-changes': 'emailChanges.review',
  '/admin/users': 'users.read',
  '/admin/codes': 'codes.manage',
  '/admin/contact': 'contact.answer',
  '/admin/chat': 'chat.answer',
  '/admin/subscribers': 'subscribers.read',
  '/admin/settings': 'settings.money',
  '/admin/payment-details': 'settings.payment',
  '/admin/settings/integrations': 'settings.integrations',
  '/admin/audit': 'audit.read',
  '/admin/jobs': 'jobs.manage',
  '/admin/admins': 'admins.manage',
  '/admin/news': 'content.manage',
  '/admin/news/categories': 'content.manage',
  '/admin/team': 'content.manage',
  '/admin/agents': 'agents.review',
  '/admin/questions': 'community.moderate',
  '/admin/votes': 'community.moderate',
  '/admin/quizzes': 'community.moderate',
  '/admin/ideas': 'community.moderate',
  '/admin/projects': 'content.manage',
};

/** Admin pages reached from a section (not in the navigation), with the permission each needs. */
const ADMIN_PAGE_PERMISSIONS: Readonly<Record<string, AdminPermission>> = {
  '/admin/users/:id': 'users.read',
};

/** The pages that buy, sell, convert or transfer Units, and the steps after them (see RouteDef.customerOnly). */
const CUSTOMER_ONLY_PREFIXES = ['/dashboard/transaction', '/dashboard/convert', '/dashboard/future-transfer', '/dashboard/buy-units', '/dashboard/sell-units', '/dashboard/transfer'];
const isCustomerOnly = (path: string) => CUSTOMER_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

const permissionOf = (path: string): AdminPermission | undefined => ADMIN_SECTION_PERMISSIONS[path] ?? ADMIN_PAGE_PERMISSIONS[path];

export const ROUTES: readonly RouteDef[] = entries.map(([path, access, label, title, menu]) => ({
  path,
  access,
  label,
  title,
  robots: isPrivatePath(path) || NOINDEX_PUBLIC.has(path) ? 'noindex, nofollow' : 'index, follow',
  ...(menu ? { menu } : {}),
  ...(DEV_ONLY.has(path) ? { devOnly: true } : {}),
  ...(permissionOf(path) ? { permission: permissionOf(path) } : {}),
  ...(isCustomerOnly(path) ? { customerOnly: true } : {}),
}));

/** The admin sections, in navigation order. */
export const ADMIN_SECTIONS: readonly RouteDef[] = Object.keys(ADMIN_SECTION_PERMISSIONS).map((path) => findRoute(path));

/** The sections an admin with this role may open, in navigation order. */
export function adminSectionsFor(role: AdminRole | null | undefined): RouteDef[] {
  return ADMIN_SECTIONS.filter((route) => route.permission !== undefined && hasPermission(role, route.permission));
}

/** Old or helper paths that answer with a permanent redirect to their canonical page. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/login/': '/login',
  '/login/forgot/': '/login-forgot',
  '/login/forgot': '/login-forgot',
  '/register/': '/register',
};

export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  access: 'public',
  label: 'Page not found',
  title: t('Page not found'),
  robots: 'noindex, nofollow',
};

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const compiled = ROUTES.map((route) => ({ route, segments: splitPath(route.path) }));

/** Finds the route of a pathname (query and hash ignored, one trailing slash tolerated). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const parts = splitPath(pathname.split(/[?#]/)[0] ?? '');
  for (const { route, segments } of compiled) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] as string;
      const part = parts[i] as string;
      if (seg.startsWith(':')) {
        let value: string;
        try {
          value = decodeURIComponent(part);
        } catch {
          ok = false;
          break;
        }
        params[seg.slice(1)] = value;
      } else if (seg !== part) {
        ok = false;
        break;
      }
    }
    if (ok) return { route, params };
  }
  return undefined;
}

export function findRoute(path: string): RouteDef {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`No route ${path} in the route table`);
  return route;
}

/** Routes shown in the dashboard side menu, grouped in SPEC order. */
export function menuGroups(viewer: { isAdmin: boolean } = { isAdmin: false }): { group: MenuGroup; routes: RouteDef[] }[] {
  return MENU_GROUPS.map((group) => ({ group, routes: ROUTES.filter((r) => r.menu === group && !(viewer.isAdmin && r.customerOnly)) }));
}

/** `staff`: a page that buys, sells or transfers Units, opened by a staff account (decision 0037). */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' } | { kind: 'staff' };

export interface Viewer {
  isAuth: boolean;
  isAdmin: boolean;
  /** An admin's role; admin sections with a permission need it. */
  adminRole?: AdminRole | null;
}

/**
 * What a visitor may do on a page: signed-out visitors to protected pages go to /login (with the
 * page to come back to), signed-in visitors to guest-only pages go to /dashboard, staff accounts
 * opening a page that buys, sells or transfers Units are told they hold none.
 */
export function guard(route: RouteDef, viewer: Viewer, currentUrl: string): GuardDecision {
  switch (route.access) {
    case 'public':
      return { kind: 'allow' };
    case 'guest':
      return viewer.isAuth ? { kind: 'redirect', to: '/dashboard' } : { kind: 'allow' };
    case 'auth':
    case 'admin':
      if (!viewer.isAuth) return { kind: 'redirect', to: loginUrl(currentUrl) };
      if (route.access === 'admin' && !viewer.isAdmin) return { kind: 'forbidden' };
      if (route.permission && !hasPermission(viewer.adminRole, route.permission)) return { kind: 'forbidden' };
      if (route.customerOnly && viewer.isAdmin) return { kind: 'staff' };
      return { kind: 'allow' };
  }
}

export function loginUrl(next: string): string {
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/**
 * Where to go after signing in: only a same-site path is accepted. Backslashes, spaces and control
 * characters are refused too: browsers drop tabs and newlines and read `\\` as `/`, which would turn
 * `/\t/evil.example` into `//evil.example`.
 */
export function safeNext(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\\\s\u0000-\u001f\u007f]/.test(next)) return fallback;
  return next;
}
