import { STEP_UP_MESSAGES } from '@landunits/domain';
import { staffLogInThroughApi } from './authenticator';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, journeyTest, PASSWORD, registerThroughApi, screenshots, uniqueEmail } from './journeys';
import { stepUpDialog } from './step-up';
import { verifyAndFund } from './verification-steps';

/**
 * A person's daily transfer limit (decision 0051) through the real pages: set on the security
 * page, a transfer past it refused with what can still be sent, and a raise that asks the person
 * to confirm it is them and waits 24 hours.
 */
journeyTest('a person sets a daily transfer limit, a transfer past it is refused, and a raise waits 24 hours', async ({ page, newPerson }) => {
  journeyTest.setTimeout(180_000);
  const email = uniqueEmail('lina');
  const recipient = uniqueEmail('ravi');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Lina', lastName: 'Cap' });
  const other = await newPerson();
  await registerThroughApi(other.context.request, { email: recipient, firstName: 'Ravi', lastName: 'Dee' });
  const owner = await newPerson();
  const { email: ownerEmail, password: ownerPassword } = adminCredentials();
  await staffLogInThroughApi(owner.context, ownerEmail, ownerPassword);
  await verifyAndFund(page.request, owner.context.request, 100);

  const limits = page.getByRole('region', { name: 'Daily transfer limit' });
  await test.step('1. sets a limit of 5 Units on the security page', async () => {
    await page.goto('/dashboard/settings/security');
    await expect(limits).toContainText('You have no daily transfer limit.');
    await limits.getByLabel('Daily limit (Units)').fill('5');
    await limits.getByRole('button', { name: 'Save limit' }).click();
    await expect(limits.getByRole('status')).toHaveText(STEP_UP_MESSAGES.limitLowered);
    await expect(limits).toContainText('You can transfer or schedule at most 5 Units in any 24 hours.');
    await expectAccessible(page);
    await screenshots(page, 'security-transfer-limit', limits);
  });

  await test.step('2. a transfer of 3 goes; the next 3 are refused with what can still be sent', async () => {
    const transfer = async (units: string) => {
      await page.goto('/dashboard/transaction');
      await page.getByRole('tab', { name: 'Transfer' }).click();
      const form = page.getByRole('form', { name: 'Transfer Units' });
      await form.getByLabel("Recipient's email").fill(recipient);
      await expect(form.getByRole('status')).toHaveText('Recipient: Ravi D.');
      await form.getByLabel('Number of Units').fill(units);
      await form.getByRole('button', { name: 'Review order' }).click();
      await page.getByRole('region', { name: 'Review your transfer' }).getByRole('button', { name: 'Confirm' }).click();
    };
    await transfer('3');
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer sent' })).toBeVisible();
    await transfer('3');
    const refusal = page.getByRole('alert').filter({ hasText: 'daily transfer limit' });
    await expect(refusal).toContainText('This goes past your daily transfer limit of 5 Units: you can transfer up to 2 Units more now.');
    await expect(page).toHaveURL(/\/dashboard\/transaction/);
    await screenshots(page, 'transfer-past-limit', refusal);
  });

  await test.step('3. raising it asks to confirm it is them, then waits 24 hours', async () => {
    await page.goto('/dashboard/settings/security');
    await limits.getByLabel('Daily limit (Units)').fill('50');
    await limits.getByRole('button', { name: 'Save limit' }).click();
    const dialog = stepUpDialog(page);
    await expect(dialog).toContainText('raise your daily transfer limit');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(limits.getByRole('status')).toContainText('Saved. Your daily transfer limit will rise to 50 Units on');
    await expect(limits).toContainText(/Your limit will rise to 50 Units on \d\d\/\d\d\/\d{4} \d\d:\d\d \(UTC\)\. To stop this, save a lower limit\./);
    await expect(limits).toContainText('You can transfer or schedule at most 5 Units in any 24 hours.');
    await expectAccessible(page);
    await screenshots(page, 'security-transfer-limit-raise', limits);
  });
});
