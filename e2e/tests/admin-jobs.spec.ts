import { JOBS_API } from '@landunits/domain/contracts';
import { acceptCookies, expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest, logIn, screenshots } from './journeys';

/**
 * The job queue (/admin/jobs, the OWNER's): the owner opens it from the admin navigation and reads
 * the jobs by kind and the failed jobs (the list, or its empty state: which depends on what the
 * server's jobs did so far). A SUPPORT admin is not offered the section, and neither the page nor
 * its API answers them. Screenshots at 1440 and 360 px.
 */

const NO_ACCESS = 'You do not have access to this page';

journeyTest('the owner reads the job queue from the admin navigation; a SUPPORT admin cannot', async ({ page, newPerson }) => {
  await acceptCookies(page);

  await journeyTest.step('the owner opens the job queue from the navigation', async () => {
    const owner = adminCredentials();
    await logIn(page, owner.email, owner.password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Job queue' }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Job queue' })).toBeVisible();
  });

  await journeyTest.step('the jobs by kind and the failed jobs, each in its part', async () => {
    const kinds = page.getByRole('heading', { level: 2, name: 'Jobs by kind' });
    await expect(kinds).toBeVisible();
    await expect(page.getByRole('table', { name: 'Jobs by kind' }).or(page.getByRole('heading', { level: 3, name: 'The queue is empty' }))).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Failed jobs \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Failed jobs, newest first' }).or(page.getByRole('heading', { level: 3, name: 'No failed jobs' }))).toBeVisible();
    const answer = await page.request.get(JOBS_API.queue);
    expect(answer.status()).toBe(200);
    const table = page.getByRole('table', { name: 'Jobs by kind' });
    if ((await table.count()) > 0) await expect(table.getByRole('columnheader')).toHaveText(['Kind', 'Waiting', 'Running', 'Failed', 'Oldest waiting']);
    await expectAccessible(page);
    await screenshots(page, 'admin-jobs', kinds);
  });

  await journeyTest.step('a SUPPORT admin is not offered the job queue and cannot open it', async () => {
    const support = (await newPerson()).page;
    const { email, password } = adminCredentials('SUPPORT');
    await logIn(support, email, password);
    await support.goto('/admin');
    const navigation = support.getByRole('navigation', { name: 'Administration sections' });
    await expect(navigation.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Job queue' })).toHaveCount(0);
    await support.goto('/admin/jobs');
    await expect(support.getByRole('heading', { level: 1, name: NO_ACCESS })).toBeVisible();
    await expect(support.getByRole('heading', { level: 2, name: 'Jobs by kind' })).toHaveCount(0);
    expect((await support.request.get(JOBS_API.queue)).status()).toBe(403);
    expect((await support.request.post(JOBS_API.retry.replace(':id', '1'))).status()).toBe(403);
  });
});
