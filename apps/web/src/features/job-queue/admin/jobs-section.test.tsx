import { JOB_MESSAGES, type FailedJob, type JobQueueView } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import { waitedText } from './jobs-section';

const GET = 'GET /api/admin/jobs';
const RETRY = 'POST /api/admin/jobs/7/retry';
const DISCARD = 'POST /api/admin/jobs/7/discard';

const failure = (over: Partial<FailedJob> = {}): FailedJob => ({
  id: 7,
  kind: 'email.send',
  attempts: 5,
  lastError: 'SMTP 550: mailbox unavailable\n    at send (mail.ts:42)',
  createdAt: '2026-11-25T09:00:00.000Z',
  failedAt: '2026-11-25T10:00:00.000Z',
  about: 'ada@example.com: Your order is confirmed',
  ...over,
});

const view = (over: Partial<JobQueueView> = {}): JobQueueView => ({
  kinds: [
    { kind: 'email.send', waiting: 2, running: 1, failed: 1, oldestWaitingSeconds: 150 },
    { kind: 'tracker.forward', waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: 0 },
  ],
  failed: [failure()],
  failedTotal: 1,
  ...over,
});
const empty = view({ kinds: [], failed: [], failedTotal: 0 });

const failedCard = () => screen.findByRole('article', { name: 'email.send #7' });

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

describe('waitedText', () => {
  it('says a dash when nothing waits, else the age in its largest whole unit', () => {
    expect([0, 45, 150, 3 * 3600 + 59, 86_400, 3 * 86_400].map(waitedText)).toEqual(['—', '45 s', '2 min', '3 h', '1 day', '3 days']);
  });
});

describe('/admin/jobs', () => {
  it('shows the jobs by kind and a failed job with its error', async () => {
    mockApi({ [GET]: () => json(200, view()) });
    renderApp('/admin/jobs', { session: TEST_ADMIN });
    const table = await screen.findByRole('table', { name: 'Jobs by kind' });
    expect(screen.getByRole('heading', { level: 2, name: 'Jobs by kind' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Failed jobs (1)' })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent))).toEqual([
      ['Kind', 'Waiting', 'Running', 'Failed', 'Oldest waiting'],
      ['email.send', '2', '1', '1', '2 min'],
      ['tracker.forward', '0', '0', '0', '—'],
    ]);

    const card = await failedCard();
    expect(within(card).getByText('25 Nov 2026, 10:00 UTC')).toBeTruthy();
    expect(within(card).getByText('5')).toBeTruthy();
    expect(within(card).getByText('ada@example.com: Your order is confirmed')).toBeTruthy();
    expect(card.querySelector('pre')?.textContent).toBe(failure().lastError);
    expect(screen.queryByText(/Showing the newest/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Job queue' })).toBeTruthy();
  });

  it('says how many failures it leaves out', async () => {
    mockApi({ [GET]: () => json(200, view({ failed: [failure(), failure({ id: 6, about: null, lastError: null })], failedTotal: 150 })) });
    renderApp('/admin/jobs', { session: TEST_ADMIN });
    expect(await screen.findByText(/Showing the newest 2 of 150\./)).toBeTruthy();
    const other = await screen.findByRole('article', { name: 'email.send #6' });
    expect(within(other).getByText('No error was logged.')).toBeTruthy();
    expect(within(other).queryByText('About')).toBeNull();
  });

  it('retries a failed job at once, says so and refreshes the list', async () => {
    let answer = view();
    const held = deferred<Response>();
    const api = mockApi({
      [GET]: () => json(200, answer),
      [RETRY]: () => {
        answer = view({ failed: [], failedTotal: 0 });
        return held.promise;
      },
    });
    const { user } = renderApp('/admin/jobs', { session: TEST_ADMIN });
    const card = await failedCard();
    await user.click(within(card).getByRole('button', { name: 'Retry job #7' }));
    const button = within(card).getByRole('button', { name: 'Retry job #7' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Discard job #7' })).toHaveProperty('disabled', true);
    held.resolve(json(200, { id: 7, message: JOB_MESSAGES.retried }));
    expect(await screen.findByText(JOB_MESSAGES.retried)).toBeTruthy();
    expect(api.callsTo(RETRY)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'No failed jobs' })).toBeTruthy();
    expect(api.callsTo(GET).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s message when the job was already handled, and refreshes', async () => {
    const api = mockApi({ [GET]: () => json(200, view()), [RETRY]: () => json(409, { message: JOB_MESSAGES.notFailed, code: 'CONFLICT' }) });
    const { user } = renderApp('/admin/jobs', { session: TEST_ADMIN });
    await user.click(within(await failedCard()).getByRole('button', { name: 'Retry job #7' }));
    expect(await screen.findByText(JOB_MESSAGES.notFailed)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(GET).length).toBeGreaterThanOrEqual(2));
    expect(within(await failedCard()).getByRole('button', { name: 'Retry job #7' })).toHaveProperty('disabled', false);
  });

  it('discards only after the confirmation', async () => {
    let answer = view();
    const api = mockApi({
      [GET]: () => json(200, answer),
      [DISCARD]: () => {
        answer = view({ failed: [], failedTotal: 0 });
        return json(200, { id: 7, message: JOB_MESSAGES.discarded });
      },
    });
    const { user } = renderApp('/admin/jobs', { session: TEST_ADMIN });
    await user.click(within(await failedCard()).getByRole('button', { name: 'Discard job #7' }));
    let dialog = screen.getByRole('dialog', { name: 'Discard job #7?' });
    expect(within(dialog).getByText(/will never run again\. It stays in the records/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(DISCARD)).toHaveLength(0);

    await user.click(within(await failedCard()).getByRole('button', { name: 'Discard job #7' }));
    dialog = screen.getByRole('dialog', { name: 'Discard job #7?' });
    expect(api.callsTo(DISCARD)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Discard job' }));
    expect(await screen.findByText(JOB_MESSAGES.discarded)).toBeTruthy();
    expect(api.callsTo(DISCARD)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'No failed jobs' })).toBeTruthy();
  });

  it('closes the confirmation with the server’s message when the job was already handled', async () => {
    const api = mockApi({ [GET]: () => json(200, view()), [DISCARD]: () => json(409, { message: JOB_MESSAGES.notFailed, code: 'CONFLICT' }) });
    const { user } = renderApp('/admin/jobs', { session: TEST_ADMIN });
    await user.click(within(await failedCard()).getByRole('button', { name: 'Discard job #7' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Discard job #7?' })).getByRole('button', { name: 'Discard job' }));
    expect(await screen.findByText(JOB_MESSAGES.notFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(GET).length).toBeGreaterThanOrEqual(2);
  });

  it('says when the queue is empty and nothing failed', async () => {
    mockApi({ [GET]: () => json(200, empty) });
    renderApp('/admin/jobs', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { level: 3, name: 'The queue is empty' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'No failed jobs' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the queue could not be loaded', async () => {
    let fail = true;
    mockApi({ [GET]: () => (fail ? json(500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }) : json(200, empty)) });
    const { user } = renderApp('/admin/jobs', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { name: 'The job queue could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The queue is empty' })).toBeTruthy();
  });
});
