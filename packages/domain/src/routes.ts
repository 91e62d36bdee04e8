/**
 * The one route table. Every page of the product is listed here once, with its search-preview
 * title and description, who may see it and whether search engines may index it. The API uses it
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
  readonly description: string;
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
}

export const SITE_NAME = 'Land Units';
export const MENU_GROUPS: readonly MenuGroup[] = ['Transactions', 'Information', 'Governance', 'My Profile'];

/** Pages under these prefixes are never indexed (SPEC §2). */
export const PRIVATE_PREFIXES = ['/dashboard', '/account', '/subscribe', '/logout', '/user-manual', '/admin', '/dev', '/unsubscribe'] as const;

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

type Entry = [path: string, access: Access, label: string, title: string, description: string, menu?: MenuGroup];

const t = (title: string) => `${title} | ${SITE_NAME}`;

const entries: Entry[] = [
  // Public
  ['/', 'public', 'Home', `${SITE_NAME}: Units backed by sustainably managed land`, 'Buy, sell and transfer Land Units in GBP, USD, EUR and AUD. Sale money buys sustainably managed land; Units rise in price every day.'],
  ['/team', 'public', 'Team', t('Our team'), 'Meet the people behind Land Units and the land they manage.'],
  ['/contact-us', 'public', 'Contact', t('Contact us'), 'Questions about Units, your account or a purchase? Write to the Land Units team.'],
  ['/terms-and-conditions', 'public', 'Terms & Conditions', t('Terms and conditions'), 'The terms that apply when you use Land Units, version dated 10.03.25.'],
  ['/privacy-policy', 'public', 'Privacy Policy', t('Privacy policy'), 'How Land Units collects, uses, keeps and protects your personal data.'],
  ['/news', 'public', 'News', t('News'), 'News from Land Units: land projects, environmental results and company updates.'],
  ['/news/category/:slug', 'public', 'News category', t('News by category'), 'Land Units news articles in one category.'],
  ['/news/article/:id', 'public', 'News article', t('News article'), 'A news article from Land Units.'],
  ['/business', 'public', 'Business', t('For businesses and governments'), 'Land Units for businesses and governments: CSR and ESG benefits backed by sustainably managed land.'],
  ['/rocket1', 'public', 'Rocket', t('Grow with the land'), 'Units backed by sustainably managed land that rise in price every day. Start in about a minute.'],
  ['/faq', 'public', 'FAQ', t('Frequently asked questions'), 'How Units rise in price, how to sell, what a Unit is, how Land Units earns and what happens to sale money.'],
  ['/about-us', 'public', 'About Us', t('About us'), 'Twenty years of managing land sustainably, and why we started Land Units.'],
  ['/landing', 'public', 'Landing', t('Units backed by land'), 'Own Units backed by sustainably managed land in GBP, USD, EUR or AUD.'],
  ['/references', 'public', 'References', t('References'), 'Sources and references behind the environmental figures Land Units publishes.'],
  ['/statistics', 'public', 'Statistics', t('Land and environmental statistics'), 'Land values, growth per year, exchange rates and environmental impact of the land behind Land Units.'],
  ['/fees', 'public', 'Fees', t('Fees'), 'Every Land Units fee: purchase fee, sale fee, payment method fees. Transfers are free.'],
  ['/account/confirm', 'public', 'Confirm account', t('Confirm your account'), 'Confirm your email address to activate your Land Units account.'],
  ['/unsubscribe', 'public', 'Unsubscribe', t('Unsubscribe'), 'Stop one kind of email from Land Units.'],
  ['/account/verify-email-change', 'public', 'Confirm new email', t('Confirm your new email address'), 'Confirm the new email address of your Land Units account.'],
  ['/subscribe/confirm', 'public', 'Confirm subscription', t('Confirm your subscription'), 'Confirm your subscription to the Land Units newsletter.'],
  ['/verify/:code', 'public', 'Verify a certificate', t('Verify an impact certificate'), 'Check that a Land Units direct impact certificate is genuine, with its date and figures.'],

  // Guest only
  ['/register', 'guest', 'Register', t('Register'), 'Create your Land Units account in about a minute.'],
  ['/business-register', 'guest', 'Business registration', t('Register your business'), 'Open a Land Units account for your business or government body.'],
  ['/login', 'guest', 'Log in', t('Log in'), 'Log in to your Land Units account.'],
  ['/login-forgot', 'guest', 'Forgot password', t('Forgot your password'), 'Get a link to reset the password of your Land Units account.'],
  ['/login/reset', 'guest', 'Reset password', t('Reset your password'), 'Choose a new password for your Land Units account.'],
  ['/account/admin-invitation', 'guest', 'Admin invitation', t('Accept your admin invitation'), 'Choose your name and password to join the Land Units administration.'],

  // Signed in
  ['/logout', 'auth', 'Log out', t('Log out'), 'Sign out of Land Units.'],
  ['/user-manual', 'auth', 'User manual', t('User manual'), 'How to buy, sell, transfer and convert Units.', 'Information'],
  ['/dashboard', 'auth', 'Dashboard', t('Dashboard'), 'Your holdings, their value and profit.'],
  ['/dashboard/transaction', 'auth', 'Buy, sell, transfer', t('Buy, sell or transfer Units'), 'Buy, sell or transfer Units.', 'Transactions'],
  ['/dashboard/convert', 'auth', 'Convert', t('Convert Units'), 'Convert Units from one currency to another.', 'Transactions'],
  ['/dashboard/future-transfer', 'auth', 'Schedule a transfer', t('Schedule a transfer'), 'Schedule a transfer of Units for a later date.', 'Transactions'],
  ['/dashboard/view-future-transfer', 'auth', 'Scheduled transfers', t('Scheduled transfers'), 'Your scheduled transfers.', 'Transactions'],
  ['/dashboard/my-transactions', 'auth', 'Transaction history', t('Transaction history'), 'Every order you placed or received.', 'Transactions'],
  ['/dashboard/statement', 'auth', 'Statement', t('Statement'), 'Download a statement of your transactions.', 'Transactions'],
  ['/dashboard/sales-invoices', 'auth', 'Invoices', t('Invoices'), 'Invoices for your orders.', 'Transactions'],
  ['/dashboard/land-projects', 'auth', 'View Project Status', t('Land projects'), 'Status of the land projects behind your Units.', 'Information'],
  ['/dashboard/What-are-Land-Units', 'auth', 'What are Land Units', t('What are Land Units'), 'What a Unit is and what it is not.', 'Information'],
  ['/dashboard/saleschat', 'auth', 'Chat with a sales agent', t('Chat with a sales agent'), 'Talk to a Land Units sales agent.', 'Information'],
  ['/dashboard/projects/open', 'auth', 'Open projects', t('Open projects'), 'Land projects running now, with their latest news.', 'Governance'],
  ['/dashboard/projects/close', 'auth', 'Closed projects', t('Closed projects'), 'Land projects that have finished, with what they achieved.', 'Governance'],
  ['/dashboard/questions/open', 'auth', 'Open questions', t('Open questions'), 'Questions open to the community.', 'Governance'],
  ['/dashboard/questions/close', 'auth', 'Closed questions', t('Closed questions'), 'Questions the community has closed.', 'Governance'],
  ['/dashboard/questions/:id', 'auth', 'Question', t('Community question'), 'A community question and its answers.'],
  ['/dashboard/votes', 'auth', 'Votes', t('Votes'), 'Vote Yes or No on how the land is managed.', 'Governance'],
  ['/dashboard/quizzes', 'auth', 'Quizzes', t('Quizzes'), 'Short quizzes about Land Units and the land.', 'Governance'],
  ['/dashboard/community-ideas', 'auth', 'Community ideas', t('Community ideas'), 'Suggest and read ideas from the community.', 'Governance'],
  ['/dashboard/community/become-agent', 'auth', 'Become an agent', t('Become a community agent'), 'Apply to become a Land Units community agent.', 'Governance'],
  ['/dashboard/community/ask-question', 'auth', 'Ask a question', t('Ask a question'), 'Ask the community a question.', 'Governance'],
  ['/dashboard/community/open-question', 'auth', 'Open community questions', t('Open community questions'), 'Community questions waiting for answers.'],
  ['/dashboard/community/close-question', 'auth', 'Closed community questions', t('Closed community questions'), 'Community questions that have been closed.'],
  ['/dashboard/community/your-question', 'auth', 'Your questions', t('Your questions'), 'Questions you asked the community.'],
  ['/dashboard/settings', 'auth', 'Update Your Profile', t('Update your profile'), 'Your personal details.', 'My Profile'],
  ['/dashboard/settings/profile-verification', 'auth', 'Profile verification', t('Profile verification'), 'Verify your identity.', 'My Profile'],
  ['/dashboard/settings/bank-verification', 'auth', 'Bank verification', t('Bank verification'), 'Verify the bank account that receives your sale money.', 'My Profile'],
  ['/dashboard/settings/change-email', 'auth', 'Change email', t('Change email'), 'Change the email address of your account.', 'My Profile'],
  ['/dashboard/settings/change-password', 'auth', 'Change password', t('Change password'), 'Change your password.', 'My Profile'],
  ['/dashboard/settings/subscriptions', 'auth', 'Subscriptions', t('Subscriptions'), 'Choose which emails you receive.', 'My Profile'],

  // Order flow
  ['/dashboard/buy-units/payment', 'auth', 'Payment method', t('Choose a payment method'), 'Choose how to pay for your Units.'],
  ['/dashboard/buy-units/payment-bank', 'auth', 'Bank payment', t('Pay by bank transfer'), 'Bank details and reference for your payment.'],
  ['/dashboard/buy-units/payment-crypto', 'auth', 'Crypto payment', t('Pay with crypto'), 'Wallet address and amount for your payment.'],
  ['/dashboard/buy-units/payment-card-square', 'auth', 'Card payment', t('Pay by card'), 'Pay for your Units by card.'],
  ['/dashboard/buy-units/payment-card-stripe', 'auth', 'Card payment', t('Pay by card'), 'Pay for your Units by card.'],
  ['/dashboard/buy-units/payment-card', 'auth', 'Card payment', t('Pay by card'), 'Pay for your Units by card.'],
  ['/dashboard/buy-units/payment/success', 'auth', 'Payment received', t('Payment received'), 'Your purchase is confirmed.'],
  ['/dashboard/buy-units/cancelled', 'auth', 'Payment cancelled', t('Payment cancelled'), 'Your purchase was cancelled.'],
  ['/dashboard/future-transfer/cancelled', 'auth', 'Transfer cancelled', t('Scheduled transfer cancelled'), 'Your scheduled transfer was cancelled.'],
  ['/dashboard/sell-units/success', 'auth', 'Sale placed', t('Sale placed'), 'Your sale order has been placed.'],
  ['/dashboard/transfer/success', 'auth', 'Transfer sent', t('Transfer sent'), 'Your transfer is complete.'],
  ['/dashboard/convert/success', 'auth', 'Conversion complete', t('Conversion complete'), 'Your Units have been converted.'],

  // Administration: /admin is the home (the queues of the admin's role), then one entry per section.
  ['/admin', 'admin', 'Home', t('Administration'), 'What is waiting for an admin, oldest first.'],
  ['/admin/orders', 'admin', 'Orders', t('Orders waiting for an admin'), 'Orders waiting for an admin and payments to check.'],
  ['/admin/payouts', 'admin', 'Payouts', t('Payouts'), 'Sales waiting for their payout, with the bank details to pay and a second admin for large ones.'],
  ['/admin/verifications', 'admin', 'Verifications', t('Verifications waiting for review'), 'Profile and bank verifications waiting for review.'],
  ['/admin/codes', 'admin', 'Reference codes', t('Reference codes'), 'Discount and bonus codes for purchases.'],
  ['/admin/email-changes', 'admin', 'Email changes', t('Email change requests'), 'Email change requests waiting for a decision.'],
  ['/admin/users', 'admin', 'Users', t('Users'), 'Find a person by email, name, business or order id.'],
  ['/admin/users/:id', 'admin', 'User', t('User'), 'One person’s account, holdings, orders, emails and history.'],
  ['/admin/settings', 'admin', 'Money settings', t('Money settings'), 'Prices, fees, rates, caps and limits; each change approved by a second admin.'],
  ['/admin/payment-details', 'admin', 'Payment details', t('Payment details'), 'Bank account, crypto wallets and company details; each change approved by a second admin.'],
  ['/admin/audit', 'admin', 'Audit log', t('Audit log'), 'Every admin action: who, when, what and why.'],
  ['/admin/contact', 'admin', 'Contact messages', t('Contact messages'), 'Messages sent with the contact form, and the replies to them.'],
  ['/admin/subscribers', 'admin', 'Subscribers', t('Newsletter subscribers'), 'Newsletter subscribers by status, with a CSV export.'],
  ['/admin/admins', 'admin', 'Admins', t('Admins'), 'Invite admins, change their roles and remove them.'],
  ['/admin/news', 'admin', 'News', t('News articles'), 'Write, publish and remove the news of the public website.'],
  ['/admin/news/categories', 'admin', 'News categories', t('News categories'), 'The categories news articles are filed under.'],
  ['/admin/team', 'admin', 'Team', t('Team'), 'The people shown on the team page, in order.'],
  ['/admin/agents', 'admin', 'Agents', t('Community agent applications'), 'Applications to become a community agent, and the agents.'],
  ['/admin/questions', 'admin', 'Questions', t('Community questions'), 'Community questions and answers: answer, close, hide.'],
  ['/admin/votes', 'admin', 'Votes', t('Votes'), 'Publish vote questions and close them.'],
  ['/admin/quizzes', 'admin', 'Quizzes', t('Quizzes'), 'Write quizzes for the community.'],
  ['/admin/ideas', 'admin', 'Ideas', t('Community ideas'), 'Ideas from the community: status and reply.'],
  ['/admin/projects', 'admin', 'Projects', t('Land projects'), 'Land projects, their figures and status updates.'],

  // Development tools
  ['/dev/mail', 'public', 'Mail', t('Development mail'), 'Emails the product sent, kept for reading when no mail server is set.'],
  ['/dev/mail/:id', 'public', 'Mail message', t('Development mail message'), 'One email the product sent.'],
  ['/dev/api', 'public', 'API reference', t('API reference'), 'Every API route with its auth, request and answers.'],
];

