/** Header and footer links of SPEC §2, decided from the page and the session. */

export interface NavLink {
  label: string;
  to: string;
  external?: boolean;
}

export interface HeaderModel {
  links: NavLink[];
  /** Signed-in visitors get a toggle for the grouped menu. */
  menuToggle: boolean;
}

const CONTACT: NavLink = { label: 'Contact', to: '/contact-us' };
const NEWS: NavLink = { label: 'News', to: '/news' };
const REGISTER: NavLink = { label: 'Register', to: '/register' };
const LOGIN: NavLink = { label: 'Log in', to: '/login' };

export function headerModel(pathname: string, isAuth: boolean): HeaderModel {
  if (isAuth) {
    return {
      links: [CONTACT, { label: 'Dashboard', to: '/dashboard' }, { label: 'Logout', to: '/logout' }],
      menuToggle: true,
    };
  }
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/business' || path === '/business-register') {
    return { links: [NEWS, { label: 'Register', to: '/business-register' }, LOGIN], menuToggle: false };
  }
  if (path === '/rocket1') return { links: [LOGIN], menuToggle: false };
  return { links: [CONTACT, NEWS, REGISTER, LOGIN], menuToggle: false };
}

/** Every footer link, as a visitor sees them (see footerLinks). */
export const FOOTER_LINKS: readonly NavLink[] = [
  REGISTER,
  LOGIN,
  { label: 'FAQ', to: '/faq' },
  { label: 'Team', to: '/team' },
  { label: 'Chat with a sales agent', to: '/chat' },
  { label: 'Contact Details', to: '/contact-us' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
];

/**
 * Footer links for this visitor: Register and Log in only for someone not signed in; the sales
 * chat is the visitor chat (/chat) for visitors and the dashboard's chat for signed-in people.
 */
export function footerLinks(isAuth: boolean): NavLink[] {
  if (!isAuth) return [...FOOTER_LINKS];
  return FOOTER_LINKS.filter((link) => link.to !== REGISTER.to && link.to !== LOGIN.to).map((link) => (link.to === '/chat' ? { ...link, to: '/dashboard/saleschat' } : link));
}

export const SOCIAL_LINKS: readonly NavLink[] = [
  { label: 'LinkedIn', to: 'https://www.linkedin.com/company/landunits', external: true },
  { label: 'Facebook', to: 'https://www.facebook.com/landunits', external: true },
  { label: 'Instagram', to: 'https://www.instagram.com/landunits', external: true },
  { label: 'X', to: 'https://x.com/landunits', external: true },
];

export const DISCLAIMER =
  'Nothing on this site is investment advice. A Unit is not ownership of land. The price of Units rises at a fixed daily rate set by Land Units; read the terms before you buy.';

export const ACCESSIBILITY_STATEMENT =
  'We want everyone to be able to use Land Units. Every page works with a keyboard and a screen reader and reads well from 360 px wide. If something gets in your way, tell us through the contact page and we will fix it.';
