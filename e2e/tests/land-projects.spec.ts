import { acceptCookies, expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest as test, logIn, registerThroughApi, screenshots, uniqueEmail } from './journeys';
import { pngFile } from './verification-steps';

/**
 * Land projects (decision 0028) through the real pages: the OWNER adds a project with an uploaded
 * image and a dated update on /admin/projects; a person sees it under Open projects and its
 * timeline on /dashboard/land-projects; marking it finished moves it to Closed projects; chosen as
 * the public teaser, a visitor sees it on the home page with the log-in prompt. Axe and
 * screenshots at 1440 and 360 px.
 */

test('an admin adds a project with an image and an update; people follow it from open to closed; visitors see the teaser', async ({ page, newPerson }) => {
  test.setTimeout(120_000);
  const name = `Curlew Moss ${Date.now()}`;
  const alt = 'Wet moorland with cotton grass in the sun';
  await acceptCookies(page);
  const { email, password } = adminCredentials('OWNER');
  await logIn(page, email, password);
  await page.goto('/admin/projects');
  await expect(page.getByRole('heading', { level: 2, name: 'Land projects' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New land project' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Location', { exact: true }).fill('Forest of Bowland, England');
  await dialog.getByLabel('Area in hectares').fill('12.5');
  await dialog.getByLabel('Description').fill('Drained peat bog rewetted to hold water and carbon, with breeding curlew back on the moss.');
  await dialog.getByLabel('Image (optional)', { exact: true }).setInputFiles(await pngFile('moss.png', '#6b8e23'));
  await dialog.getByLabel('Image description').fill(alt);
  await dialog.getByLabel(/CO₂ sequestered/).fill('850');
  await dialog.getByRole('button', { name: 'Add the project' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('12.5 ha');

  await row.getByRole('button', { name: `Updates ${name}` }).click();
  const updates = page.getByRole('dialog', { name: `Updates of ${name}` });
  await updates.getByLabel('Date', { exact: true }).fill('2026-04-02');
  await updates.getByLabel('What happened').fill('Ditches blocked: 3 km of drains now hold water.');
  await updates.getByRole('button', { name: 'Add the update' }).click();
  await expect(updates.locator('time', { hasText: '02 Apr 2026' })).toBeVisible();
  await updates.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Show on the public site ${name}` })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('On the public site');
  await expectAccessible(page);
  await screenshots(page, 'admin-projects', page.getByRole('heading', { level: 2, name: 'Land projects' }));

  // A visitor sees the teaser on the home page (drawn on the server), and the log-in prompt.
  const visitor = (await newPerson()).page;
  await visitor.goto('/');
  const teaser = visitor.locator('#land-projects');
  await expect(teaser.getByRole('heading', { level: 3, name })).toBeVisible();
  await expect(teaser.getByRole('img', { name: alt })).toBeVisible();
  await expect(teaser).toContainText('Ditches blocked');
  await expect(teaser.getByRole('link', { name: 'Log in to see all projects' })).toHaveAttribute('href', '/login?next=%2Fdashboard%2Fprojects%2Fopen');
  await screenshots(visitor, 'home-project-teaser', teaser);

  // A person sees it under Open projects, and its timeline.
  const person = (await newPerson()).page;
  await registerThroughApi(person.request, { email: uniqueEmail('projects.reader'), firstName: 'Rea', lastName: 'Reader' });
  await person.goto('/dashboard/projects/open');
  const card = person.getByRole('article', { name });
  await expect(card).toContainText('12.5 ha');
  await expect(card).toContainText('850 tonnes');
  await expect(card.getByRole('img', { name: alt })).toBeVisible();
  await expect(card).toContainText('Ditches blocked: 3 km of drains now hold water.');
  await expectAccessible(person);
  await screenshots(person, 'projects-open', card);
  await person.goto('/dashboard/land-projects');
  const timeline = person.getByRole('list', { name: `Updates of ${name}, newest first` });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.locator('time')).toHaveAttribute('datetime', '2026-04-02');
  await expectAccessible(person);
  await screenshots(person, 'land-projects', timeline);

  // Marked finished, it moves to Closed projects and off the public site.
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Mark finished ${name}` })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Finished');
  await person.goto('/dashboard/projects/open');
  await expect(person.getByRole('heading', { level: 1, name: 'Open projects' })).toBeVisible();
  await expect(person.getByRole('article', { name })).toHaveCount(0);
  await person.goto('/dashboard/projects/close');
  await expect(person.getByRole('article', { name })).toContainText('finished');
  await expectAccessible(person);
  await screenshots(person, 'projects-closed', person.getByRole('article', { name }));
  await visitor.goto('/');
  await expect(visitor.locator('#land-projects').getByRole('link', { name: 'Log in to see all projects' })).toBeVisible();
  await expect(visitor.locator('#land-projects').getByRole('heading', { level: 3, name })).toHaveCount(0);
});
