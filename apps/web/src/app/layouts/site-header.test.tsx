import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../test/render-app';
import { SiteHeader } from './site-header';

function headerLinks(): [string, string | null][] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href')]);
}

function renderHeader(path: string, signedIn: boolean, expanded = false) {
  return renderWithProviders(<SiteHeader menu={{ expanded, onToggle: () => {} }} />, {
    path,
    session: signedIn ? TEST_USER : null,
  });
}

describe('SiteHeader (SPEC §2 variants)', () => {
  it('logged out: Contact, News, Register, Log in, and no menu toggle', () => {
    renderHeader('/', false);
    expect(headerLinks()).toEqual([
      ['Contact', '/contact-us'],
      ['News', '/news'],
      ['Register', '/register'],
      ['Log in', '/login'],
    ]);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it.each(['/business', '/business-register'])('logged out on %s: News, Register to /business-register, Log in', (path) => {
    renderHeader(path, false);
    expect(headerLinks()).toEqual([
      ['News', '/news'],
      ['Register', '/business-register'],
      ['Log in', '/login'],
    ]);
  });

  it('logged out on /rocket1: only Log in', () => {
    renderHeader('/rocket1', false);
    expect(headerLinks()).toEqual([['Log in', '/login']]);
  });

  it.each(['/', '/business', '/rocket1', '/dashboard'])('logged in on %s: Contact, Dashboard, Logout and a toggle for the grouped menu', (path) => {
    renderHeader(path, true, true);
    expect(headerLinks()).toEqual([
      ['Contact', '/contact-us'],
      ['Dashboard', '/dashboard'],
      ['Logout', '/logout'],
    ]);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe('grouped-menu');
  });

  it('the logo says Land Units and leads home', () => {
    renderHeader('/faq', false);
    const logo = screen.getByRole('link', { name: 'Land Units' });
    expect(logo.getAttribute('href')).toBe('/');
  });

  it('marks the link of the current page', () => {
    renderHeader('/news', false);
    expect(screen.getByRole('link', { name: 'News' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBeNull();
  });
});
