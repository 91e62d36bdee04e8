import { ACCESSIBILITY_STATEMENT, DISCLAIMER, FOOTER_LINKS, SOCIAL_LINKS } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../test/render-app';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('links every footer page, the social accounts, the disclaimer and the accessibility statement', () => {
    renderWithProviders(<SiteFooter />, { session: null });
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    for (const link of FOOTER_LINKS) {
      expect(within(nav).getByRole('link', { name: link.label }).getAttribute('href')).toBe(link.to);
    }
    for (const link of SOCIAL_LINKS) {
      const anchor = screen.getByRole('link', { name: `${link.label} (opens in a new tab)` });
      expect(anchor.getAttribute('href')).toBe(link.to);
      expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
      expect(anchor.getAttribute('target')).toBe('_blank');
    }
    expect(screen.getByText(DISCLAIMER)).toBeTruthy();
    expect(screen.getByText(ACCESSIBILITY_STATEMENT)).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Land Units. All rights reserved.`)).toBeTruthy();
  });

  it('does not offer Register and Log in to a signed-in user, keeps the other links and leads the sales chat to the dashboard', () => {
    renderWithProviders(<SiteFooter />, { session: TEST_USER });
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).queryByRole('link', { name: 'Register' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    for (const link of FOOTER_LINKS.filter((l) => l.to !== '/register' && l.to !== '/login')) {
      expect(within(nav).getByRole('link', { name: link.label }).getAttribute('href')).toBe(link.to === '/chat' ? '/dashboard/saleschat' : link.to);
    }
    expect(within(nav).getByRole('button', { name: 'Cookie settings' })).toBeTruthy();
  });
});