const DEV_ONLY = new Set(['/dev/mail', '/dev/mail/:id', '/dev/api']);

/**
 * Public pages search engines may read but not list: a certificate's verification page is for
 * the people given its code, not for search results.
 */
const NOINDEX_PUBLIC = new Set(['/verify/:code']);

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
  '/admin/subscribers': 'subscribers.read',
  '/admin/settings': 'settings.money',
  '/admin/payment-details': 'settings.payment',
  '/admin/audit': 'audit.read',
  '/admin/admins': 'admins.manage',
  '/admin/news': 'content.manage',
  '/admin/news/categories': 'content.manage',
  '/admin/team': 'content.manage',
  '/admin/projects': 'content.manage',
  '/admin/agents': 'agents.review',
  '/admin/questions': 'community.moderate',
  '/admin/votes': 'community.moderate',
  '/admin/quizzes': 'community.moderate',
  '/admin/ideas': 'community.moderate',
};

/** Admin pages reached from a section (not in the navigation), with the permission each needs. */
const ADMIN_PAGE_PERMISSIONS: Readonly<Record<string, AdminPermission>> = {
  '/admin/users/:id': 'users.read',
};

const permissionOf = (path: string): AdminPermission | undefined => ADMIN_SECTION_PERMISSIONS[path] ?? ADMIN_PAGE_PERMISSIONS[path];

export const ROUTES: readonly RouteDef[] = entries.map(([path, access, label, title, description, menu]) => ({
  path,
  access,
  label,
  title,
  description,
  robots: isPrivatePath(path) || NOINDEX_PUBLIC.has(path) ? 'noindex, nofollow' : 'index, follow',
  ...(menu ? { menu } : {}),
  ...(DEV_ONLY.has(path) ? { devOnly: true } : {}),
  ...(permissionOf(path) ? { permission: permissionOf(path) } : {}),
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
  description: 'The page you asked for does not exist.',
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
export function menuGroups(): { group: MenuGroup; routes: RouteDef[] }[] {
  return MENU_GROUPS.map((group) => ({ group, routes: ROUTES.filter((r) => r.menu === group) }));
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

export interface Viewer {
  isAuth: boolean;
  isAdmin: boolean;
  /** An admin's role; admin sections with a permission need it. */
  adminRole?: AdminRole | null;
}

/**
 * What a visitor may do on a page: signed-out visitors to protected pages go to /login (with the
 * page to come back to), signed-in visitors to guest-only pages go to /dashboard.
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
