import { BANK_VERIFICATION_LABELS, PROFILE_VERIFICATION_LABELS } from '@landunits/domain';
import { acceptCookies, expect, followLink, openMail, test } from './fixtures';
import { ACTIVATION_SUBJECT, holding, journeyTest, PASSWORD, uniqueEmail } from './journeys';
import { adminSignsIn, approvePayment, buyByBank, caseSide, decide, expectSaleInAdminQueue, expectTiles, openCase, pdfFile, sellTwenty, submitBank, submitProfile } from './verification-steps';
import { answerStepUps } from './step-up';

/**
 * The verification journey of a business, through the real pages: registration on
 * /business-register, the Business Details with the registry PDF, the bank details; the admin
 * approves both; the business buys by bank transfer and sells 20 Units, and the sale waits in the
 * admin's orders queue.
 */

journeyTest('a business is verified with its registry document, buys, sells 20 Units, and the sale reaches the admin', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const email = uniqueEmail('acme');
  const admin = (await newPerson()).page;

  await test.step('registers on /business-register and confirms', async () => {
    await acceptCookies(page);
    await page.goto('/business-register');
    for (const [label, value] of Object.entries({
      'Business or government name': 'Acme Forestry Ltd',
      Email: email,
      'First name': 'Cyrus',
      Password: PASSWORD,
      'Confirm password': PASSWORD,
    })) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Join Us' }).click();
    await expect(page.getByText(`We have sent a verification email to ${email}.`)).toBeVisible();
    await openMail(page, email, ACTIVATION_SUBJECT);
    await followLink(page, '/account/confirm');
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await answerStepUps(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  });

  await test.step('submits the Business Details with the registry PDF, and the bank details', async () => {
    await submitProfile(
      page,
      { business: { name: 'Acme Forestry Ltd', registrationNumber: 'SC123456' }, firstName: 'Cyrus', lastName: 'Oakes', houseNumber: 'Unit 4', document: pdfFile('registry.pdf') },
      'business-verification',
    );
    await submitBank(page, 'Acme Forestry Ltd');
    await expectTiles(page, PROFILE_VERIFICATION_LABELS.Pending, BANK_VERIFICATION_LABELS.Pending);
  });

  await test.step('the admin approves the business profile and the bank details', async () => {
    await adminSignsIn(admin);
    const review = await openCase(admin, 'Profile', email);
    await expect(review).toContainText('Business');
    await expect(caseSide(admin, 'Profile')).toContainText('SC123456');
    await expect(caseSide(admin, 'Profile').getByRole('link', { name: /Download PDF/ })).toBeVisible();
    await decide(admin, 'Profile', 'Approve');
    await decide(admin, 'Bank', 'Approve');
    await expectTiles(page, 'Approved', 'Approved');
  });

  await test.step('buys 100 GBP Units by bank transfer, which the admin approves', async () => {
    const order = await buyByBank(page, 100);
    await approvePayment(admin, { ...order, email });
    const gbp = await holding(page, 'GBP Units');
    await expect(gbp.locator('dt:text-is("Available") + dd')).toHaveText('100');
  });

  await test.step('sells 20 GBP Units, and the sale waits in the admin orders queue', async () => {
    const reference = await sellTwenty(page);
    await expectSaleInAdminQueue(admin, reference, email);
  });
});
