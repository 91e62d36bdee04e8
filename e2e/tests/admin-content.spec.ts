import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, DESKTOP, logIn, screenshots, SHOTS_DIR } from './journeys';
import { pngFile } from './verification-steps';

/**
 * The website's content from the admin area (decision 0020), through the real pages: the owner
 * adds a news category, writes an article with a PNG image as a draft, publishes it from the list,
 * and it appears on /news and on its category's page with its image and alt text, and opens as an
 * article; a team member added with a photo shows on /team. Screenshots of the admin pages at
 * 1440 and 768 px, of the article and the team page at 1440 and 360 px.
 */

const TABLET = { width: 768, height: 1024 };

/** Full-page screenshots at 1440 and 768 px; at 768 nothing but a table's own region is wider than the screen. */
async function adminShots(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, TABLET]) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SHOTS_DIR}${name}-${size.width}.png`, fullPage: true });
    const wide = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      return Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest('[role="region"][tabindex="0"]'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
    });
    expect.soft(wide, `${name}: nothing wider than ${size.width} px`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** The image loaded for real (decoded, not a broken picture). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('an owner publishes a news article with an image and adds a team member with a photo', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now() % 1_000_000}`;
  const categoryName = `Peatlands ${tag}`;
  const slug = `peatlands-${tag}`;
  const title = `Curlews nest on the restored bog ${tag}`;
  const alt = `A curlew on wet moss among cotton grass (${tag})`;
  const person = `Rhiannon Moss ${tag}`;

  await acceptCookies(page);
  const { email, password } = adminCredentials('OWNER');
  await logIn(page, email, password);

  await test.step('adds a news category; its slug follows the name', async () => {
    await page.goto('/admin/news/categories');
    await expect(page.getByRole('heading', { level: 2, name: /News categories/ })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(categoryName);
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(`Category “${categoryName}” saved.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: slug })).toBeVisible();
    await expectAccessible(page);
    await adminShots(page, 'admin-news-categories', page.getByRole('table'));
  });

  await test.step('writes the article with a PNG image as a draft, with a preview', async () => {
    await page.goto('/admin/news');
    await page.getByRole('link', { name: 'Write an article' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'New article' })).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption({ label: categoryName });
    await page.getByLabel('Summary').fill('Three pairs of curlews nested this spring on the bog we rewetted last winter.');
    await page.getByLabel('Article', { exact: true }).fill('The ditches were blocked in November.\n\nBy May the moss was wet again, and the curlews came back.');
    await page.getByLabel('Image', { exact: true }).setInputFiles(await pngFile('curlew.png', '#6b8e23'));
    const preview = page.getByRole('region', { name: 'Preview' });
    await page.getByLabel('Image description (alt text)').fill(alt);
    await expectLoaded(preview.getByRole('img', { name: alt }));
    await expect(preview.getByText('By May the moss was wet again, and the curlews came back.')).toBeVisible();
    await expectAccessible(page);
    await adminShots(page, 'admin-news-editor', preview);
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(page.getByText(`“${title}” saved as a draft.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Draft');
  });

  await test.step('a draft is not on the site', async () => {
    await page.goto(`/news/category/${slug}`);
    await expect(page.getByRole('heading', { name: 'No news in this category yet' })).toBeVisible();
  });

  await test.step('publishes it from the list', async () => {
    await page.goto('/admin/news');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(page.getByText(`“${title}” is on the site.`)).toBeVisible();
    await expect(row).toContainText('Published');
    await expectAccessible(page);
    await adminShots(page, 'admin-news', page.getByRole('heading', { level: 2, name: /News articles/ }));
  });

  await test.step('it is on /news and on its category page with its image and alt text, and opens as an article', async () => {
    for (const path of ['/news', `/news/category/${slug}`]) {
      await page.goto(path);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
      await expect(card).toBeVisible();
      const image = card.getByRole('img', { name: alt });
      await expect(image).toHaveAttribute('src', /^\/api\/site\/images\/[0-9a-f]{64}$/);
      await expectLoaded(image);
      // The demo articles beside it read like any other: no page announces demo content.
      await expect(page.getByText(/demo article/i)).toHaveCount(0);
    }
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/news\/article\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectLoaded(page.getByRole('article').getByRole('img', { name: alt }));
    await expect(page.getByText('By May the moss was wet again, and the curlews came back.')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'news-article', page.getByRole('heading', { level: 1, name: title }));
  });

  await test.step('adds a team member with a photo, moves them up, and they show on /team', async () => {
    await page.goto('/admin/team');
    await page.getByLabel('Name', { exact: true }).fill(person);
    await page.getByLabel('Role', { exact: true }).fill('Peatland ecologist');
    await page.getByLabel(/^Photo/).setInputFiles(await pngFile('rhiannon.png', '#8b4513'));
    await expectLoaded(page.getByRole('figure').filter({ hasText: 'Shown now.' }).locator('img'));
    await page.getByRole('button', { name: 'Add to the team' }).click();
    await expect(page.getByText(`${person} saved.`)).toBeVisible();
    const list = page.getByRole('list', { name: 'Team, in the order of the team page' });
    const last = list.getByRole('listitem').last();
    await expect(last).toContainText(person);
    const up = last.getByRole('button', { name: `Move up ${person}` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(list.getByRole('listitem').nth(-2)).toContainText(person);
    await expect(page.getByRole('button', { name: `Move up ${person}` })).toBeFocused();
    await expectAccessible(page);
    await adminShots(page, 'admin-team', list);

    await page.goto('/team');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: person }) });
    await expect(card).toContainText('Peatland ecologist');
    const photo = card.locator('img');
    await expect(photo).toHaveAttribute('src', /^\/api\/site\/images\/[0-9a-f]{64}$/);
    await expectLoaded(photo);
    // Nor does the team page: the demo profiles read like the one just added.
    await expect(page.getByText(/demo profile/i)).toHaveCount(0);
    await screenshots(page, 'team-with-photo', card);
  });
});
