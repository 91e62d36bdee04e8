import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../app/entry-server';
import { SITE_QUERIES, ssrQueries } from '../site-queries';

// The server's renderer alone in this file: React refuses two renderers of one context at once.
const FILLED = {
  regulatoryLine: 'Land Units is run by Example Land Ltd, registered in England and Wales under company number 01234567.',
  regulatory: 'Land Units is operated by Example Land Ltd.',
  security: 'Report a vulnerability to security@example.com.',
};

describe('regulatory and security statements, server-rendered', () => {
  it('is rendered on the server with every public page, in the footer and on /about-us', async () => {
    expect(ssrQueries('/faq', {}, '')).toContainEqual(SITE_QUERIES.trust());
    const { html } = await renderPage({ url: '/about-us', data: [{ queryKey: SITE_QUERIES.trust().queryKey, data: FILLED }] });
    expect(html).toContain(FILLED.regulatoryLine);
    expect(html).toContain('href="/about-us#regulatory-statement"');
    expect(html).toContain('id="security-statement"');
    expect(html).not.toMatch(/<template|hidden id="S:|<!--\$\?-->/);
  });
});
