import { DISCLAIMER } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '../../../app/layouts/site-footer';
import { json, mockApi, NO_TRUST_STATEMENTS } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render-app';
import { AboutUsPage } from './about-us-page';

const FILLED = {
  regulatoryLine: 'Land Units is run by Example Land Ltd, registered in England and Wales under company number 01234567.',
  regulatory: 'Land Units is operated by Example Land Ltd.\n\nComplaints: write to complaints@example.com,\nor by post.',
  security: 'Report a vulnerability to security@example.com.',
};

describe('regulatory and security statements on the public site', () => {
  it('the footer claims nothing while the operator has written nothing', async () => {
    const api = mockApi({ 'GET /api/site/trust': () => json(200, NO_TRUST_STATEMENTS) });
    renderWithProviders(<SiteFooter />, { session: null });
    const footer = screen.getByRole('contentinfo');
    // Asked, answered with nothing: nothing stands in its place.
    await waitFor(() => expect(api.callsTo('GET /api/site/trust')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(footer.textContent).toContain(DISCLAIMER);
    expect(within(footer).queryByRole('heading', { name: 'Regulatory information' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'How we protect your money and data' })).toBeNull();
    expect(footer.textContent).not.toMatch(/\[|authoris|regulated/i);
  });

  it('the footer shows the line the operator wrote, with links to the full statements', async () => {
    mockApi({ 'GET /api/site/trust': () => json(200, FILLED) });
    renderWithProviders(<SiteFooter />, { session: null });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('heading', { name: 'Regulatory information' })).toBeTruthy();
    expect(footer.textContent).toContain(FILLED.regulatoryLine);
    expect(within(footer).getByRole('link', { name: 'Read the regulatory statement' }).getAttribute('href')).toBe('/about-us#regulatory-statement');
    expect(within(footer).getByRole('link', { name: 'How we protect your money and data' }).getAttribute('href')).toBe('/about-us#security-statement');
  });

  it('the footer does not link a full statement that is not shown', async () => {
    mockApi({ 'GET /api/site/trust': () => json(200, { regulatoryLine: FILLED.regulatoryLine, regulatory: null, security: null }) });
    renderWithProviders(<SiteFooter />, { session: null });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(FILLED.regulatoryLine)).toBeTruthy();
    expect(within(footer).queryByRole('link', { name: 'Read the regulatory statement' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'How we protect your money and data' })).toBeNull();
  });

  it('/about-us shows each written statement in its own section, paragraphs and line breaks kept', async () => {
    mockApi({ 'GET /api/site/trust': () => json(200, FILLED) });
    renderWithProviders(<AboutUsPage />, { path: '/about-us' });
    const regulatory = await screen.findByRole('region', { name: 'Regulatory information' });
    expect(regulatory.id).toBe('regulatory-statement');
    const paragraphs = within(regulatory).getAllByText(/./, { selector: 'p' });
    expect(paragraphs.map((p) => p.innerHTML)).toEqual(['Land Units is operated by Example Land Ltd.', 'Complaints: write to complaints@example.com,<br>or by post.']);
    const security = screen.getByRole('region', { name: 'How we protect your money and data' });
    expect(security.id).toBe('security-statement');
    expect(security.textContent).toContain(FILLED.security);
  });

  it('/about-us has no statement section while none is written', async () => {
    const api = mockApi({ 'GET /api/site/trust': () => json(200, NO_TRUST_STATEMENTS) });
    renderWithProviders(<AboutUsPage />, { path: '/about-us' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Learn more' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/site/trust')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Regulatory information' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'How we protect your money and data' })).toBeNull();
  });
});
