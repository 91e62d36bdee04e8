import type { Page } from '@playwright/test';
import { authenticatorKeyOf, sendFreshCode } from './authenticator';
import { expect } from './fixtures';

/**
 * The step-up dialog (decision 0050) in the browser tests. A sale, a transfer above the person's
 * threshold and an admin's decision on money open it; once someone has signed in on a page, the
 * page answers it whenever it opens as that person would: staff with the next code of their
 * authenticator app, a person without a second factor with their password. Journeys about the
 * dialog itself (a passkey, a cancel) answer it by hand on a page that never registered this.
 */

const credentials = new WeakMap<Page, { email: string; password: string }>();

export const stepUpDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm it’s you' });

/** From now on `page` answers the step-up dialog as `email`. */
export async function answerStepUps(page: Page, email: string, password: string): Promise<void> {
  const registered = credentials.has(page);
  credentials.set(page, { email, password });
  if (registered) return;
  await page.addLocatorHandler(stepUpDialog(page), async (dialog) => {
    const who = credentials.get(page);
    if (!who) return;
    const key = authenticatorKeyOf(who.email);
    const proved = (send: () => Promise<unknown>) => Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/user/security/step-up')), send()]).then(([answer]) => answer.status());
    let status: number;
    if (key) {
      const field = dialog.getByLabel('Authenticator code');
      await field.waitFor();
      status = await sendFreshCode(who.email, key, async (code) => {
        await field.fill(code);
        return proved(() => dialog.getByRole('button', { name: 'Confirm' }).click());
      });
    } else {
      const field = dialog.getByLabel('Password');
      await field.fill(who.password);
      status = await proved(() => dialog.getByRole('button', { name: 'Confirm' }).click());
    }
    expect(status, `the step-up of ${who.email} was refused`).toBe(200);
  });
}
