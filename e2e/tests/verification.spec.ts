import { PROFILE_VERIFICATION_LABELS } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible, openMail, test } from './fixtures';
import { holding, journeyTest, registerThroughPages, screenshots, uniqueEmail } from './journeys';
import {
  adminSignsIn,
  approvePayment,
  buyByBank,
  caseSide,
  decide,
  expectSaleInAdminQueue,
  expectTiles,
  openCase,
  pngFile,
  sellTwenty,
  statusPanel,
  submitBank,
  submitProfile,
} from './verification-steps';

/**
 * The verification journey of an individual, through the real pages: registration and
 * confirmation land on the settings page; the profile (with a passport photo) and the bank
 * details (with a statement PDF) are submitted; the admin rejects the profile with a reason,
 * which the person reads on the page and in the email; the person fixes it and submits again;
 * the admin approves both; the person buys by bank transfer, then sells 20 Units, and the sale
 * waits in the admin's orders queue.
 */

journeyTest('an individual is verified after one rejection, buys, sells 20 Units, and the sale reaches the admin', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const email = uniqueEmail('vera');
  const admin = (await newPerson()).page;
  const reason = `The passport photo is blurred (${Date.now()}). Please upload a sharper one.`;

  await test.step('registers and confirms: the settings page says the account is active', async () => {
    await acceptCookies(page);
    await registerThroughPages(page, {
      email,
      firstName: 'Vera',
      lastName: 'Quill',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Nothing verified yet' })).toBeVisible();
    const tiles = page.getByRole('list', { name: 'Your verifications' });
    await expect(tiles.locator('#tile-profile')).toContainText(PROFILE_VERIFICATION_LABELS.UnVerified);
    const missing = tiles.getByRole('button', {
      name: /^What is missing \(\d+\) for Profile verification$/,
    });
    await missing.hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Still needed:');
    await expect(tip.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Purchase limit tiers' }).locator('[aria-current="true"]')).toContainText('Email verified');
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();
    await expectAccessible(page);
    await screenshots(page, 'settings-first-login', page.getByRole('heading', { level: 1, name: 'Your account is active' }));
  });

  await test.step('submits the profile with a passport photo and the bank details with a statement', async () => {
    await submitProfile(
      page,
      {
        firstName: 'Vera',
        lastName: 'Quill',
        houseNumber: '12',
        document: await pngFile('passport.png'),
      },
      'profile-verification',
    );
    await expectAccessible(page);
    await screenshots(page, 'profile-verification-pending', statusPanel(page));
    await submitBank(page, 'Vera Quill', 'bank-verification');
    await expectAccessible(page);
    await screenshots(page, 'bank-verification-pending', statusPanel(page));
    await expectTiles(page, PROFILE_VERIFICATION_LABELS.Pending, 'Pending Admin Review');
    await expectAccessible(page);
    await screenshots(page, 'settings', page.getByRole('list', { name: 'Your verifications' }));
  });

  await test.step('the admin rejects the profile with a reason', async () => {
    await adminSignsIn(admin);
    await openCase(admin, 'Profile', email, 'admin-verifications');
    await expectAccessible(admin);
    await screenshots(admin, 'admin-verification-case', admin.getByRole('heading', { level: 3, name: 'History' }));
    await decide(admin, 'Profile', 'Reject', {
      reason,
      note: 'Checked against the photo guidance',
    });
    await expect(admin.getByText(`Reason given: ${reason}`)).toBeVisible();
  });

  await test.step('the person reads the reason on the profile page and in the email', async () => {
    await page.goto('/dashboard/settings/profile-verification');
    await expect(statusPanel(page)).toContainText(PROFILE_VERIFICATION_LABELS.Rejected);
    await expect(statusPanel(page)).toContainText(`Reason: ${reason}`);
    await expectAccessible(page);
    await screenshots(page, 'profile-verification-rejected', statusPanel(page));
    await openMail(page, email, 'Your profile verification was not approved');
    await expect(page.getByText(reason).first()).toBeVisible();
  });

  await test.step('fixes the profile with a sharper photo and submits it again', async () => {
    await submitProfile(page, {
      firstName: 'Vera',
      lastName: 'Quill',
      houseNumber: '12A',
      document: await pngFile('passport-sharp.png', '#3b7a57'),
    });
    await expect(statusPanel(page)).not.toContainText(reason);
  });

  await test.step('the admin approves the profile and the bank details', async () => {
    await openCase(admin, 'Profile', email);
    await expect(caseSide(admin, 'Profile')).toContainText('12A, Orchard Lane');
    await decide(admin, 'Profile', 'Approve', {
      note: 'Passport matches the name',
    });
    await decide(admin, 'Bank', 'Approve');
    await expectTiles(page, 'Approved', 'Approved');
    await expect(page.getByRole('list', { name: 'Purchase limit tiers' }).locator('[aria-current="true"]')).toContainText('Profile approved');
  });

  let reference = '';
  await test.step('buys 100 GBP Units by bank transfer, which the admin approves', async () => {
    const order = await buyByBank(page, 100);
    await approvePayment(admin, { ...order, email });
    const gbp = await holding(page, 'GBP Units');
    await expect(gbp.locator('dt:text-is("Available") + dd')).toHaveText('100');
  });

  await test.step('sells 20 GBP Units, and the sale waits in the admin orders queue', async () => {
    reference = await sellTwenty(page, 'sell');
    await expectSaleInAdminQueue(admin, reference, email);
  });
});
