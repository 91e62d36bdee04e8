import { readFileSync } from 'node:fs';
import { adminSectionsFor, type AdminRole } from '@landunits/domain';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, followLink, openMail } from './fixtures';
import { adminCredentials, DESKTOP, journeyTest, logIn, screenshots, SHOTS_DIR, uniqueEmail } from './journeys';
import { sendFreshCode } from './authenticator';

/**
 * Managing admins through the real pages: the owner invites a SUPPORT admin, who opens the link
 * from the email, chooses a password, sets up an authenticator app and sees only the SUPPORT sections; the owner changes their
 * role, which applies at once; the audit log shows every step with before and after, filtered by
 * that admin, and downloads as CSV. Screenshots at 1440, 768 and 360 px go to e2e/screenshots/.
 */

const TABLET = { width: 768, height: 1024 };
const INVITATION_SUBJECT = 'You are invited to the Land Units administration';
const PASSWORD = 'Meadow2026';

/** Screenshots at 1440 and 360 px (with the width check), and at 768 px, where nothing may be wider than the screen either. */
async function shots(page: Page, name: string, ready: Locator): Promise<void> {
  await screenshots(page, name, ready);
  await page.setViewportSize(TABLET);
  await expect(ready).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}${name}-768.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${name}: nothing wider than 768 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

/** The admin area as this role sees it: the navigation lists only the role's sections. */
async function expectSectionsOf(page: Page, role: AdminRole): Promise<void> {
  const labels = adminSectionsFor(role).map((section) => section.label);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  // The navigation groups the sections (queues, people, money, content, records) after Home.
  const links = page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link');
  await expect.poll(async () => (await links.allTextContents()).sort()).toEqual(['Home', ...labels].sort());
  for (const path of ['/admin/admins', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  }
}

journeyTest('the owner invites a SUPPORT admin, who joins; a role change applies at once; the audit log shows it and downloads as CSV', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const email = uniqueEmail('grace.support');
  const owner = adminCredentials();
  const invitee = (await newPerson()).page;
  const rowOf = () => page.getByRole('row').filter({ hasText: email });

  await journeyTest.step('the owner invites a SUPPORT admin', async () => {
    await acceptCookies(page);
    await logIn(page, owner.email, owner.password);
    await page.goto('/admin/admins');
    await expect(page.getByRole('heading', { level: 2, name: /^Admins \(\d+\)/ })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '(you)' })).not.toContainText('Change role');
    await page.getByRole('button', { name: 'Invite an admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite an admin' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption('SUPPORT');
    await expect(dialog.getByText('People’s accounts (read-only), contact messages, chat and the community.')).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'admin-invite-dialog', dialog);
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('search', { name: 'Admin filters' }).getByLabel('Name or email').fill(email);
    await page.getByRole('search', { name: 'Admin filters' }).getByRole('button', { name: 'Show' }).click();
    await expect(rowOf()).toContainText('Invited');
    await expect(rowOf()).toContainText('Support');
    await expect(rowOf()).toContainText('Link valid until');
  });

  await journeyTest.step('the invitee opens the link from the email, chooses a password and sees only the SUPPORT sections', async () => {
    await openMail(invitee, email, INVITATION_SUBJECT);
    await followLink(invitee, '/account/admin-invitation');
    await expect(invitee.getByRole('heading', { level: 1, name: 'Join the Land Units administration' })).toBeVisible();
    const form = invitee.getByRole('form', { name: 'Join the administration' });
    await expect(invitee.locator('dt:text-is("Role") + dd')).toContainText('Support');
    await expectAccessible(invitee);
    await shots(invitee, 'admin-invitation', form);
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name (optional)').fill('Hopper');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Join and sign in' }).click();
    // Signed in and asked to set up an authenticator app before the administration opens.
    await expect(invitee).toHaveURL(/\/dashboard\/settings\/security$/);
    await expect(invitee.getByText(/Administrators must/).first()).toBeVisible();
    await shots(invitee, 'admin-first-sign-in-security', invitee.getByRole('heading', { level: 1, name: 'Security' }));
    await invitee.getByRole('button', { name: /Set up/ }).click();
    const key = ((await invitee.getByRole('listitem').filter({ hasText: 'Cannot scan it?' }).locator('code').textContent()) ?? '').replace(/\s+/g, '');
    const setUp = invitee.getByRole('form', { name: 'Confirm your authenticator app' });
    await sendFreshCode(email, key, async (code) => {
      await setUp.getByLabel('Code from the app').fill(code);
      await setUp.getByLabel('Current password', { exact: true }).fill(PASSWORD);
      await setUp.getByRole('button', { name: 'Confirm' }).click();
      await expect(invitee.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    });
    await invitee.getByRole('link', { name: 'Go to the admin area' }).first().click();
    await expect(invitee).toHaveURL(/\/admin(\/[a-z-]+)?$/);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await expectSectionsOf(invitee, 'SUPPORT');
  });

  await journeyTest.step('the owner changes their role; it applies on the invitee’s next page', async () => {
    await page.reload();
    await expect(rowOf()).toContainText('Active');
    await expect(rowOf()).toContainText('Grace Hopper');
    await expectAccessible(page);
    await shots(page, 'admin-admins', page.getByRole('heading', { level: 2, name: /^Admins/ }));
    await rowOf().getByRole('button', { name: 'Change role of Grace Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role' });
    await dialog.getByLabel('New role').selectOption('COMPLIANCE');
    await dialog.getByRole('button', { name: 'Change the role' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf()).toContainText('Compliance');
    await expectSectionsOf(invitee, 'COMPLIANCE');
  });

  await journeyTest.step('the audit log of that admin shows each step with before and after, and her own security events', async () => {
    await rowOf().getByRole('link', { name: 'Audit log of Grace Hopper' }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?targetType=admin&targetId=/);
    await expect(page.getByRole('heading', { level: 2, name: 'Audit log (4)' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText('Admin role changed');
    await expect(rows.nth(1).getByRole('list', { name: 'Changed' })).toHaveText('rolebefore: SUPPORT → , after: COMPLIANCE');
    // Her app, set up at her first sign-in: a staff account's security event (decision 0052).
    await expect(rows.nth(2)).toContainText('Authenticator app set up');
    await expect(rows.nth(2)).toContainText('Grace Hopper');
    await expect(rows.nth(3)).toContainText('Invitation accepted');
    await expect(rows.nth(3)).toContainText('Grace Hopper');
    await expect(rows.nth(4)).toContainText('Admin invited');
    await expect(rows.nth(4)).toContainText('New: nothing before');
    await expectAccessible(page);
    await shots(page, 'admin-audit', page.getByRole('heading', { level: 2, name: 'Audit log (4)' }));

    // The same admin chosen by name as the one who acted: her own steps, accepting and setting up her app.
    const filters = page.getByRole('search', { name: 'Audit log filters' });
    await filters.getByLabel('Target', { exact: true }).selectOption('');
    await filters.getByLabel('Target id').fill('');
    await filters.getByLabel('Admin').selectOption({ label: `Grace Hopper (${email}), Support` });
    await filters.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Audit log (2)' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Invitation accepted');
    await expect(page.getByRole('table')).toContainText('Authenticator app set up');
  });

  await journeyTest.step('the filtered log downloads as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('At (UTC),Admin,Admin email,Admin id,Role,Action,Action name,Target type,Target id,Reason,Before,After,Request id');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['security.totp.added', 'admin.acceptInvitation']);
    for (const line of lines.slice(1)) expect(line).toContain(email);
  });
});
