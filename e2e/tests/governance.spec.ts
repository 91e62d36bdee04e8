import { randomUUID } from 'node:crypto';
import { GOVERNANCE_MESSAGES as M } from '@landunits/domain';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, journeyTest, logIn, registerThroughApi, screenshots, uniqueEmail } from './journeys';
import { staffLogInThroughApi } from './authenticator';

/**
 * Votes and quizzes in Chromium against the real server (decision 0027). The SUPPORT admin opens
 * a vote in /admin/votes; three holders (owned Units from a bank buy the FINANCE admin approved)
 * vote, one through the page changing Yes to No; a person without Units is told they cannot vote
 * and the server refuses them; after the admin closes the vote the result (yes %, no %, turnout,
 * outcome) shows. The outcome rule at exactly 50 % (Yes) and with no votes (Not Decided). A quiz
 * written and published in /admin/quizzes, answered partly right by one holder and all right by
 * another, shows the matching states. axe on each page; screenshots at 1440 and 360 px.
 */

const once = () => ({ 'idempotency-key': `e2e-${randomUUID()}` });

async function ok(answer: Promise<APIResponse>, what: string): Promise<APIResponse> {
  const res = await answer;
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

/** A person registered and signed in within `request`, holding `units` owned Units when set (a bank buy approved by FINANCE). */
async function personWith(request: APIRequestContext, finance: APIRequestContext, name: string, units: number): Promise<string> {
  const email = uniqueEmail(name.toLowerCase());
  await registerThroughApi(request, { email, firstName: name, lastName: 'Holder' });
  if (units > 0) {
    const buy = await ok(
      request.post('/api/order/create_order', { headers: once(), data: { orderType: 'BUY', currencyUnit: { numberOfUnits: units }, paymentDetails: { paymentMethod: 'Bank' } } }),
      'buy',
    );
    const orderId = ((await buy.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId;
    await ok(request.post('/api/order/success_order', { headers: once(), data: { orderId } }), 'sent');
    await ok(finance.post(`/api/admin/orders/${orderId}/transition`, { headers: once(), data: { toStatus: 'Approved', reason: 'Payment received in the bank' } }), 'approve');
  }
  return email;
}

/** A vote opened through the API by the admin signed in within `admin`, closing in an hour. */
async function openVote(admin: APIRequestContext, question: string): Promise<number> {
  const res = await ok(admin.post('/api/admin/votes', { data: { question, details: '', closesAt: new Date(Date.now() + 3_600_000).toISOString() } }), 'open vote');
  return ((await res.json()) as { vote: { id: number } }).vote.id;
}

const voteCard = (page: Page, question: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: question }) });

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest('holders vote once each, changeable until close; the result and turnout show after close', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const question = `Fund a tree nursery ${randomUUID().slice(0, 6)}?`;
  const support = await newPerson();
  const finance = await newPerson();
  await logIn(support.page, adminCredentials('SUPPORT').email, adminCredentials('SUPPORT').password);
  await staffLogInThroughApi(finance.context, adminCredentials('FINANCE').email, adminCredentials('FINANCE').password);

  await test.step('the admin opens a vote in /admin/votes', async () => {
    await support.page.goto('/admin/votes');
    await support.page.getByLabel('Question').fill(question);
    const local = await support.page.evaluate(() => {
      const d = new Date(Date.now() + 2 * 3_600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await support.page.getByLabel('Voting closes').fill(local);
    await support.page.getByRole('button', { name: 'Open the vote' }).click();
    await expect(support.page.getByText(M.voteCreated)).toBeVisible();
    await expect(support.page.getByRole('row').filter({ hasText: question })).toContainText('Hidden until close');
  });

  const holderA = await personWith(page.request, finance.context.request, 'Ada', 10);
  const b = await newPerson();
  const c = await newPerson();
  const none = await newPerson();
  await personWith(b.context.request, finance.context.request, 'Ben', 5);
  await personWith(c.context.request, finance.context.request, 'Cleo', 1);
  await personWith(none.context.request, finance.context.request, 'Nia', 0);
  expect(holderA).toContain('@');
  const voteId = ((await (await ok(page.request.get('/api/governance/votes?filter=open&pageSize=50'), 'list')).json()) as { votes: { id: number; question: string }[] }).votes.find(
    (v) => v.question === question,
  )!.id;

  await test.step('a holder sees the count in the side menu, votes Yes, then changes to No', async () => {
    await page.goto('/dashboard/votes?filter=needs-my-vote');
    // The count shows on the menu's Community and on the Votes page of the section.
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Community/ })).toContainText(/need/);
    const menuVotes = page.getByRole('navigation', { name: 'Community pages' }).getByRole('link', { name: /^Votes/ });
    await expect(menuVotes).toContainText(/need/);
    const card = voteCard(page, question);
    await expect(card).toContainText('Not voted yet');
    await expectAccessible(page);
    await screenshots(page, 'votes-open', card);
    await card.getByRole('radio', { name: 'Yes' }).check();
    await card.getByRole('button', { name: 'Vote' }).click();
    await expect(page.getByText(M.voteCast)).toBeVisible();
    await page.goto('/dashboard/votes?filter=open');
    const again = voteCard(page, question);
    await expect(again).toContainText('You voted Yes');
    await again.getByRole('radio', { name: 'No' }).check();
    await again.getByRole('button', { name: 'Change my vote' }).click();
    await expect(again).toContainText('You voted No');
    await expect(again).not.toContainText('Result');
  });

  await test.step('two more holders vote Yes; a person without Units cannot', async () => {
    await ok(b.context.request.post(`/api/governance/votes/${voteId}/ballot`, { data: { answer: 'y' } }), 'b votes');
    await ok(c.context.request.post(`/api/governance/votes/${voteId}/ballot`, { data: { answer: 'y' } }), 'c votes');
    const refused = await none.context.request.post(`/api/governance/votes/${voteId}/ballot`, { data: { answer: 'y' } });
    expect(refused.status()).toBe(403);
    await none.page.goto('/dashboard/votes');
    await expect(none.page.getByRole('note')).toContainText(M.notHolder);
    await expect(voteCard(none.page, question).getByRole('button', { name: 'Vote' })).toHaveCount(0);
    await expectAccessible(none.page);
    await screenshots(none.page, 'votes-no-units', voteCard(none.page, question));
  });

  await test.step('the admin sees only how many have voted, then closes the vote', async () => {
    await support.page.reload();
    const row = support.page.getByRole('row').filter({ hasText: question });
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');
    await expectAccessible(support.page);
    await screenshots(support.page, 'admin-votes', support.page.getByText(question).first());
    await row.getByRole('button', { name: /^Close now/ }).click();
    await expect(support.page.getByText(M.voteClosedNow)).toBeVisible();
    await expect(row).toContainText('Yes (yes 66.67 %');
  });

  await test.step('the holders see the result: yes %, no %, turnout and outcome', async () => {
    await page.goto('/dashboard/votes?filter=closed');
    const card = voteCard(page, question);
    await expect(card).toContainText('Closed');
    await expect(card.getByRole('heading', { name: /Result/ })).toContainText('Yes');
    await expect(card).toContainText('66.67 %');
    await expect(card).toContainText('33.33 %');
    await expect(card).toContainText(/\(3 of \d+ holders\)/);
    expect((await page.request.post(`/api/governance/votes/${voteId}/ballot`, { data: { answer: 'y' } })).status()).toBe(409);
    await expectAccessible(page);
    await screenshots(page, 'votes-closed', card);
  });

  await test.step('exactly 50 % is Yes; no votes is Not Decided', async () => {
    const half = `Half ${randomUUID().slice(0, 6)}?`;
    const empty = `Nobody ${randomUUID().slice(0, 6)}?`;
    const halfId = await openVote(support.context.request, half);
    const emptyId = await openVote(support.context.request, empty);
    await ok(page.request.post(`/api/governance/votes/${halfId}/ballot`, { data: { answer: 'y' } }), 'a yes');
    await ok(b.context.request.post(`/api/governance/votes/${halfId}/ballot`, { data: { answer: 'n' } }), 'b no');
    for (const id of [halfId, emptyId]) await ok(support.context.request.post(`/api/admin/votes/${id}/close`), 'close');
    await page.goto('/dashboard/votes?filter=closed');
    await expect(voteCard(page, half).getByRole('heading', { name: /Result/ })).toContainText('Yes');
    await expect(voteCard(page, half)).toContainText('50.00 %');
    await expect(voteCard(page, empty).getByRole('heading', { name: /Result/ })).toContainText('Not Decided');
    await expect(voteCard(page, empty)).toContainText('Nobody voted');
  });
});

