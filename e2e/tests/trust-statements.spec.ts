import { DEFAULT_TRUST_STATEMENTS } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, logIn, screenshots } from './journeys';

/**
 * The regulatory and security statements (decision 0065) through the real pages: the footer claims
 * nothing while the placeholders stand; the owner writes the statements on /admin/team; the footer
 * of a public page shows the regulatory line with links to the two statements on /about-us.
 * Screenshots of the footer at 1440 and 360 px. The placeholders are put back at the end. A change
 * every page shows, so it runs with the site-wide changes, after the other journeys.
 */

const LINE = 'Land Units is run by Example Land Ltd, registered in England and Wales under company number 01234567. It is not authorised by a financial regulator.';
const REGULATORY = 'Land Units is operated by Example Land Ltd, 1 Example Street, London.\n\nComplaints: write to complaints@example.com. We answer within 30 days.';
const SECURITY = 'You can sign in with a passkey and add an authenticator app.\n\nReport a vulnerability to security@example.com.';

test('the owner writes the regulatory and security statements; the footer and /about-us show them, nothing before', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);

  await test.step('before: the footer claims nothing', async () => {
    await page.goto('/faq');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Please note');
    await expect(footer.getByRole('heading', { name: 'Regulatory information' })).toHaveCount(0);
    await expect(footer).not.toContainText('[');
  });

  const { email, password } = adminCredentials('OWNER');
  await logIn(page, email, password);
  const section = page.getByRole('region', { name: 'Regulatory and security statements' });

  await test.step('the owner replaces the placeholders on /admin/team', async () => {
    await page.goto('/admin/team');
    await expect(section.getByRole('textbox', { name: 'Regulatory line (site footer)', exact: true })).toHaveValue(DEFAULT_TRUST_STATEMENTS.regulatoryLine);
    await expect(section.getByText('Not shown: a [placeholder] is left')).toHaveCount(3);
    await section.getByRole('textbox', { name: 'Regulatory line (site footer)', exact: true }).fill(LINE);
    await section.getByRole('textbox', { name: 'Regulatory statement', exact: true }).fill(REGULATORY);
    await section.getByRole('textbox', { name: 'Security statement', exact: true }).fill(SECURITY);
    await expect(section.getByText('Shown on the public site once saved')).toHaveCount(3);
    await section.getByRole('button', { name: 'Save statements' }).click();
    await expect(page.getByText('Saved. All three are shown on the public site.')).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the footer shows the line and links to the statements on /about-us', async () => {
    await page.goto('/faq');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Regulatory information' })).toBeVisible();
    await expect(footer).toContainText(LINE);
    await screenshots(page, 'footer-regulatory-line', footer);
    await footer.getByRole('link', { name: 'Read the regulatory statement' }).click();
    await expect(page).toHaveURL(/\/about-us#regulatory-statement$/);
    await expect(page.getByRole('region', { name: 'Regulatory information' })).toContainText('Complaints: write to complaints@example.com.');
    await expect(page.getByRole('region', { name: 'How we protect your money and data' })).toContainText('Report a vulnerability to security@example.com.');
    await expectAccessible(page);
    await screenshots(page, 'about-us-statements', page.getByRole('region', { name: 'Regulatory information' }));
  });

  await test.step('the placeholders go back: the footer claims nothing again', async () => {
    await page.goto('/admin/team');
    await section.getByRole('textbox', { name: 'Regulatory line (site footer)', exact: true }).fill(DEFAULT_TRUST_STATEMENTS.regulatoryLine);
    await section.getByRole('textbox', { name: 'Regulatory statement', exact: true }).fill(DEFAULT_TRUST_STATEMENTS.regulatory);
    await section.getByRole('textbox', { name: 'Security statement', exact: true }).fill(DEFAULT_TRUST_STATEMENTS.security);
    await section.getByRole('button', { name: 'Save statements' }).click();
    await expect(page.getByText('Saved. 0 of 3 are shown on the public site.')).toBeVisible();
  });
});
