/** Head of the 403 answer an admin page gives to signed-in visitors who are not admins. */
export const FORBIDDEN_HEAD = {
  title: 'Access denied | Land Units',
  description: 'This page is only open to Land Units administrators.',
  robots: 'noindex, nofollow',
} as const;