journeyTest('a quiz answered partly right and one all right show their states', async ({ page, newPerson }) => {
  journeyTest.setTimeout(120_000);
  const title = `Trees ${randomUUID().slice(0, 6)}`;
  const support = await newPerson();
  await logIn(support.page, adminCredentials('SUPPORT').email, adminCredentials('SUPPORT').password);

  await test.step('the admin writes a quiz with two questions and publishes it', async () => {
    await support.page.goto('/admin/quizzes');
    await support.page.getByRole('button', { name: 'Write a quiz' }).click();
    await support.page.getByLabel('Title').fill(title);
    await support.page.getByLabel('Question', { exact: true }).fill('Which tree is native to Kenya?');
    await support.page.getByLabel(/Options, one per line/).fill('Acacia\nMaple');
    await support.page.getByRole('button', { name: 'Add a question' }).click();
    await support.page.getByLabel('Question', { exact: true }).nth(1).fill('Who may vote?');
    await support.page
      .getByLabel(/Options, one per line/)
      .nth(1)
      .fill('Everyone\nHolders of an owned Unit');
    await support.page.getByLabel('Right answer').nth(1).selectOption({ label: 'Holders of an owned Unit' });
    await expectAccessible(support.page);
    await support.page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(support.page.getByText(M.quizCreated)).toBeVisible();
    const row = support.page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: /^Publish/ }).click();
    await expect(row).toContainText('Published');
    await screenshots(support.page, 'admin-quizzes', support.page.getByText(title).first());
  });

  await registerThroughApi(page.request, { email: uniqueEmail('quinn'), firstName: 'Quinn', lastName: 'Quiz' });
  const other = await newPerson();
  await registerThroughApi(other.context.request, { email: uniqueEmail('rhea'), firstName: 'Rhea', lastName: 'Right' });

  await test.step('one person answers partly right and sees which answers were right', async () => {
    await page.goto('/dashboard/quizzes');
    await expectAccessible(page);
    await screenshots(page, 'quizzes-list', page.getByRole('link', { name: title }));
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('radio', { name: 'Acacia' })).toBeVisible();
    await page.getByRole('radio', { name: 'Acacia' }).check();
    await page.getByRole('radio', { name: 'Everyone' }).check();
    await expectAccessible(page);
    await screenshots(page, 'quiz-take', page.getByRole('button', { name: 'Send my answers' }));
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(page.getByText(/1 of 2 answers right/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 of 2' })).toContainText('Not all answers right');
    await expect(page.getByText('Wrong')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'quiz-results', page.getByText(/1 of 2 answers right/));
  });

  await test.step('another answers all right', async () => {
    await other.page.goto('/dashboard/quizzes');
    await other.page.getByRole('link', { name: title }).click();
    await other.page.getByRole('radio', { name: 'Acacia' }).check();
    await other.page.getByRole('radio', { name: 'Holders of an owned Unit' }).check();
    await other.page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(other.page.getByText(/2 of 2 answers right/)).toContainText('All answers right');
    await other.page.goto('/dashboard/quizzes');
    await expect(other.page.getByRole('article').filter({ hasText: title })).toContainText('All answers right');
  });
});
