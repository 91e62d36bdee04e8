import { COMMUNITY_MESSAGES } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest as test, logIn, registerThroughApi, screenshots, uniqueEmail } from './journeys';

/**
 * Community questions and agents (PRODUCT-DECISIONS §11, decision 0026): a person applies to
 * become a community agent and a COMPLIANCE admin approves; another person asks; the agent answers
 * with the agent badge; the asker accepts that answer and closes, then reopens; the All / Own /
 * Open / Closed filters list the right questions; a SUPPORT admin hides the answer with a reason,
 * which the agent then sees. axe on every page, screenshots at 1440 and 360 px.
 */

async function signUp(page: Page, who: string, firstName: string, lastName: string): Promise<string> {
  const email = uniqueEmail(who);
  await registerThroughApi(page.request, { email, firstName, lastName });
  return email;
}

/** Whether the list at `path` (with its filter) shows a question with this title. */
async function listed(page: Page, path: string, title: string): Promise<boolean> {
  await page.goto(path);
  await expect(page.getByRole('list', { name: 'Questions', exact: true }).or(page.getByRole('heading', { name: 'No questions here' }))).toBeVisible();
  await expect(page.getByText('Loading the questions…')).toHaveCount(0);
  return (await page.getByRole('link', { name: title, exact: true }).count()) > 0;
}

