import { NOT_FOUND_ROUTE, ROUTES, findRoute, routeDescription } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders, TEST_ADMIN, TEST_USER } from '../test/render-app';
import { isBuilt } from './page-modules';
import { PlaceholderPage } from './pages/placeholder-page';
import * as layout from './layouts/layout.module.css';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('routing and guards', () => {
  it('sends a signed-out visitor of /dashboard to /login?next=%2Fdashboard', async () => {
    const { location } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(location.current).toBe('/login?next=%2Fdashboard');
  });

  it('keeps the query string of the protected page in next', async () => {
    const { location } = renderApp('/dashboard/buy-units/payment-bank?orderId=01J9', { session: null });

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(location.current).toBe(`/login?next=${encodeURIComponent('/dashboard/buy-units/payment-bank?orderId=01J9')}`);
  });

  it('asks GET /api/user at start and lets a signed-in user into the dashboard', async () => {
    const fetchMock = vi.fn(async () => json(200, { user: TEST_USER, prices: {} }));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'lu_signed_in=1; Path=/';

    const { location } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(location.current).toBe('/dashboard');
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }));
    // The dashboard layout has the grouped menu: Home, then seven destinations at most under the four SPEC groups.
    const menu = await screen.findByRole('navigation', { name: 'Account' });
    const groups = within(menu).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Transactions',
      'Information',
      'Governance',
      'My Profile',
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Buy & sell', 'Activity', 'Documents']);
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Buy & sell', 'Activity', 'Documents', 'Help', 'Community', 'Settings']);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    // The dashboard is a section of one page: no row of section pages above it.
    expect(screen.queryByRole('navigation', { name: /pages$/ })).toBeNull();
  });

  it('marks the section of a page in the menu and lists the section’s pages above it', async () => {
    renderApp('/dashboard/settings/security', { session: TEST_USER });
    const menu = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
    const section = screen.getByRole('navigation', { name: 'Settings pages' });
    const pages = within(section).getAllByRole('link');
    expect(pages.map((link) => link.textContent)).toEqual([
      'Update Your Profile',
      'Profile verification',
      'Bank verification',
      'Security',
      'Change email',
      'Change password',
      'Notification settings',
      'Subscriptions',
    ]);
    expect(within(section).getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe('page');
    expect(within(section).getByRole('link', { name: 'Bank verification' }).getAttribute('href')).toBe('/dashboard/settings/bank-verification');
  });

  it('on a public page, keeps the header links hidden for a visitor with the sign-in hint until GET /api/user answers', async () => {
    let answer!: (response: Response) => void;
    // GET /api/user waits for the test; the page's other questions (the footer's statements) get nothing.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => (String(url) === '/api/user' ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(json(404, { message: 'Not found', code: 'NOT_FOUND' })))),
    );
    document.cookie = 'lu_signed_in=1; Path=/';

    const { container } = renderApp('/faq');

    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    const inner = container.querySelector(`.${layout.siteHeaderInner}`);
    expect(inner?.getAttribute('aria-busy')).toBe('true');
    answer(json(200, { user: TEST_USER, prices: {} }));
    await waitFor(() => expect(inner?.hasAttribute('aria-busy')).toBe(false));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('on a public page, shows a visitor without the sign-in hint the signed-out links at once', async () => {
    const { container } = renderApp('/faq');

    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    expect(container.querySelector(`.${layout.siteHeaderInner}`)?.hasAttribute('aria-busy')).toBe(false);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('treats a 404 from GET /api/user (not built yet) as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { message: 'Not found', code: 'NOT_FOUND' })),
    );
    document.cookie = 'lu_signed_in=1; Path=/';

    const { location } = renderApp('/dashboard/settings');

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(location.current).toBe('/login?next=%2Fdashboard%2Fsettings');
    expect(screen.queryByRole('status', { name: 'Notifications' })?.textContent ?? '').toBe('');
  });

  it('sends a signed-in visitor of a guest page to /dashboard', async () => {
    const { location } = renderApp('/login', { session: TEST_USER });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(location.current).toBe('/dashboard');
  });

  it('shows a 403 message on admin pages to signed-in users who are not admins', async () => {
    renderApp('/admin', { session: TEST_USER });

    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Access denied | Land Units'));
  });

  it('lets admins into admin pages', async () => {
    renderApp('/admin', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
  });

  it('tells a staff account it holds no Units on the buy, sell and transfer page, and its menu does not offer them', async () => {
    renderApp('/dashboard/transaction?tab=buy', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts hold no Units' })).toBeTruthy();
    expect(screen.getByText(/Staff accounts do not buy, sell or transfer Units/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the administration' }).getAttribute('href')).toBe('/admin');
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).queryByRole('link', { name: 'Buy & sell' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy, sell, transfer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Convert' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/dashboard/my-transactions');
  });

  it('offers a customer the buy, sell and transfer pages in the menu and in the section', async () => {
    renderApp('/dashboard/convert', { session: TEST_USER });
    const menu = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Buy & sell' }).getAttribute('href')).toBe('/dashboard/transaction');
    expect(within(menu).getByRole('link', { name: 'Buy & sell' }).getAttribute('aria-current')).toBe('true');
    const section = screen.getByRole('navigation', { name: 'Buy & sell pages' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Buy, sell, transfer', 'Convert', 'Schedule a transfer']);
  });

  it('renders the designed 404 page for unknown paths', async () => {
    renderApp('/no-such-page', { session: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    const helpful = screen.getByRole('navigation', { name: 'Helpful links' });
    expect(within(helpful).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(
      within(helpful)
        .getByRole('link', { name: /questions/i })
        .getAttribute('href'),
    ).toBe('/faq');
    expect(within(helpful).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
    await waitFor(() => expect(document.title).toBe(NOT_FOUND_ROUTE.title));
  });

  it('matches paths case-sensitively, like the server', async () => {
    renderApp('/Dashboard', { session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('has every page of the route table built, and a page not built yet would say so honestly, with its label and description', async () => {
    for (const r of ROUTES) expect(await isBuilt(r.path), r.path).toBe(true);
    const route = findRoute('/dashboard/saleschat');
    renderWithProviders(<PlaceholderPage />, { path: '/dashboard/saleschat', session: TEST_USER });

    expect(await screen.findByRole('heading', { level: 1, name: route.label })).toBeTruthy();
    expect(screen.getByText(routeDescription(route))).toBeTruthy();
    expect(screen.getByText('This part of Land Units is not open yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
  });

  it('sets the title and description from the route table and moves focus to the new heading', async () => {
    const { user } = renderApp('/', { session: null });
    await screen.findByRole('heading', { level: 1, name: /Units backed by land/ });
    await waitFor(() => expect(document.title).toBe(findRoute('/').title));

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'Team' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Our team' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe(findRoute('/team').title);
    await waitFor(() => expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(routeDescription(findRoute('/team'))));
  });

  it('offers a skip link to the main content', async () => {
    const { user } = renderApp('/', { session: null });
    await screen.findByRole('heading', { level: 1 });

    await user.click(screen.getByRole('link', { name: 'Skip to content' }));

    expect(document.activeElement?.id).toBe('main');
  });
});
