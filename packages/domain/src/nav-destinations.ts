/**
 * The signed-in menu's destinations (decision 0063), apart from the route table: the web app's
 * first download carries the route table, and the menu comes with the dashboard's own code.
 */

import { findRoute, type MenuGroup, type RouteDef } from './routes';

/**
 * One of the signed-in menu's primary destinations (decision 0063): at most seven, each under its
 * SPEC §2 group, each a section whose pages (the SPEC's routes) its own tabs list.
 */
export interface NavDestination {
  readonly label: string;
  /** Where the destination's link goes: its first page. */
  readonly path: string;
  /** The SPEC §2 side-menu group it sits under; Home sits above the groups. */
  readonly group: MenuGroup | null;
  /** Its pages, in menu order: the section's tabs. */
  readonly pages: readonly RouteDef[];
  /** Paths under which further pages belong to it (a flow's steps, a question): its link is current there. */
  readonly within: readonly string[];
}

type DestinationEntry = [label: string, group: MenuGroup | null, pages: string[], within: string[]];

const DESTINATIONS: readonly DestinationEntry[] = [
  ['Home', null, ['/dashboard'], ['/dashboard/notifications']],
  ['Buy & sell', 'Transactions', ['/dashboard/transaction', '/dashboard/convert', '/dashboard/future-transfer'], ['/dashboard/buy-units', '/dashboard/sell-units', '/dashboard/transfer']],
  ['Activity', 'Transactions', ['/dashboard/my-transactions', '/dashboard/view-future-transfer'], []],
  ['Documents', 'Transactions', ['/dashboard/statement', '/dashboard/sales-invoices'], []],
  ['Help', 'Information', ['/user-manual', '/dashboard/What-are-Land-Units', '/dashboard/land-projects', '/dashboard/saleschat'], []],
  [
    'Community',
    'Governance',
    [
      '/dashboard/votes',
      '/dashboard/projects/open',
      '/dashboard/projects/close',
      '/dashboard/questions/open',
      '/dashboard/questions/close',
      '/dashboard/quizzes',
      '/dashboard/community-ideas',
      '/dashboard/community/become-agent',
      '/dashboard/community/ask-question',
    ],
    ['/dashboard/questions', '/dashboard/community', '/dashboard/projects'],
  ],
  [
    'Settings',
    'My Profile',
    [
      '/dashboard/settings',
      '/dashboard/settings/profile-verification',
      '/dashboard/settings/bank-verification',
      '/dashboard/settings/security',
      '/dashboard/settings/change-email',
      '/dashboard/settings/change-password',
      '/dashboard/settings/notifications',
      '/dashboard/settings/subscriptions',
    ],
    ['/dashboard/settings'],
  ],
];

/** The most primary destinations the signed-in menu holds (issue: navigation people can hold in their head). */
export const MAX_NAV_DESTINATIONS = 7;

const ALL_DESTINATIONS: readonly NavDestination[] = DESTINATIONS.map(([label, group, pages, within]) => {
  const defs = pages.map(findRoute);
  return { label, group, path: pages[0] as string, pages: defs, within };
});

/**
 * The signed-in menu for this viewer: staff accounts hold no Units, so the pages that buy, sell,
 * convert or transfer them are left out, and a destination left with no page goes too.
 */
export function navDestinations(viewer: { isAdmin: boolean } = { isAdmin: false }): NavDestination[] {
  if (!viewer.isAdmin) return [...ALL_DESTINATIONS];
  return ALL_DESTINATIONS.map((d) => {
    const pages = d.pages.filter((page) => !page.customerOnly);
    return { ...d, pages, path: pages[0]?.path ?? d.path };
  }).filter((d) => d.pages.length > 0);
}

/**
 * The destination a page belongs to: one of its pages (or a page's own steps below it, such as
 * /dashboard/convert/success), or a path under its `within`; the longest match wins. Home owns only
 * its own pages, not everything under /dashboard.
 */
export function destinationOf(pathname: string, destinations: readonly NavDestination[] = ALL_DESTINATIONS): NavDestination | undefined {
  const path = pathname.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1') ?? '';
  let best: { destination: NavDestination; length: number } | undefined;
  for (const destination of destinations) {
    const prefixes = [...destination.pages.map((page) => page.path), ...destination.within];
    for (const prefix of prefixes) {
      const matches = path === prefix || (prefix !== '/dashboard' && path.startsWith(`${prefix}/`));
      if (matches && (!best || prefix.length > best.length)) best = { destination, length: prefix.length };
    }
  }
  return best?.destination;
}