test('an agent is approved, answers with a badge, the asker accepts, closes and reopens, and a moderator hides the answer', async ({ newPerson }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const title = `Can I give Units to my children? ${stamp}`;

  // A person applies to become an agent.
  const agent = (await newPerson()).page;
  const agentLast = `Agent${stamp}`;
  const agentEmail = await signUp(agent, 'agent', 'Amara', agentLast);
  await agent.goto('/dashboard/community/become-agent');
  await agent.getByLabel('Why do you want to become a community agent?').fill('I explain Land Units to friends every week.');
  await agent.getByLabel('Your experience and motivation').fill('Ten years in community forestry.');
  await expectAccessible(agent);
  await screenshots(agent, 'community-become-agent-form', agent.getByRole('button', { name: 'Send application' }));
  await agent.getByRole('button', { name: 'Send application' }).click();
  await expect(agent.getByText('Waiting for a decision')).toBeVisible();
  await expectAccessible(agent);
  await screenshots(agent, 'community-become-agent-pending', agent.getByText('Waiting for a decision'));

  // A COMPLIANCE admin approves it from /admin/agents.
  const compliance = (await newPerson()).page;
  const { email: complianceEmail, password: compliancePassword } = adminCredentials('COMPLIANCE');
  await logIn(compliance, complianceEmail, compliancePassword);
  await compliance.goto('/admin');
  await expect(compliance.getByRole('link', { name: /Agent applications to decide/ }).first()).toBeVisible();
  await compliance.goto('/admin/agents?status=pending');
  const application = compliance.locator('tr, article').filter({ hasText: agentEmail });
  await expect(application).toHaveCount(1);
  await expectAccessible(compliance);
  await screenshots(compliance, 'admin-agents', compliance.locator('tr, article').filter({ hasText: agentEmail }));
  await compliance
    .locator('tr, article')
    .filter({ hasText: agentEmail })
    .getByRole('button', { name: /^Approve/ })
    .click();
  const dialog = compliance.getByRole('dialog');
  await dialog.getByLabel('Reason (the applicant reads it)').fill('Welcome: your forestry experience will help.');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(compliance.getByText(COMMUNITY_MESSAGES.approved)).toBeVisible();

  await agent.reload();
  await expect(agent.getByRole('heading', { name: /You are a community agent/ })).toBeVisible();
  await screenshots(agent, 'community-become-agent-approved', agent.getByRole('heading', { name: /You are a community agent/ }));

  // Another person asks.
  const asker = (await newPerson()).page;
  await signUp(asker, 'asker', 'Noor', `Asker${stamp}`);
  await asker.goto('/dashboard');
  const community = asker.getByRole('region', { name: 'Community' });
  await expect(community.getByRole('link')).toHaveCount(5);
  await community.getByRole('link', { name: /Ask a question/ }).click();
  await expect(asker).toHaveURL(/\/dashboard\/community\/ask-question$/);
  await asker.getByRole('button', { name: 'Publish question' }).click();
  await expect(asker.getByText(COMMUNITY_MESSAGES.titleRequired)).toBeVisible();
  await expectAccessible(asker);
  await asker.getByLabel('Title').fill(title);
  await asker.getByLabel('Your question').fill('Is a transfer to a family member possible?\nDoes it cost anything?');
  await screenshots(asker, 'community-ask-question', asker.getByRole('button', { name: 'Publish question' }));
  await asker.getByRole('button', { name: 'Publish question' }).click();
  await expect(asker).toHaveURL(/\/dashboard\/questions\/\d+$/);
  await expect(asker.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const questionUrl = new URL(asker.url()).pathname;

  // The agent answers; the answer carries the agent badge.
  await agent.goto(questionUrl);
  await agent.getByLabel('Answer', { exact: true }).fill('Yes: use Transfer on your dashboard. It costs nothing.');
  await agent.getByRole('button', { name: 'Publish answer' }).click();
  const answer = agent.getByRole('article', { name: /Answer by/ });
  await expect(answer).toContainText('Community agent');
  await expectAccessible(agent);

  // The asker sees it, accepts it and closes; then reopens.
  await asker.reload();
  await expect(asker.getByRole('article', { name: `Answer by Amara ${agentLast.charAt(0)}.` })).toContainText('Community agent');
  await expectAccessible(asker);
  await screenshots(asker, 'community-question-open', asker.getByRole('button', { name: 'Close question' }));
  await asker.getByLabel(/The answer by Amara/).check();
  await asker.getByRole('button', { name: 'Accept and close' }).click();
  await expect(asker.getByText('Accepted answer')).toBeVisible();
  await expect(asker.getByRole('button', { name: 'Reopen question' })).toBeVisible();
  await expectAccessible(asker);
  await screenshots(asker, 'community-question-closed', asker.getByText('Accepted answer'));

  // Filters while closed: Closed and Own list it, Open does not.
  expect(await listed(asker, '/dashboard/questions/close', title)).toBe(true);
  await expectAccessible(asker);
  await screenshots(asker, 'community-questions-closed', asker.getByRole('heading', { level: 1, name: 'Closed questions' }));
  expect(await listed(asker, '/dashboard/questions/open', title)).toBe(false);
  expect(await listed(asker, '/dashboard/community/your-question', title)).toBe(true);
  await screenshots(asker, 'community-your-questions', asker.getByRole('heading', { level: 1, name: 'Your questions' }));
  await asker.getByRole('link', { name: 'Open', exact: true }).click();
  await expect(asker).toHaveURL(/\/dashboard\/community\/your-question\?questionViewBy=Open$/);
  await expect(asker.getByRole('link', { name: title })).toHaveCount(0);
  await asker.getByRole('link', { name: 'All questions' }).click();
  await expect(asker.getByRole('link', { name: title })).toBeVisible();

  await asker.goto(questionUrl);
  await asker.getByRole('button', { name: 'Reopen question' }).click();
  await expect(asker.getByRole('button', { name: 'Close question' })).toBeVisible();
  expect(await listed(asker, '/dashboard/questions/open', title)).toBe(true);
  await expectAccessible(asker);
  await screenshots(asker, 'community-questions-open', asker.getByRole('link', { name: title }));
  expect(await listed(asker, '/dashboard/community/open-question', title)).toBe(true);
  await screenshots(asker, 'community-open-question-tile', asker.getByRole('link', { name: title }));
  expect(await listed(asker, '/dashboard/community/close-question', title)).toBe(false);
  expect(await listed(asker, '/dashboard/community/close-question?questionViewBy=Own', title)).toBe(true);

  // A SUPPORT admin hides the agent's answer with a reason.
  const support = (await newPerson()).page;
  const { email: supportEmail, password: supportPassword } = adminCredentials('SUPPORT');
  await logIn(support, supportEmail, supportPassword);
  await support.goto('/admin/questions');
  const row = support.locator('tr, article').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expectAccessible(support);
  await screenshots(support, 'admin-questions', row);
  await row.getByRole('button', { name: /^Open/ }).click();
  await support.getByRole('button', { name: /^Hide the answer by Amara/ }).click();
  const hide = support.getByRole('dialog');
  await hide.getByLabel('Reason (its author reads it)').fill('Please link to the help pages rather than giving steps.');
  await hide.getByRole('button', { name: 'Hide answer' }).click();
  await expect(support.getByText(COMMUNITY_MESSAGES.hidden)).toBeVisible();
  await expectAccessible(support);
  await screenshots(support, 'admin-question-detail', support.getByText('Hidden: Please link'));

  await asker.goto(questionUrl);
  await expect(asker.getByRole('heading', { name: '0 answers' })).toBeVisible();
  await agent.goto(questionUrl);
  await expect(agent.getByText('Hidden by a moderator: Please link to the help pages rather than giving steps.')).toBeVisible();
  await screenshots(agent, 'community-answer-hidden', agent.getByText(/Hidden by a moderator/));

  await asker.goto('/dashboard');
  await screenshots(asker, 'community-dashboard', asker.getByRole('region', { name: 'Community' }));
});
